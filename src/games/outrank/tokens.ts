import type { Catalog, CatalogChallenge, PublicToken, ValuedToken } from "./catalog";
import type { ChallengeView } from "./wire";

/** A token without its value (shared, frozen). */
export function publicToken(catalog: Catalog, id: string): PublicToken {
  const t = catalog.tokens.get(id);
  if (!t) throw new Error(`outrank: unknown token ${id}`);
  return t.public;
}

/** A token with its value for `stat` (shared, frozen): only for a value that is public. */
export function valuedToken(catalog: Catalog, id: string, stat: string): ValuedToken {
  const t = catalog.tokens.get(id)?.valued[stat];
  if (!t) throw new Error(`outrank: token ${id} has no ${stat}`);
  return t;
}

export function challengeView(c: CatalogChallenge): ChallengeView {
  return c.view;
}
