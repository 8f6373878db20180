import { deepFreeze } from "../../engine/copy";
import type { OutrankContent } from "./content/index";
import type { Category, Challenge, StatDefinition, Token } from "./content/schema";
import type { Direction } from "./rank";
import type { ChallengeView } from "./wire";

/** A token as anyone may see it: no stat values. Shared and frozen. */
export interface PublicToken {
  readonly id: string;
  readonly name: string;
  readonly category: Category;
  readonly tags: Readonly<Token["tags"]>;
}

/** A token with one stat's value, for when that value is public. Shared and frozen. */
export interface ValuedToken extends PublicToken {
  readonly value: number;
}

export interface CatalogToken {
  readonly id: string;
  readonly category: Category;
  /** The four tag values (A–D), for set checks. */
  readonly tagValues: readonly string[];
  readonly public: PublicToken;
  readonly stats: Readonly<Record<string, number>>;
  /** The token with each of its category's stats, made once. */
  readonly valued: Readonly<Record<string, ValuedToken>>;
}

export interface CatalogChallenge extends Challenge {
  readonly direction: Direction;
  readonly statLabel: string;
  readonly unit: string;
  /** As the wire shows it, made once. */
  readonly view: ChallengeView;
}

/**
 * The content a game is played with, looked up by id. Built once from the content files
 * and shared, frozen, by every state and view: a state holds token ids only, so copying
 * a state never copies a token.
 */
export interface Catalog {
  /**
   * Names the content the rooms are played with (content is referenced, not copied:
   * docs/architecture.md, Decisions D6).
   */
  readonly version: string;
  readonly tokens: ReadonlyMap<string, CatalogToken>;
  readonly categories: readonly Category[];
  /** Token ids of each category, in content order. */
  readonly byCategory: Readonly<Record<string, readonly string[]>>;
  readonly challenges: readonly CatalogChallenge[];
  readonly challengeById: ReadonlyMap<string, CatalogChallenge>;
  /** How many tokens the content holds in all (a game plays a box of 40 a category: `boxSize` in pool.ts). */
  readonly size: number;
}

export function buildCatalog(content: OutrankContent, version = "builtin"): Catalog {
  const tokens = new Map<string, CatalogToken>();
  const byCategory: Record<string, string[]> = {};
  const statsOf = new Map<Category, StatDefinition[]>();
  for (const file of content.categories) {
    statsOf.set(file.category, file.stats);
    const ids: string[] = [];
    for (const t of file.tokens) {
      const pub: PublicToken = { id: t.id, name: t.name, category: t.category, tags: { ...t.tags } };
      const valued: Record<string, ValuedToken> = {};
      for (const s of file.stats) {
        const value = t.stats[s.key];
        if (value !== undefined) valued[s.key] = { ...pub, value };
      }
      if (tokens.has(t.id)) throw new Error(`outrank: token ${t.id} appears twice`);
      // A Map's entries are not reached by deepFreeze below, so each token is frozen here.
      tokens.set(
        t.id,
        deepFreeze({
          id: t.id,
          category: t.category,
          tagValues: [t.tags.A, t.tags.B, t.tags.C, t.tags.D],
          public: pub,
          stats: { ...t.stats },
          valued,
        }),
      );
      ids.push(t.id);
    }
    byCategory[file.category] = ids;
  }
  const challenges: CatalogChallenge[] = content.challenges.map((c) => {
    const stat = statsOf.get(c.category)?.find((s) => s.key === c.stat);
    if (!stat) throw new Error(`outrank: challenge ${c.id} names no stat of ${c.category}`);
    const direction = c.direction ?? "higher";
    const view: ChallengeView = {
      id: c.id,
      category: c.category,
      stat: c.stat,
      name: c.name,
      direction,
      statLabel: stat.label,
      unit: stat.unit,
    };
    return { ...c, direction, statLabel: stat.label, unit: stat.unit, view };
  });
  return deepFreeze({
    version,
    tokens,
    categories: content.categories.map((f) => f.category),
    byCategory,
    challenges,
    challengeById: new Map(challenges.map((c) => [c.id, c])),
    size: tokens.size,
  });
}
