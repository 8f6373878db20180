import { useEffect, useState } from "react";
import { listPacks } from "./api";
import type { PackInfo } from "./wire";

export interface PacksState {
  packs: PackInfo[] | null;
  error: string | null;
}

/** The server's card packs, fetched once per page. */
export function usePacks(): PacksState {
  const [state, setState] = useState<PacksState>({ packs: null, error: null });
  useEffect(() => {
    let live = true;
    listPacks().then(
      (packs) => live && setState({ packs, error: null }),
      (e: unknown) => live && setState({ packs: [], error: e instanceof Error ? e.message : "Could not load packs." }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
