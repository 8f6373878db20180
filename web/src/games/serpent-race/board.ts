import type { FieldType, FieldView, StateData } from "./wire";

/**
 * The board as drawn: fields 1…N in rows of ten that snake upwards (the first row left to
 * right from the bottom, the next right to left), as on the board games the race is named
 * after; position 0 is the start, below the board. Every two rows are one pattern zone.
 */

export const ROW = 10;

export function fieldAt(v: Pick<StateData, "boardData">, position: number): FieldView | null {
  return v.boardData?.fields[position - 1] ?? null;
}

/** Grid rows from the top, each a list of positions in screen order (left to right). */
export function boardRows(size: number): number[][] {
  const rows: number[][] = [];
  for (let r = 0; r * ROW < size; r++) {
    const row: number[] = [];
    for (let c = 0; c < ROW && r * ROW + c < size; c++) row.push(r * ROW + c + 1);
    // Odd rows (from the bottom) run right to left, so the path never jumps across the board.
    rows.push(r % 2 === 1 ? row.reverse() : row);
  }
  return rows.reverse();
}

/** The document's pattern zones (by absolute position) with their modifiers. */
export const ZONES: readonly { from: number; to: number; modifier: number }[] = [
  { from: 1, to: 20, modifier: 2 },
  { from: 21, to: 40, modifier: -1 },
  { from: 41, to: 60, modifier: 1 },
  { from: 61, to: 80, modifier: -2 },
  { from: 81, to: Number.POSITIVE_INFINITY, modifier: 3 },
];

export function zoneOf(position: number): number {
  const i = ZONES.findIndex((z) => position <= z.to);
  return i < 0 ? ZONES.length - 1 : i;
}

/** "+2", "−1": a modifier as people read it (a real minus sign). */
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/** The document's formula written out: "15 + 4 + 2 − 1 = 20". */
export function formula(c: { startPosition: number; diceRoll: number; stepValue: number; patternModifier: number }) {
  const m = c.patternModifier;
  return `${c.startPosition} + ${c.diceRoll} + ${c.stepValue} ${m < 0 ? "−" : "+"} ${Math.abs(m)}`;
}

export const FIELD_LABEL: Record<FieldType, string> = {
  regular: "Plain field",
  positive: "Reward field",
  negative: "Penalty field",
  luck: "Luck field",
};

/** Drawn on each field beside its colour, so the type reads without colour vision too. */
export const FIELD_MARK: Record<FieldType, string> = {
  regular: "",
  positive: "+",
  negative: "−",
  luck: "★",
};

/** Token colours: strong, told apart by most colour-blind eyes in pairs, white text on each. */
export const TOKEN_COLOURS = [
  "#1d4ed8",
  "#b91c1c",
  "#047857",
  "#7c3aed",
  "#c2410c",
  "#0e7490",
  "#be185d",
  "#4d7c0f",
  "#334155",
  "#92400e",
] as const;

/** A player's colour by seat ("P3" is the third colour): the same on every screen, whoever leaves. */
export function tokenColour(players: readonly { playerId: string }[], playerId: string): string {
  const seat = /^P(\d+)$/.exec(playerId);
  const i = seat
    ? Number(seat[1]) - 1
    : Math.max(
        0,
        players.findIndex((p) => p.playerId === playerId),
      );
  return TOKEN_COLOURS[i % TOKEN_COLOURS.length]!;
}

/** Initials for a token too small for a name: "Ada Lovelace" → "AL", "bob" → "B". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const letters = parts.length === 1 ? [...parts[0]!].slice(0, 1) : [[...parts[0]!][0], [...parts.at(-1)!][0]];
  return letters.join("").toUpperCase();
}
