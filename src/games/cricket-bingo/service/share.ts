import type { GameState } from "../state";

/**
 * The spoiler-free share text: the grid as squares (green for a placed card, gold for a
 * wildcard, red for a cell a wrong card was tried on and left empty, white for the rest),
 * then the score, the best streak and the date. No player and no category is named.
 */
export function shareText(s: GameState, bestStreak: number): string {
  const tried = new Set(s.history.filter((h) => h.wasValid === false && h.targetCell).map((h) => h.targetCell!));
  const rows: string[] = [];
  for (let r = 0; r < s.gridSize; r++) {
    let row = "";
    for (let c = 0; c < s.gridSize; c++) {
      const cell = s.grid[r * s.gridSize + c]!;
      const placed = s.placements[cell.id];
      row += placed ? (placed.by === "wildcard" ? "🟨" : "🟩") : tried.has(cell.id) ? "🟥" : "⬜";
    }
    rows.push(row);
  }
  const result = s.status === "won" ? "Bingo!" : s.status === "lost" ? "No bingo" : "In progress";
  const mode = s.mode === "assisted" ? " (assisted)" : "";
  return [
    `Cricket Bingo ${s.date} · ${s.gridSize}×${s.gridSize}${mode}`,
    `${result} · ${s.score} points · best streak ${bestStreak}`,
    ...rows,
  ].join("\n");
}

/** The longest run of successful placements in a game, from its history. */
export function bestStreak(s: GameState): number {
  let best = 0;
  let run = 0;
  for (const h of s.history) {
    if (h.action === "skipped" || h.wasValid === false) run = 0;
    else best = Math.max(best, ++run);
  }
  return best;
}
