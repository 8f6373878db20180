import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type ContentCheck, type ContentSet, findings } from "../../../engine/content";
import { Category, type Challenge, ChallengeFile, TAG_DIMENSIONS, type Token, TokenFile } from "./schema";

export const OUTRANK_AS_OF = "2025-06-30";
/** The document asks for 40 tokens per category. */
export const MIN_TOKENS_PER_CATEGORY = 40;
/** A tag value held by fewer tokens could hardly ever be collected into a set. */
export const MIN_TOKENS_PER_TAG = 3;
export const MIN_CHALLENGES = 12;

export interface OutrankContent {
  categories: TokenFile[];
  challenges: Challenge[];
}

function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(fileURLToPath(new URL(relative, import.meta.url)), "utf8"));
}

let cache: OutrankContent | null = null;

/** The built-in tokens (one file per category, in the document's order) and challenge cards. */
export function loadOutrankContent(): OutrankContent {
  if (cache) return cache;
  cache = {
    categories: Category.options.map((c) => TokenFile.parse(readJson(`./tokens/${c}.json`))),
    challenges: ChallengeFile.parse(readJson("./challenges.json")),
  };
  return cache;
}

/** Every token of one category. */
export function tokensOf(category: Category): Token[] {
  return loadOutrankContent().categories.find((f) => f.category === category)?.tokens ?? [];
}

/** All tokens of all categories. */
export function allTokens(): Token[] {
  return loadOutrankContent().categories.flatMap((f) => f.tokens);
}

/** Checks beyond the schema: they work on already-parsed content so tests can feed broken copies. */
export function outrankChecks(content: OutrankContent): ContentCheck[] {
  const found = findings({
    dupIds: "unique token ids",
    wrongCategory: "tokens sit in their category's file",
    statProblems: "every token has exactly its category's stats",
    tagProblems: "one tag per dimension A-D",
    rareTags: `every tag value held by at least ${MIN_TOKENS_PER_TAG} tokens`,
    challengeProblems: "challenges are unique and name a stat of their category",
  });
  const seen = new Set<string>();
  const statsOf = new Map<Category, Set<string>>();

  for (const file of content.categories) {
    const keys = file.stats.map((s) => s.key);
    statsOf.set(file.category, new Set(keys));
    if (new Set(keys).size !== keys.length) found.statProblems.push(`${file.category}: a stat key is listed twice`);
    const dims = file.tagDimensions.map((d) => d.dimension).join("");
    if (dims !== TAG_DIMENSIONS.join(""))
      found.tagProblems.push(`${file.category}: tag dimensions are ${dims}, not ABCD`);

    const holders = new Map<string, number>();
    for (const t of file.tokens) {
      if (seen.has(t.id)) found.dupIds.push(t.id);
      seen.add(t.id);
      if (t.category !== file.category) found.wrongCategory.push(`${t.id} is ${t.category} in ${file.category}`);
      const missing = keys.filter((k) => t.stats[k] === undefined);
      const extra = Object.keys(t.stats).filter((k) => !keys.includes(k));
      if (missing.length) found.statProblems.push(`${t.id} lacks ${missing.join(", ")}`);
      if (extra.length) found.statProblems.push(`${t.id} has unknown ${extra.join(", ")}`);
      for (const d of TAG_DIMENSIONS) {
        const key = `${d}:${t.tags[d]}`;
        holders.set(key, (holders.get(key) ?? 0) + 1);
      }
    }
    for (const [tag, n] of holders) {
      if (n < MIN_TOKENS_PER_TAG) found.rareTags.push(`${file.category} ${tag} (${n})`);
    }
  }

  const challengeIds = new Set<string>();
  for (const c of content.challenges) {
    if (challengeIds.has(c.id)) found.challengeProblems.push(`duplicate ${c.id}`);
    challengeIds.add(c.id);
    if (!statsOf.get(c.category)?.has(c.stat))
      found.challengeProblems.push(`${c.id}: ${c.category} has no stat ${c.stat}`);
  }

  return found.checks();
}

export const outrankContentSet: ContentSet = {
  game: "outrank",
  name: "tokens and challenges",
  asOf: OUTRANK_AS_OF,
  counts() {
    const { categories, challenges } = loadOutrankContent();
    return [
      { label: "categories", value: categories.length, min: Category.options.length },
      ...categories.map((f) => ({
        label: `${f.category} tokens`,
        value: f.tokens.length,
        min: MIN_TOKENS_PER_CATEGORY,
      })),
      { label: "smallest stat count", value: Math.min(...categories.map((f) => f.stats.length)), min: 3 },
      { label: "challenges", value: challenges.length, min: MIN_CHALLENGES },
    ];
  },
  checks() {
    let content: OutrankContent;
    try {
      content = loadOutrankContent();
    } catch (err) {
      return [{ name: "schema", ok: false, detail: String(err) }];
    }
    return [{ name: "schema", ok: true }, ...outrankChecks(content)];
  },
};
