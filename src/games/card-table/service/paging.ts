import { z } from "zod";
import { ApiRefusal } from "../../../engine/module";

/**
 * Every listing of uploads is paged: `?limit=` (up to a maximum) and the `cursor` the
 * previous page gave as `nextCursor` (null on the last page). A listing reads its page and
 * no more, so its size is bounded whatever has been uploaded.
 */
export const PAGE_SIZES = {
  packs: { default: 50, max: 100 },
  definitions: { default: 20, max: 50 },
} as const;

/** Where a page ends: in the shipped part of a listing (listed first, in memory) or the stored part, after `id`. */
export interface Cursor {
  part: "shipped" | "stored";
  id: string;
}

export const encodeCursor = (c: Cursor) =>
  Buffer.from(`${c.part === "shipped" ? "s" : "u"}:${c.id}`).toString("base64url");

function decodeCursor(text: string): Cursor | null {
  const raw = Buffer.from(text, "base64url").toString("utf8");
  const m = /^([su]):(.{1,200})$/s.exec(raw);
  if (!m) return null;
  return { part: m[1] === "s" ? "shipped" : "stored", id: m[2]! };
}

/** Query parameters shared by paged listings, as the OpenAPI description shows them. */
export const pageParams = (size: { default: number; max: number }) => ({
  limit: z
    .string()
    .regex(/^\d+$/)
    .optional()
    .describe(`items on a page, 1 to ${size.max} (${size.default} by default)`),
  cursor: z.string().max(400).optional().describe("the previous page's nextCursor"),
});

/** The page a listing's query asks for, or `400 invalid_query` / `invalid_cursor`. */
export function pageOf(
  query: Record<string, string | undefined>,
  size: { default: number; max: number },
): { limit: number; cursor: Cursor | null } {
  let limit: number = size.default;
  if (query.limit !== undefined) {
    limit = /^\d{1,6}$/.test(query.limit) ? Number(query.limit) : Number.NaN;
    if (!(limit >= 1 && limit <= size.max))
      throw new ApiRefusal(400, "invalid_query", `limit is a whole number from 1 to ${size.max}.`);
  }
  if (query.cursor === undefined || query.cursor === "") return { limit, cursor: null };
  const cursor = query.cursor.length <= 400 ? decodeCursor(query.cursor) : null;
  if (!cursor) throw new ApiRefusal(400, "invalid_cursor", "cursor is not one a listing gave; start again without it.");
  return { limit, cursor };
}

/**
 * One page over a listing's two parts: the shipped items (few, in memory, first) then the
 * stored ones, read from `after` (exclusive) and at most `want + 1` of them.
 */
export async function pageOver<S, U>(opts: {
  limit: number;
  cursor: Cursor | null;
  shipped: { id: string; item: S }[];
  stored: ((after: string | null, want: number) => Promise<{ id: string; item: U }[]>) | null;
}): Promise<{ items: (S | U)[]; nextCursor: string | null }> {
  const { limit, cursor } = opts;
  const got: { part: Cursor["part"]; id: string; item: S | U }[] = [];
  if (cursor === null || cursor.part === "shipped") {
    let start = 0;
    if (cursor) {
      start = opts.shipped.findIndex((s) => s.id === cursor.id) + 1;
      if (start === 0)
        throw new ApiRefusal(400, "invalid_cursor", "cursor is not one a listing gave; start again without it.");
    }
    for (const s of opts.shipped.slice(start, start + limit + 1)) got.push({ part: "shipped", ...s });
  }
  if (opts.stored && got.length <= limit) {
    const after = cursor?.part === "stored" ? cursor.id : null;
    for (const u of await opts.stored(after, limit - got.length)) got.push({ part: "stored", ...u });
  }
  const page = got.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((g) => g.item),
    nextCursor: got.length > limit && last ? encodeCursor({ part: last.part, id: last.id }) : null,
  };
}
