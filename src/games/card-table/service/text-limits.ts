import { ApiRefusal } from "../../../engine/module";

/**
 * The longest text each field of an upload may hold (packs, imports, definitions, and what
 * is sent with a new table), by the field's name. Every other string, and every object key
 * (deck names, extra card properties such as a watermark), has a short limit too: nothing an
 * upload stores is unbounded, so a listing of names stays small whatever was uploaded.
 */
export const TEXT_LIMITS = {
  /** A pack's or definition's name, a slot's, a phase's, a variant's. */
  name: 100,
  description: 500,
  /** A card's text (the card schema's own limit). */
  text: 500,
  /** A card's or die face's picture, as a URL. */
  image: 2048,
  /** Card ids (pack and definition ids have their schemas' own, shorter limits). */
  id: 200,
  /** Any other string: labels, display names, card types, extra card properties. */
  other: 200,
  /** Object keys: deck ids, card properties. */
  key: 64,
  /** Objects and lists inside one another (card properties are flat). */
  depth: 12,
  /** The same in a game definition, whose rules nest expressions (docs/card-table/definitions.md; each expression is also held to its own depth). */
  definitionDepth: 40,
} as const;

const BY_FIELD: Record<string, number> = {
  name: TEXT_LIMITS.name,
  description: TEXT_LIMITS.description,
  text: TEXT_LIMITS.text,
  image: TEXT_LIMITS.image,
  id: TEXT_LIMITS.id,
};

export interface TextProblem {
  /** Where the text is, e.g. `["cards", "white", 3, "properties", "watermark"]`. */
  path: (string | number)[];
  length: number;
  limit: number;
  /** The overlong text is an object key (the path ends at its object); or values nest too deep there. */
  key?: true;
  depth?: true;
}

/** The first string (or object key) in `value` longer than its field allows, or null. */
export function overlongText(
  value: unknown,
  path: (string | number)[] = [],
  maxDepth: number = TEXT_LIMITS.depth,
): TextProblem | null {
  if (path.length > maxDepth && value && typeof value === "object")
    return { path, length: path.length, limit: maxDepth, depth: true };
  if (typeof value === "string") {
    const field = [...path].reverse().find((p) => typeof p === "string");
    const limit = (field !== undefined ? BY_FIELD[field] : undefined) ?? TEXT_LIMITS.other;
    return value.length > limit ? { path, length: value.length, limit } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = overlongText(value[i], [...path, i], maxDepth);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k.length > TEXT_LIMITS.key) return { path, length: k.length, limit: TEXT_LIMITS.key, key: true };
      const found = overlongText(v, [...path, k], maxDepth);
      if (found) return found;
    }
  }
  return null;
}

const where = (path: (string | number)[]) =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${p}` : p)).join("");

/** The problem as a sentence: in what, which field, how long it is, how long it may be. */
export function describeOverlong(p: TextProblem, what: string): string {
  const at = where(p.path);
  if (p.depth) return `Nested too deeply in ${what}: ${at} is inside ${p.length} objects or lists; at most ${p.limit}.`;
  const field = p.key ? (at ? `a key in ${at}` : "a key") : at || "the text";
  return `Text too long in ${what}: ${field} has ${p.length.toLocaleString("en")} characters; at most ${p.limit.toLocaleString("en")}.`;
}

/** Refuse an upload with any text over its limit (`400 text_too_long`, or `nested_too_deep`), naming the field. */
export function refuseOverlong(value: unknown, what: string, maxDepth: number = TEXT_LIMITS.depth): void {
  const p = overlongText(value, [], maxDepth);
  if (p) throw new ApiRefusal(400, p.depth ? "nested_too_deep" : "text_too_long", describeOverlong(p, what));
}
