import type { CardPack } from "./content/schema";

/**
 * Small packs for tests, valid against the content schema. Prompt texts carry the
 * pick in their id so tests can arrange which prompt is drawn.
 */
export function whiteCards(n: number, prefix = "w"): CardPack["cards"][string] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-${String(i + 1).padStart(3, "0")}`,
    type: "white",
    properties: { text: `Answer ${prefix} ${i + 1}` },
  }));
}

export function blackCard(id: string, pick: 1 | 2 | 3, blanks: number = pick): CardPack["cards"][string][number] {
  const text =
    blanks === 0 ? `Question ${id}?` : `Prompt ${id}: ${Array.from({ length: blanks }, () => "_____").join(" and ")}.`;
  return { id, type: "black", properties: { text, pick, blanks } };
}

export function testPack(opts: { id?: string; whites?: number; blacks?: number; pick?: 1 | 2 | 3 } = {}): CardPack {
  const id = opts.id ?? "test";
  return {
    id,
    name: `Test pack ${id}`,
    official: false,
    cards: {
      white: whiteCards(opts.whites ?? 60, `${id}-w`),
      black: Array.from({ length: opts.blacks ?? 20 }, (_, i) => blackCard(`${id}-b-${i + 1}`, opts.pick ?? 1)),
    },
  };
}

/** A pack for the sandbox definition ("card" deck). */
export function sandboxPack(n = 30): CardPack {
  return {
    id: "numbers",
    name: "Numbers",
    official: false,
    cards: {
      card: Array.from({ length: n }, (_, i) => ({
        id: `n-${i + 1}`,
        type: "card",
        properties: { value: i + 1, text: String(i + 1) },
      })),
    },
  };
}
