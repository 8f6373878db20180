/**
 * Definitions written before the engine stopped naming variant ids (docs/games/card-table.md,
 * Decisions D20). The engine used to choose some of a judged round by the ids of CAH's
 * variants: `assignJudge` with rule "variant" rotated the judge, or gave it to the round's
 * winner under "judgeWinner" or to a random other player under "judgeRandom"; "voting" made
 * the table vote instead of being judged; "gambling" opened the wager slot. Definitions like
 * that stay stored (uploads, and rooms' logs that carried their definition whole), so they
 * are read into the explicit form here, before the schema checks them, and play as they did:
 * - rule "variant" becomes one `assignJudge` per judge rule, each under its variant's
 *   condition (only for the variants the definition declares: no other can be on);
 * - a judging block without `votingWhen` that declares a "voting" variant votes under it,
 *   and one with a wager slot but no `wagerWhen` that declares "gambling" wagers under it.
 * The old engine's ids are written here and nowhere else. A definition in today's form is
 * handed back as it is (the same object).
 */

const OLD = { winner: "judgeWinner", random: "judgeRandom", voting: "voting", gambling: "gambling" } as const;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

/** A definition in today's form: the same object; an old one: a copy in today's form. */
export function upgradeLegacyDefinition(raw: unknown): unknown {
  if (!isRec(raw)) return raw;
  // Each declared variant's id, and its group (variants of one group are never on together).
  const declared = new Map(
    Array.isArray(raw.variants) ? raw.variants.flatMap((v) => (isRec(v) ? [[v.id, v.group] as const] : [])) : [],
  );
  const j = isRec(raw.judging) ? raw.judging : undefined;
  const voting = j !== undefined && j.votingWhen === undefined && declared.has(OLD.voting);
  const wager = j !== undefined && j.wagerWhen === undefined && j.wagerSlot !== undefined && declared.has(OLD.gambling);
  let oldRule = false;
  forEachList(raw, (list) => {
    oldRule ||= list.some((e) => isRec(e) && isOldJudgeRule(e));
    return list;
  });
  if (!voting && !wager && !oldRule) return raw;

  const def = structuredClone(raw);
  forEachList(def, (list) => list.flatMap((e) => (isRec(e) && isOldJudgeRule(e) ? judgeRules(e, declared) : [e])));
  if (isRec(def.judging) && voting) def.judging.votingWhen = { variant: OLD.voting };
  if (isRec(def.judging) && wager) def.judging.wagerWhen = { variant: OLD.gambling };
  return def;
}

const isOldJudgeRule = (e: Rec) => e.type === "assignJudge" && e.rule === "variant";

/** Every effect list of a definition (onEnter, afterAction, and nested `do` / `else`), replaced by `f`'s answer. */
function forEachList(def: Rec, f: (list: unknown[]) => unknown[]): void {
  const visit = (holder: Rec, key: string): void => {
    const list = holder[key];
    if (!Array.isArray(list)) return;
    const out = f(list);
    // Unchanged lists are not written back: the first pass only reads (a frozen definition too).
    if (out !== list) holder[key] = out;
    for (const e of out)
      if (isRec(e)) {
        visit(e, "do");
        visit(e, "else");
      }
  };
  for (const p of Array.isArray(def.phases) ? def.phases : []) {
    if (!isRec(p)) continue;
    visit(p, "onEnter");
    if (isRec(p.afterAction)) for (const a of Object.keys(p.afterAction)) visit(p.afterAction, a);
  }
}

/**
 * Rule "variant" as the old engine ran it: judgeWinner first, then judgeRandom, otherwise
 * rotate; one effect per rule, of which exactly one runs. A variant the definition does not
 * declare can never be on, so it gets none.
 */
function judgeRules(e: Rec, declared: Map<unknown, unknown>): Rec[] {
  // A malformed `when` is left for the schema to refuse, rule and all.
  if (e.when !== undefined && !isRec(e.when)) return [e];
  const when = e.when as Rec | undefined;
  const winner = declared.has(OLD.winner) ? [OLD.winner] : [];
  const random = declared.has(OLD.random) ? [OLD.random] : [];
  // Both on at once (only if they are not in one group, as CAH's are): the winner rule won.
  const group = declared.get(OLD.winner);
  const exclusive = group !== undefined && group === declared.get(OLD.random);
  const out: Rec[] = [];
  if (winner.length) out.push({ ...e, rule: "winner", when: both(when, winner, []) });
  if (random.length) out.push({ ...e, rule: "randomOther", when: both(when, random, exclusive ? [] : winner) });
  out.push({ ...e, rule: "rotate", when: both(when, [], [...winner, ...random]) });
  return out.map(({ when, ...rest }) => (when === undefined ? rest : { ...rest, when }));
}

const ids = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const one = (list: unknown[]) => (list.length === 0 ? undefined : list.length === 1 ? list[0] : list);

/** `when` and "these variants on, those off", as one condition (none at all: undefined). */
function both(when: Rec | undefined, on: string[], off: string[]): Rec | undefined {
  const { variant: _v, notVariant: _n, ...rest } = when ?? {};
  const variant = one([...ids(when?.variant), ...on]);
  const notVariant = one([...ids(when?.notVariant), ...off]);
  const out: Rec = {
    ...rest,
    ...(variant === undefined ? {} : { variant }),
    ...(notVariant === undefined ? {} : { notVariant }),
  };
  return when === undefined && Object.keys(out).length === 0 ? undefined : out;
}
