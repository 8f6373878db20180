import { type ZodType, z } from "zod";

/** Old name → new name, for a setting the engine renamed while clients still use the old one. */
export type Renames = Readonly<Record<string, string>>;

/**
 * `v` with its keys renamed (old → new) in their places, so it serialises in the same order.
 * An old key whose new name is there too is dropped: the new name wins. Anything but a
 * plain object comes back as it is (for the schema to refuse).
 */
export function renameKeys(v: unknown, renames: Renames): unknown {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
  const src = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(src)) {
    const to = Object.hasOwn(renames, k) ? renames[k] : undefined;
    if (to === undefined) out[k] = src[k];
    else if (!Object.hasOwn(src, to)) out[to] = src[k];
  }
  return out;
}

/** `schema`, taking the old names in `renames` too: they are renamed before it parses. */
export function withOldNames<T extends ZodType>(renames: Renames, schema: T) {
  return z.preprocess((v) => renameKeys(v, renames), schema);
}
