import type { CardPack as ServerCardPack } from "../../../../src/games/card-table/content/schema";

export type CardPack = ServerCardPack;

/** The Sandbox Table's definition (a second game from JSON alone, shipped with the server). */
export const SANDBOX = "dice-sandbox";
export const SANDBOX_PACK = "sandbox-numbers";

/**
 * The Sandbox Table deals "card" cards, and no shipped pack has any: a table made from
 * this page brings a plain numbered deck with it (an inline pack, as an import would).
 */
export function sandboxPack(n = 40): CardPack {
  return {
    id: SANDBOX_PACK,
    name: "Numbers",
    description: "Cards numbered 1 to 40, for the Sandbox Table.",
    official: false,
    cards: {
      card: Array.from({ length: n }, (_, i) => ({
        id: `${SANDBOX_PACK}-${i + 1}`,
        type: "card",
        properties: { value: i + 1, text: String(i + 1) },
      })),
    },
  };
}
