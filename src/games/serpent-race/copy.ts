import type { SerpentState } from "./state";

/**
 * The copy an input or a timer is applied to, so the caller's state is never touched. The
 * cards and the board never change once made, so every copy shares them; the rest is small
 * and cloned whole.
 */
export function workingCopy(s: SerpentState): SerpentState {
  const { board, cards, ...rest } = s;
  return { ...structuredClone(rest), board, cards };
}
