/**
 * The link that hands a seat over (docs/games/card-table.md, Decisions D19): the table's page
 * with the one-time code after `#handover=`. A fragment never reaches the server's logs.
 */
const KEY = "handover";

export function handoverLink(origin: string, roomId: string, code: string): string {
  return `${origin}/cards/${encodeURIComponent(roomId)}#${KEY}=${encodeURIComponent(code)}`;
}

/** The code a page's fragment carries, if any. */
export function handoverIn(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, "")).get(KEY);
  return code && code.trim() !== "" ? code : null;
}
