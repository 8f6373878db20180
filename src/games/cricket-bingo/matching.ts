/**
 * Solvability (docs/games/cricket-bingo.md, Decisions D2): a daily grid is solvable when
 * the daily deck holds a distinct player for every cell. That is a complete matching of
 * the cells into the cards in the bipartite graph "card fits cell", found here with
 * Hopcroft–Karp in O(E·√V) rather than by the document's exponential backtracking (kept
 * below for the benchmark and the tests).
 */

/**
 * A maximum matching. `candidates[i]` lists the right-hand vertices (cards, 0..rightCount-1)
 * that left vertex i (a cell) accepts. Returns the size and, per left vertex, its card or -1.
 */
export function maximumMatching(
  candidates: readonly (readonly number[])[],
  rightCount: number,
): { size: number; matchOfLeft: number[] } {
  const n = candidates.length;
  const matchOfLeft = new Array<number>(n).fill(-1);
  const matchOfRight = new Array<number>(rightCount).fill(-1);
  const dist = new Array<number>(n).fill(0);
  let size = 0;

  // Layers the free left vertices at 0 and walks alternating paths; true if a free card is reachable.
  const bfs = (): boolean => {
    const queue: number[] = [];
    for (let u = 0; u < n; u++) {
      if (matchOfLeft[u] === -1) {
        dist[u] = 0;
        queue.push(u);
      } else dist[u] = Number.POSITIVE_INFINITY;
    }
    let found = false;
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head]!;
      for (const v of candidates[u]!) {
        const w = matchOfRight[v]!;
        if (w === -1) found = true;
        else if (dist[w] === Number.POSITIVE_INFINITY) {
          dist[w] = dist[u]! + 1;
          queue.push(w);
        }
      }
    }
    return found;
  };

  // Augments along a shortest alternating path from u, if one remains in this phase.
  const dfs = (u: number): boolean => {
    for (const v of candidates[u]!) {
      const w = matchOfRight[v]!;
      if (w === -1 || (dist[w] === dist[u]! + 1 && dfs(w))) {
        matchOfLeft[u] = v;
        matchOfRight[v] = u;
        return true;
      }
    }
    dist[u] = Number.POSITIVE_INFINITY;
    return false;
  };

  while (bfs()) {
    for (let u = 0; u < n; u++) if (matchOfLeft[u] === -1 && dfs(u)) size++;
  }
  return { size, matchOfLeft };
}

/** True when every left vertex (cell) can have its own right vertex (card). */
export function hasCompleteMatching(candidates: readonly (readonly number[])[], rightCount: number): boolean {
  if (candidates.some((c) => c.length === 0)) return false;
  return maximumMatching(candidates, rightCount).size === candidates.length;
}

/** The outcome of the document's checker: solvable, not, or out of its step budget. */
export type BacktrackResult = { solvable: boolean; steps: number } | { solvable: "gave_up"; steps: number };

/**
 * The document's solvability checker, as written: cells in order, players in deck order, each
 * unused player who fits is tried and undone on failure. Exponential on unsolvable grids,
 * so it stops after `budget` candidate tests and says so.
 */
export function backtrackSolvable<P extends { id: string }, C>(
  grid: readonly C[],
  deck: readonly P[],
  fits: (player: P, cell: C) => boolean,
  budget = Number.POSITIVE_INFINITY,
): BacktrackResult {
  const used = new Set<string>();
  let steps = 0;
  let gaveUp = false;
  const backtrack = (cellIndex: number): boolean => {
    if (cellIndex === grid.length) return true;
    const cell = grid[cellIndex]!;
    for (const player of deck) {
      if (++steps > budget) {
        gaveUp = true;
        return false;
      }
      if (!used.has(player.id) && fits(player, cell)) {
        used.add(player.id);
        if (backtrack(cellIndex + 1)) return true;
        used.delete(player.id);
        if (gaveUp) return false;
      }
    }
    return false;
  };
  const solvable = backtrack(0);
  return gaveUp ? { solvable: "gave_up", steps } : { solvable, steps };
}
