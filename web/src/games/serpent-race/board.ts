import type { FieldType } from "./wire";

/**
 * The board as drawn: fields 1…N in rows that snake upwards (the first row left to right
 * from the bottom, the next right to left), as on the board games the race is named after;
 * position 0 is the start, below the board. The pattern zones run down the left edge.
 */

/** The board's sizes (the server's `BOARD_SIZE`): 100 by default (docs/games/serpent-race.md, Decisions D4). */
export const BOARD_SIZE = { min: 10, max: 200, default: 100 } as const;

/** The document's five pattern zones in order, with their modifiers. */
export const ZONES: readonly { modifier: number }[] = [
  { modifier: 2 },
  { modifier: -1 },
  { modifier: 1 },
  { modifier: -2 },
  { modifier: 3 },
];

/**
 * The zone (0-4) of a position on a board of `size` fields, as the server scales them: fifths
 * of the board (1-20, 21-40, … on 100 fields; 1-6, 7-12, … on 30), position 0 in the first.
 */
export function zoneOf(position: number, size: number): number {
  return Math.min(ZONES.length - 1, Math.max(0, Math.ceil((position * ZONES.length) / size) - 1));
}

/** The last field of each zone. */
const zoneEnds = (size: number): number[] => ZONES.map((_, k) => Math.floor(((k + 1) * size) / ZONES.length));

/** Row widths the board may use, best first: ten as on 100 fields, else near it. */
const WIDTHS = [10, 9, 8, 7, 6, 11, 12, 5];

/**
 * Fields per row: the first of WIDTHS whose rows each lie in one zone (100 fields: 10, two
 * rows a zone; 30: 6, a row a zone; 40: 8). A size no width splits so (36) has rows of ten,
 * some holding two zones.
 */
export function boardColumns(size: number): number {
  const ends = zoneEnds(size);
  return WIDTHS.find((w) => ends.every((e) => e % w === 0)) ?? 10;
}

/** Grid rows from the top, each a list of positions in screen order (left to right). */
export function boardRows(size: number): number[][] {
  const w = boardColumns(size);
  const rows: number[][] = [];
  for (let r = 0; r * w < size; r++) {
    const row: number[] = [];
    for (let c = 0; c < w && r * w + c < size; c++) row.push(r * w + c + 1);
    // Odd rows (from the bottom) run right to left, so the path never jumps across the board.
    rows.push(r % 2 === 1 ? row.reverse() : row);
  }
  return rows.reverse();
}

/**
 * The labels down the left edge: rows (from the top) grouped by the zones they hold. A zone
 * of whole rows is one band over them; a row shared by two zones gets a band of its own
 * naming both, highest first, as the board runs upwards.
 */
export interface ZoneBand {
  zones: number[];
  fromRow: number;
  rows: number;
}

export function zoneBands(size: number): ZoneBand[] {
  const bands: ZoneBand[] = [];
  boardRows(size).forEach((row, r) => {
    const zones = [...new Set(row.map((p) => zoneOf(p, size)))].sort((a, b) => b - a);
    const prev = bands.at(-1);
    if (prev && zones.length === 1 && prev.zones.length === 1 && prev.zones[0] === zones[0]) prev.rows++;
    else bands.push({ zones, fromRow: r, rows: 1 });
  });
  return bands;
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
