import { PACK_LIMITS } from "../../src/games/card-table/service/limits";

/** A Card Table pack as large as the upload limits allow: the most cards, each text long enough to fill the byte limit. */
export function biggestPack(n: number) {
  const cards = PACK_LIMITS.packCards;
  const perCard = Math.floor(PACK_LIMITS.packBytes / cards) - 80;
  const white = Array.from({ length: cards - 1 }, (_, i) => ({
    id: `big${n}-w-${i}`,
    type: "white",
    properties: { text: `${`Answer ${i} of pack ${n}, ${"padded ".repeat(60)}`.slice(0, perCard).trimEnd()}.` },
  }));
  const black = [{ id: `big${n}-b-1`, type: "black", properties: { text: "Why _____?", pick: 1, blanks: 1 } }];
  return { id: `big-${n}`, name: `Big ${n}`, official: false, cards: { white, black } };
}

/** A REST call as `owner` (the X-Parlor-Owner key the web client keeps). */
export async function callAs(url: string, owner: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-parlor-owner": owner },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}
