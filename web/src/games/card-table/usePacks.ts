import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../../kit/api";
import { listPacks, type PackScope } from "./api";
import type { PackInfo } from "./wire";

export interface PacksState {
  packs: PackInfo[] | null;
  error: string | null;
  /** More packs others shared than shown so far. */
  more: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/** How many packs others shared to show at first, and with each "show more". */
export const SHARED_PAGE = 30;
/** Pages of one part read at most in one go (the server pages every listing). */
const MAX_PAGES = 10;

async function everyPage(scope: PackScope): Promise<PackInfo[]> {
  const out: PackInfo[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await listPacks(scope, cursor);
    out.push(...page.packs);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return out;
}

/** Shipped packs first, then this browser's own, then shared ones; each pack once. */
export function mergePacks(...parts: PackInfo[][]): PackInfo[] {
  const seen = new Set<string>();
  const out: PackInfo[] = [];
  for (const part of parts)
    for (const p of part) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  return out;
}

/**
 * The card packs this browser may use, for the pack picker: every shipped pack and every
 * one of its own (an owner keeps at most 50), and packs others shared a page at a time.
 */
export function usePacks(): PacksState {
  const [packs, setPacks] = useState<PackInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    Promise.all([everyPage("shipped"), everyPage("mine"), listPacks("shared", null, SHARED_PAGE)]).then(
      ([shipped, mine, shared]) => {
        if (!live.current) return;
        setPacks(mergePacks(shipped, mine, shared.packs));
        setCursor(shared.nextCursor);
      },
      (e: unknown) => {
        if (!live.current) return;
        setPacks([]);
        setError(errorText(e));
      },
    );
    return () => {
      live.current = false;
    };
  }, []);

  const loadMore = useCallback(() => {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    listPacks("shared", cursor, SHARED_PAGE).then(
      (page) => {
        if (!live.current) return;
        setPacks((now) => mergePacks(now ?? [], page.packs));
        setCursor(page.nextCursor);
        setLoadingMore(false);
      },
      (e: unknown) => {
        if (!live.current) return;
        setError(errorText(e));
        setLoadingMore(false);
      },
    );
  }, [cursor, loadingMore]);

  return { packs, error, more: cursor !== null, loadingMore, loadMore };
}
