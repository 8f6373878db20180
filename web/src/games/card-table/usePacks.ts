import { useEffect, useState } from "react";
import { errorText } from "../../kit/api";
import { listPacks } from "./api";
import type { PackInfo } from "./wire";

export interface PacksState {
  packs: PackInfo[] | null;
  error: string | null;
}

/** The card packs this browser may use (shipped, shared, its own), fetched once per page. */
export function usePacks(): PacksState {
  const [state, setState] = useState<PacksState>({ packs: null, error: null });
  useEffect(() => {
    let live = true;
    listPacks().then(
      (packs) => live && setState({ packs, error: null }),
      (e: unknown) => live && setState({ packs: [], error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
