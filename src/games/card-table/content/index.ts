import { z } from "zod";
import { type ContentSet, check, findings, readJsonDir } from "../../../engine/content";
import { cardId } from "./cah-format";
import { deniedWordsIn } from "./denylist";
import { BLACK, BLANK, CahPack, type Card, type CardPack, countBlanks, malformedBlanks, WHITE } from "./schema";

export const PACKS_AS_OF = "2026-11-25";
export const BASE_PACK_ID = "base";

export interface PackFile {
  file: string;
  data: unknown;
}

/** The raw JSON of every `packs/*.json`, base pack first, then by file name. */
export function readPackFiles(): PackFile[] {
  const files = readJsonDir(new URL("./packs/", import.meta.url)).map(({ file, json }) => ({ file, data: json }));
  const base = `${BASE_PACK_ID}.json`;
  return [...files.filter((f) => f.file === base), ...files.filter((f) => f.file !== base)];
}

let cache: CardPack[] | null = null;

/** The shipped packs, validated; throws naming the file if one is malformed. */
export function loadPacks(): CardPack[] {
  if (cache) return cache;
  cache = readPackFiles().map(({ file, data }) => {
    const parsed = CahPack.safeParse(data);
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues[0]?.message ?? "invalid pack"}`);
    return parsed.data;
  });
  return cache;
}

export function packById(id: string): CardPack | undefined {
  return loadPacks().find((p) => p.id === id);
}

function deck(pack: CardPack, type: string): Card[] {
  return pack.cards[type] ?? [];
}

function text(card: Card): string {
  return typeof card.properties.text === "string" ? card.properties.text : "";
}

/** Case, spacing and punctuation do not make two cards different. */
function sameTextKey(t: string): string {
  return t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function packStats(packs: CardPack[]) {
  const base = packs.find((p) => p.id === BASE_PACK_ID);
  const expansions = packs.filter((p) => p.id !== BASE_PACK_ID);
  const picks = (n: number) => (base ? deck(base, BLACK).filter((c) => c.properties.pick === n).length : 0);
  const smallest = (type: string) => (expansions.length ? Math.min(...expansions.map((p) => deck(p, type).length)) : 0);
  return {
    baseWhite: base ? deck(base, WHITE).length : 0,
    baseBlack: base ? deck(base, BLACK).length : 0,
    basePick2: picks(2),
    basePick3: picks(3),
    expansions: expansions.length,
    smallestExpansionWhite: smallest(WHITE),
    smallestExpansionBlack: smallest(BLACK),
  };
}

/**
 * Just enough shape to walk a pack's cards. The named checks below read packs through this
 * rather than the full schema, so a card that breaks the schema is still reported by the
 * specific check it fails (blanks, pick, …) as well as by "schema".
 */
const Walkable = z.object({
  id: z.string(),
  cards: z.record(z.string(), z.array(z.object({ id: z.string(), type: z.string(), properties: z.looseObject({}) }))),
});

/** Every check on the shipped packs, from their raw JSON. */
export function packChecks(files: PackFile[]) {
  const schema: string[] = [];
  const packs: CardPack[] = [];
  for (const { file, data } of files) {
    const parsed = CahPack.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 3))
        schema.push(`${file} ${issue.path.join(".")}: ${issue.message}`);
    }
    const walkable = Walkable.safeParse(data);
    if (walkable.success) packs.push(walkable.data as CardPack);
  }

  const found = findings({
    dupIds: "unique pack and card ids across packs",
    badNumbering: "card ids numbered <pack>-w/b-NNN in order",
    badBlanks: "blanks match the _____ markers",
    badPick: "pick within 1-3 and never below blanks",
    dupWithin: "no duplicate card texts within a pack",
    dupAcross: "no answer repeated across packs",
    untrimmed: "texts trimmed, no trailing or double spaces",
    whiteStyle: "answers: capitalised, end in punctuation, no blanks",
    denied: "family-friendly word list",
    badMarks: "proper-noun marks: true, on answers that start with a capital",
  });
  const ids = new Set<string>();
  const whiteOwner = new Map<string, string>();

  for (const pack of packs) {
    if (ids.has(pack.id)) found.dupIds.push(`pack ${pack.id}`);
    ids.add(pack.id);
    const seen = new Map<string, string>();
    for (const type of [WHITE, BLACK] as const) {
      deck(pack, type).forEach((card, i) => {
        const t = text(card);
        const trimmed = t.trim();
        if (ids.has(card.id)) found.dupIds.push(card.id);
        ids.add(card.id);
        // Export and import renumber cards this way, so keeping to it makes the round trip exact.
        if (card.id !== cardId(pack.id, type, i + 1))
          found.badNumbering.push(`${card.id} (expected ${cardId(pack.id, type, i + 1)})`);
        if (t !== t.trim() || /\s{2,}/.test(t)) found.untrimmed.push(card.id);
        const key = sameTextKey(t);
        const prev = seen.get(key);
        if (prev) found.dupWithin.push(`${prev} & ${card.id}`);
        seen.set(key, card.id);
        for (const word of deniedWordsIn(t)) found.denied.push(`${card.id}: "${word}"`);
        // "proper" keeps an answer's capital mid-sentence: only answers carry it, and only a capital can be kept.
        const proper = (card.properties as { proper?: unknown }).proper;
        if (proper !== undefined && (type !== WHITE || proper !== true || !/^\p{Lu}/u.test(trimmed)))
          found.badMarks.push(`${card.id}: proper ${JSON.stringify(proper)} on "${t}"`);
        if (type === WHITE) {
          const owner = whiteOwner.get(key);
          if (owner && owner !== pack.id) found.dupAcross.push(`${card.id} repeats a ${owner} card`);
          whiteOwner.set(key, pack.id);
          // An answer is dropped into a prompt's blank, so it must not carry blanks of its own.
          if (t.includes("_") || !/^["A-Z0-9]/.test(trimmed) || !/[.!?]"?$/.test(trimmed))
            found.whiteStyle.push(`${card.id}: "${t}"`);
        } else {
          const { pick, blanks } = card.properties;
          const counted = countBlanks(t);
          if (blanks !== counted || malformedBlanks(t).length > 0) {
            found.badBlanks.push(
              `${card.id}: blanks ${blanks}, text has ${counted} (marker is ${BLANK.length} underscores)`,
            );
          }
          const pickOk = Number.isInteger(pick) && pick! >= 1 && pick! <= 3;
          if (!pickOk || (blanks !== undefined && blanks > 0 && pick! < blanks)) {
            found.badPick.push(`${card.id}: pick ${pick}, blanks ${blanks}`);
          }
        }
      });
    }
  }

  return [check("schema", schema), ...found.checks()];
}

export const cardPackContentSet: ContentSet = {
  game: "card-table",
  name: "card packs",
  asOf: PACKS_AS_OF,
  counts() {
    const s = packStats(loadPacks());
    return [
      { label: "base white", value: s.baseWhite, min: 350 },
      { label: "base black", value: s.baseBlack, min: 90 },
      { label: "base pick-2", value: s.basePick2, min: 15 },
      { label: "base pick-3", value: s.basePick3, min: 5 },
      { label: "expansions", value: s.expansions, min: 2 },
      { label: "smallest expansion white", value: s.smallestExpansionWhite, min: 60 },
      { label: "smallest expansion black", value: s.smallestExpansionBlack, min: 20 },
    ];
  },
  checks() {
    return packChecks(readPackFiles());
  },
};
