import { z } from "zod";
import { BLACK, BLANK, type Card, CardPack, countBlanks, PackId, SHIPPED_ID, WHITE } from "./schema";

/**
 * Import and export of the community CAH JSON format, in its two common shapes:
 *
 * - compact: `{ white: string[], black: {text, pick}[], packs: [{ name, official?, description?, white: number[], black: number[] }] }`,
 *   where packs list indexes into the shared top-level card arrays;
 * - full: `[{ name, official?, description?, white: [{text, pack?}], black: [{text, pick, pack?}] }]`, one entry per pack.
 *
 * Ids are regenerated deterministically on import:
 * - a pack keeps an `id` it carries (our exporter writes one) when that id is valid and not yet taken;
 *   otherwise it gets a slug of its name ("Base Pack" → `base-pack`, empty → `pack`);
 *   a taken id gets `-2`, `-3`, … in file order;
 * - cards are numbered per pack and deck in file order: `<packId>-w-001`, `<packId>-b-001`, …
 *   (three digits at least, more when a deck passes 999).
 * Our shipped packs follow the same numbering, so export followed by import gives them back unchanged.
 */

/** Longest card text accepted on import; real prompts are well under this. */
export const MAX_TEXT_LENGTH = 500;
/** Most cards one import may produce, so a pasted file cannot swamp a room. */
export const MAX_IMPORT_CARDS = 100_000;
/** Most packs one import may hold. */
export const MAX_IMPORT_PACKS = 1_000;

export type CahImportErrorCode =
  /** The text is not JSON. */
  | "invalid_json"
  /** The JSON is neither community form, or a field has the wrong type. */
  | "invalid_format"
  /** A compact pack lists a card index that is not in the top-level arrays. */
  | "bad_card_index"
  /** A card is unusable: empty or overlong text, pick outside 1–3, or fewer picks than blanks. */
  | "bad_card"
  /** The input holds no packs at all. */
  | "no_packs"
  /** Over the pack or card limits above. */
  | "too_large";

export interface CahImportError {
  code: CahImportErrorCode;
  message: string;
  /** Where in the input the problem is, e.g. `["packs", 2, "black", 7]`. */
  path?: (string | number)[];
}

/** A card left out in `onBadCard: "skip"` mode, with the error it would have raised. */
export interface SkippedCard {
  pack: string;
  deck: typeof WHITE | typeof BLACK;
  error: CahImportError;
}

export type CahImportResult =
  | { ok: true; form: CahForm; packs: CardPack[]; skipped: SkippedCard[] }
  | { ok: false; error: CahImportError };

export type CahForm = "compact" | "full";

export interface CahImportOptions {
  /**
   * "error" (default) fails the whole import on the first bad card or card index;
   * "skip" leaves those cards out and lists them in `skipped`.
   */
  onBadCard?: "error" | "skip";
}

// ---- the community shapes -------------------------------------------------------------------

/** Pack metadata shared by both forms. `id` is ours (community tools ignore unknown keys). */
const PackMeta = {
  id: z.string().optional(),
  name: z.string().trim().min(1, "a pack needs a name"),
  official: z.boolean().optional(),
  description: z.string().nullable().optional(),
};

const CompactBlack = z.looseObject({ text: z.string(), pick: z.number().optional() });
const CompactPack = z.looseObject({
  ...PackMeta,
  white: z.array(z.number()).default([]),
  black: z.array(z.number()).default([]),
});
export const CahCompactSchema = z.looseObject({
  white: z.array(z.string()).default([]),
  black: z.array(CompactBlack).default([]),
  // Some dumps key packs by an abbreviation instead of listing them; the keys carry no meaning here.
  packs: z.union([z.array(CompactPack), z.record(z.string(), CompactPack)]),
});

const FullWhite = z.looseObject({ text: z.string(), pack: z.number().optional() });
const FullBlack = z.looseObject({ text: z.string(), pick: z.number().optional(), pack: z.number().optional() });
const FullPack = z.looseObject({
  ...PackMeta,
  white: z.array(FullWhite).default([]),
  black: z.array(FullBlack).default([]),
});
export const CahFullSchema = z.array(FullPack);

/** What the exporter writes: the compact form. */
export interface CahCompact {
  white: string[];
  black: { text: string; pick: number }[];
  packs: { id?: string; name: string; official: boolean; description?: string; white: number[]; black: number[] }[];
}

/** What the exporter writes: one entry of the full form. */
export interface CahFullPack {
  id?: string;
  name: string;
  official: boolean;
  description?: string;
  white: { text: string; pack: number }[];
  black: { text: string; pick: number; pack: number }[];
}

// ---- import ----------------------------------------------------------------------------------

/** A pack before ids are assigned: cards as raw community entries plus where each came from. */
interface RawPack {
  id: string | undefined;
  name: string;
  official: boolean;
  description: string | undefined;
  white: RawCard[];
  black: RawCard[];
}

/** One community card entry; `read` throws an ImportFailure when the entry cannot be reached (bad index). */
interface RawCard {
  path: (string | number)[];
  read: () => { text: unknown; pick?: unknown };
}

class ImportFailure extends Error {
  constructor(readonly detail: CahImportError) {
    super(detail.message);
  }
}

function fail(code: CahImportErrorCode, message: string, path?: (string | number)[]): never {
  throw new ImportFailure(path ? { code, message, path } : { code, message });
}

/** Parse community CAH JSON text, then import it. */
export function importCahText(text: string, options: CahImportOptions = {}): CahImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: { code: "invalid_json", message: `not valid JSON: ${(err as Error).message}` } };
  }
  return importCah(data, options);
}

/** Import already-parsed community CAH JSON in either form (detected from its shape) into our packs. */
export function importCah(data: unknown, options: CahImportOptions = {}): CahImportResult {
  try {
    const form = detectForm(data);
    const raw = form === "compact" ? readCompact(data) : readFull(Array.isArray(data) ? data : [data]);
    if (raw.length === 0) fail("no_packs", "the input holds no packs");
    if (raw.length > MAX_IMPORT_PACKS)
      fail("too_large", `${raw.length} packs is over the limit of ${MAX_IMPORT_PACKS}`);
    const total = raw.reduce((n, p) => n + p.white.length + p.black.length, 0);
    if (total > MAX_IMPORT_CARDS) fail("too_large", `${total} cards is over the limit of ${MAX_IMPORT_CARDS}`);
    const skipped: SkippedCard[] = [];
    const packs = buildPacks(raw, options.onBadCard ?? "error", skipped);
    return { ok: true, form, packs, skipped };
  } catch (err) {
    if (err instanceof ImportFailure) return { ok: false, error: err.detail };
    throw err;
  }
}

/** Compact form is an object with `packs`; full form is an array of packs (or one bare pack object). */
export function detectForm(data: unknown): CahForm {
  if (Array.isArray(data)) return "full";
  if (typeof data === "object" && data !== null) {
    if ("packs" in data) return "compact";
    if ("name" in data && ("white" in data || "black" in data)) return "full";
  }
  return fail(
    "invalid_format",
    "expected the compact form ({ white, black, packs }) or the full form (an array of { name, white, black })",
  );
}

function zodFailure(error: z.ZodError, prefix: (string | number)[] = []): never {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? []).map((p) => (typeof p === "number" ? p : String(p)))];
  const where = path.length ? ` at ${path.join(".")}` : "";
  return fail("invalid_format", `${issue?.message ?? "invalid input"}${where}`, path);
}

function meta(p: {
  id?: string | undefined;
  name: string;
  official?: boolean | undefined;
  description?: string | null;
}) {
  return {
    id: p.id,
    name: p.name.trim(),
    official: p.official ?? false,
    description: p.description?.trim() || undefined,
  };
}

function readCompact(data: unknown): RawPack[] {
  const parsed = CahCompactSchema.safeParse(data);
  if (!parsed.success) zodFailure(parsed.error);
  const { white, black } = parsed.data;
  const packs = Array.isArray(parsed.data.packs) ? parsed.data.packs : Object.values(parsed.data.packs);
  return packs.map((p, pi) => ({
    ...meta(p),
    white: p.white.map((index, ci) => {
      const path = ["packs", pi, "white", ci];
      return { path, read: () => ({ text: white[checkIndex(index, white.length, path)] }) };
    }),
    black: p.black.map((index, ci) => {
      const path = ["packs", pi, "black", ci];
      return { path, read: () => black[checkIndex(index, black.length, path)] ?? { text: undefined } };
    }),
  }));
}

function checkIndex(index: number, length: number, path: (string | number)[]): number {
  if (!Number.isInteger(index) || index < 0 || index >= length) {
    fail("bad_card_index", `card index ${index} is not in the top-level list of ${length}`, path);
  }
  return index;
}

function readFull(data: unknown[]): RawPack[] {
  const parsed = CahFullSchema.safeParse(data);
  if (!parsed.success) zodFailure(parsed.error);
  return parsed.data.map((p, pi) => ({
    ...meta(p),
    white: p.white.map((c, ci) => ({ path: [pi, "white", ci], read: () => c })),
    black: p.black.map((c, ci) => ({ path: [pi, "black", ci], read: () => c })),
  }));
}

/** Any run of underscores is a community blank; ours is exactly five. */
export function normalizePromptText(text: string): string {
  return text.trim().replace(/_+/g, BLANK);
}

function cardText(text: unknown, path: (string | number)[]): string {
  const t = typeof text === "string" ? text.trim() : "";
  if (t.length === 0) fail("bad_card", "card text is empty", path);
  if (t.length > MAX_TEXT_LENGTH) fail("bad_card", `card text is over ${MAX_TEXT_LENGTH} characters`, path);
  return t;
}

function blackProperties(text: unknown, pick: unknown, path: (string | number)[]) {
  const normalized = normalizePromptText(cardText(text, path));
  const blanks = countBlanks(normalized);
  // A missing pick means one answer per blank, and one for a plain question.
  const p = pick ?? Math.max(1, blanks);
  if (typeof p !== "number" || !Number.isInteger(p) || p < 1 || p > 3) {
    fail("bad_card", `pick must be a whole number from 1 to 3, got ${String(p)}`, path);
  }
  if (blanks > p) fail("bad_card", `the prompt has ${blanks} blanks but pick is only ${p}`, path);
  return { text: normalized, pick: p, blanks };
}

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return slug || "pack";
}

export function cardId(packId: string, deck: typeof WHITE | typeof BLACK, n: number): string {
  return `${packId}-${deck === WHITE ? "w" : "b"}-${String(n).padStart(3, "0")}`;
}

function buildPacks(raw: RawPack[], onBadCard: "error" | "skip", skipped: SkippedCard[]): CardPack[] {
  const taken = new Set<string>();
  return raw.map((p) => {
    // A carried id is kept when it is already a slug (card ids are built from it), else made from the name.
    const base =
      p.id && SHIPPED_ID.test(p.id) && PackId.safeParse(p.id).success && !taken.has(p.id) ? p.id : slugify(p.name);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);

    /** Run one card through `make`; on a bad card either rethrow or record the skip. */
    const keep = <T>(deck: typeof WHITE | typeof BLACK, make: () => T): T[] => {
      try {
        return [make()];
      } catch (err) {
        if (onBadCard === "skip" && err instanceof ImportFailure) {
          skipped.push({ pack: id, deck, error: err.detail });
          return [];
        }
        throw err;
      }
    };
    const whiteProps = p.white.flatMap((c) => keep(WHITE, () => ({ text: cardText(c.read().text, c.path) })));
    const blackProps = p.black.flatMap((c) =>
      keep(BLACK, () => {
        const entry = c.read();
        return blackProperties(entry.text, entry.pick, c.path);
      }),
    );
    const white: Card[] = whiteProps.map((properties, i) => ({
      id: cardId(id, WHITE, i + 1),
      type: WHITE,
      properties,
    }));
    const black: Card[] = blackProps.map((properties, i) => ({
      id: cardId(id, BLACK, i + 1),
      type: BLACK,
      properties,
    }));

    const pack: CardPack = {
      id,
      name: p.name,
      ...(p.description ? { description: p.description } : {}),
      official: p.official,
      cards: { [WHITE]: white, [BLACK]: black },
    };
    // The checks above should make every built pack valid; this keeps the importer honest if they drift.
    const checked = CardPack.safeParse(pack);
    if (!checked.success) zodFailure(checked.error, [id]);
    return pack;
  });
}

// ---- export ----------------------------------------------------------------------------------

export interface CahExportOptions {
  /** Write each pack's `id` so a later import keeps it (default true). Community tools ignore the extra key. */
  includeIds?: boolean;
}

function textOf(card: Card): string {
  return card.properties.text ?? "";
}

function pickOf(card: Card): number {
  return card.properties.pick ?? Math.max(1, card.properties.blanks ?? 0);
}

function exportMeta(pack: CardPack, includeIds: boolean) {
  return {
    ...(includeIds ? { id: pack.id } : {}),
    name: pack.name,
    official: pack.official,
    ...(pack.description ? { description: pack.description } : {}),
  };
}

/**
 * The compact form. Card texts are shared: a white text (or a black text with the same pick)
 * that appears in several packs is stored once and referenced by each. Only the `white` and
 * `black` decks are written, and only their text and pick; other properties have no place in
 * the community format.
 */
export function exportCahCompact(packs: readonly CardPack[], options: CahExportOptions = {}): CahCompact {
  const includeIds = options.includeIds ?? true;
  const out: CahCompact = { white: [], black: [], packs: [] };
  const whiteIndex = new Map<string, number>();
  const blackIndex = new Map<string, number>();
  for (const pack of packs) {
    const white = (pack.cards[WHITE] ?? []).map((card) => {
      const text = textOf(card);
      let i = whiteIndex.get(text);
      if (i === undefined) {
        i = out.white.push(text) - 1;
        whiteIndex.set(text, i);
      }
      return i;
    });
    const black = (pack.cards[BLACK] ?? []).map((card) => {
      const entry = { text: textOf(card), pick: pickOf(card) };
      const key = JSON.stringify(entry);
      let i = blackIndex.get(key);
      if (i === undefined) {
        i = out.black.push(entry) - 1;
        blackIndex.set(key, i);
      }
      return i;
    });
    out.packs.push({ ...exportMeta(pack, includeIds), white, black });
  }
  return out;
}

/** The full form: one entry per pack, each card tagged with its pack's position in the list. */
export function exportCahFull(packs: readonly CardPack[], options: CahExportOptions = {}): CahFullPack[] {
  const includeIds = options.includeIds ?? true;
  return packs.map((pack, pi) => ({
    ...exportMeta(pack, includeIds),
    white: (pack.cards[WHITE] ?? []).map((card) => ({ text: textOf(card), pack: pi })),
    black: (pack.cards[BLACK] ?? []).map((card) => ({ text: textOf(card), pick: pickOf(card), pack: pi })),
  }));
}

/** Either form, by name. */
export function exportCah(packs: readonly CardPack[], form: CahForm, options: CahExportOptions = {}) {
  return form === "compact" ? exportCahCompact(packs, options) : exportCahFull(packs, options);
}
