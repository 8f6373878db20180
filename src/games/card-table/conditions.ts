/**
 * Conditions on a table's active variants, as a definition writes them (definition.ts
 * `Condition`): on an effect (`when`), and in the judging block (`votingWhen`, `wagerWhen`).
 * This is the one place the engine looks at which variants are on, so no variant id is
 * written in the engine: a variant does what the definition's conditions on it say
 * (docs/games/card-table.md, Decisions D20).
 */

/** One variant id, or a list of them. */
type VariantIds = string | string[];

/** The shape of definition.ts's `Condition` (kept here so this leaf imports nothing). */
export interface VariantCondition {
  /** Every one of these is on. */
  variant?: VariantIds | undefined;
  /** None of these is on. */
  notVariant?: VariantIds | undefined;
}

const list = (ids: VariantIds | undefined): string[] =>
  ids === undefined ? [] : typeof ids === "string" ? [ids] : ids;

/** Whether `c` holds with `active` on; no condition at all holds. */
export function conditionHolds(active: readonly string[], c: VariantCondition | undefined): boolean {
  if (!c) return true;
  return list(c.variant).every((v) => active.includes(v)) && !list(c.notVariant).some((v) => active.includes(v));
}

/** Whether a judging switch (`votingWhen`, `wagerWhen`) is on: never when the definition leaves it out. */
export function switchOn(active: readonly string[], c: VariantCondition | undefined): boolean {
  return c !== undefined && conditionHolds(active, c);
}

/** Every variant id a condition names, for the definition's reference checks. */
export function variantsNamed(c: VariantCondition | undefined): string[] {
  return c ? [...list(c.variant), ...list(c.notVariant)] : [];
}
