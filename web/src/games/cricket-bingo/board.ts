import type { BingoView, Card, GridCategory, TurnResult } from "./wire";

/** Arrow-key movement over a size×size grid, stopping at the edges (no wrap, like a spreadsheet). */
export function moveCursor(index: number, key: string, size: number): number {
  const row = Math.floor(index / size);
  const col = index % size;
  switch (key) {
    case "ArrowUp":
      return row > 0 ? index - size : index;
    case "ArrowDown":
      return row < size - 1 ? index + size : index;
    case "ArrowLeft":
      return col > 0 ? index - 1 : index;
    case "ArrowRight":
      return col < size - 1 ? index + 1 : index;
    case "Home":
      return row * size;
    case "End":
      return row * size + size - 1;
    default:
      return index;
  }
}

/** The win line as a stroke from the centre of its first cell to the centre of its last, in cell units. */
export function lineGeometry(cells: number[], size: number): { x1: number; y1: number; x2: number; y2: number } | null {
  const first = cells[0];
  const last = cells[cells.length - 1];
  if (first === undefined || last === undefined) return null;
  const at = (i: number) => ({ x: (i % size) + 0.5, y: Math.floor(i / size) + 0.5 });
  const a = at(first);
  const b = at(last);
  return { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
}

/** The longest run of successful placements (wildcards count), as the share text works it out. */
export function bestStreak(s: BingoView): number {
  let best = 0;
  let run = 0;
  for (const h of s.history) {
    if (h.action === "skipped" || h.wasValid === false) run = 0;
    else best = Math.max(best, ++run);
  }
  return best;
}

/** Cells a wrong card was tried on (and that are still empty): the share grid's red squares. */
export function triedCells(s: BingoView): Set<string> {
  return new Set(
    s.history
      .filter((h) => h.wasValid === false && h.targetCell && !s.placements[h.targetCell])
      .map((h) => h.targetCell!),
  );
}

export const cellName = (c: GridCategory): string => c.label;

/** What just happened, in a sentence, for the line under the card (and screen readers). */
export function turnSentence(card: Card | null, cell: GridCategory | undefined, r: TurnResult): string {
  const who = card?.name ?? "That card";
  const where = cell ? cell.label : "that cell";
  let text: string;
  if (r.action === "skipped") text = `Skipped ${who}: one life spent.`;
  else if (r.action === "wildcard") text = `Wildcard: ${who} fills ${where}. +${r.scoreDelta}`;
  else if (r.wasValid) text = `${who} fits ${where}. +${r.scoreDelta - (r.winLine ? 500 : 0)}`;
  else text = `${who} does not fit ${where}: one life lost.`;
  if (r.winLine) text += " Bingo! +500";
  else if (r.status === "lost") text += " Game over.";
  return text;
}

export const formatScore = (n: number): string => n.toLocaleString("en-GB");

/** The icon a cell shows: a combo shows both of its criteria's icons. */
export const cellIcon = (c: GridCategory): string => (c.comboIcons?.length ? c.comboIcons.join("") : c.icon);
