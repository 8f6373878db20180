import { type Rng, rngInt } from "../../engine/rng";
import type { Catalog } from "./catalog";
import { callFor } from "./rank";
import type { Action, OutrankEvent, OutrankView, TokenView } from "./wire";

/**
 * Strategy bots for the balance simulator. A bot sees what a client sees (its seat's
 * view) and the events every seat receives; it remembers the values it has been shown and
 * knows each stat's distribution over the category (the published token list), never a
 * value still hidden in the draft pool.
 */

/** Values shown so far, per stat: the same for every seat, since every reveal is public. */
export class Memory {
  private readonly seen = new Map<string, Map<string, number>>();

  observe(event: OutrankEvent, stat: string | null): void {
    if (event.type === "challengeSelected") {
      this.note(event.challenge.stat, event.center);
    } else if (event.type === "guessResolved" && stat !== null) {
      this.note(stat, event.drafted);
      this.note(stat, event.center);
    }
  }

  private note(stat: string, t: TokenView): void {
    if (t.value === undefined) return;
    let m = this.seen.get(stat);
    if (!m) {
      m = new Map();
      this.seen.set(stat, m);
    }
    m.set(t.id, t.value);
  }

  known(stat: string): ReadonlyMap<string, number> | undefined {
    return this.seen.get(stat);
  }
}

/** Each challenge's values over its whole category, sorted: public knowledge, like the rulebook. */
export class Distributions {
  private readonly sorted = new Map<string, Float64Array>();

  constructor(catalog: Catalog) {
    for (const c of catalog.challenges) {
      const ids = catalog.byCategory[c.category] ?? [];
      const values = ids.map((id) => catalog.tokens.get(id)?.stats[c.stat] ?? 0).sort((a, b) => a - b);
      this.sorted.set(c.stat, Float64Array.from(values));
    }
  }

  /** How many of the category's values are >= x and <= x. */
  counts(stat: string, x: number): { atLeast: number; atMost: number; total: number } {
    const v = this.sorted.get(stat);
    if (!v) return { atLeast: 0, atMost: 0, total: 0 };
    return { atLeast: v.length - lowerBound(v, x), atMost: upperBound(v, x), total: v.length };
  }
}

function lowerBound(v: Float64Array, x: number): number {
  let lo = 0;
  let hi = v.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((v[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(v: Float64Array, x: number): number {
  let lo = 0;
  let hi = v.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((v[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface BotInput {
  view: OutrankView;
  /** The bot's index in view.players. */
  me: number;
  memory: Memory;
  dist: Distributions;
  /** The bot's own generator (the simulator's, not the game's). */
  rng: Rng;
}

export type Bot = (input: BotInput) => Action;

/** The best guess on offer: which token, which call, and the chance it is right. */
export interface GuessOdds {
  tokenId: string;
  guess: "higher" | "lower";
  p: number;
}

/**
 * The chance of each call for each draft-pool token, from public information only: a
 * token whose value was shown before is known; any other is one of the category's values
 * not yet seen, all equally likely. Equal values are right either way
 * (docs/games/outrank.md, Decisions D5).
 */
export function bestGuess(input: BotInput): GuessOdds | null {
  const { view, memory, dist, rng } = input;
  const center = view.centerToken;
  const stat = view.currentChallenge?.stat;
  if (!center || center.value === undefined || !stat || view.draftPool.length === 0) return null;
  const c = center.value;
  // The odds are worked out on the numbers; the call is about rank (see rank.ts).
  const direction = view.currentChallenge?.direction ?? "higher";
  const known = memory.known(stat);
  let best: GuessOdds | null = null;
  const offset = rngInt(rng, view.draftPool.length);
  let firstUnknown: string | null = null;
  for (let k = 0; k < view.draftPool.length; k++) {
    const t = view.draftPool[(k + offset) % view.draftPool.length] as TokenView;
    const v = known?.get(t.id);
    if (v === undefined) {
      firstUnknown ??= t.id;
      continue;
    }
    // A value seen before is a sure call, one way or the other.
    best = { tokenId: t.id, guess: callFor(v >= c, direction), p: 1 };
    break;
  }
  if (best) return best;
  if (firstUnknown === null) return null;
  // Unseen values: the category's values minus the ones seen under this stat.
  const all = dist.counts(stat, c);
  let atLeast = all.atLeast;
  let atMost = all.atMost;
  let total = all.total;
  if (known) {
    for (const v of known.values()) {
      total--;
      if (v >= c) atLeast--;
      if (v <= c) atMost--;
    }
  }
  if (total <= 0) return { tokenId: firstUnknown, guess: callFor(true, direction), p: 0.5 };
  const ph = atLeast / total;
  const pl = atMost / total;
  return ph >= pl
    ? { tokenId: firstUnknown, guess: callFor(true, direction), p: ph }
    : { tokenId: firstUnknown, guess: callFor(false, direction), p: pl };
}

/** The biggest set the player can cash now: up to 4 tokens sharing a tag, this-round tokens first (they are at risk). */
export function bestSet(view: OutrankView, me: number): { tag: string; tokenIds: string[] } | null {
  const p = view.players[me];
  if (!p || p.hand.length + p.thisRound.length < 2) return null;
  const count = new Map<string, number>();
  const add = (t: TokenView) => {
    for (const tag of [t.tags.A, t.tags.B, t.tags.C, t.tags.D]) count.set(tag, (count.get(tag) ?? 0) + 1);
  };
  for (const t of p.thisRound) add(t);
  for (const t of p.hand) add(t);
  let tag: string | null = null;
  let n = 1;
  for (const [k, c] of count)
    if (c > n) {
      n = c;
      tag = k;
    }
  if (tag === null) return null;
  const tokenIds: string[] = [];
  for (const list of [p.thisRound, p.hand])
    for (const t of list) if (tokenIds.length < 4 && hasTag(t, tag)) tokenIds.push(t.id);
  return { tag, tokenIds };
}

const tagsOf = (t: TokenView): string[] => [t.tags.A, t.tags.B, t.tags.C, t.tags.D];
const hasTag = (t: TokenView, tag: string) =>
  t.tags.A === tag || t.tags.B === tag || t.tags.C === tag || t.tags.D === tag;
/** The held token sharing the fewest tags with the rest: the one to let go at the hand limit. */
function leastUseful(view: OutrankView, me: number): string | null {
  const p = view.players[me];
  if (!p) return null;
  const held = p.hand.concat(p.thisRound);
  let worst: string | null = null;
  let score = Number.POSITIVE_INFINITY;
  for (const t of held) {
    let s = 0;
    for (const o of held) if (o !== t) for (const tag of tagsOf(t)) if (hasTag(o, tag)) s++;
    if (s < score) {
      score = s;
      worst = t.id;
    }
  }
  return worst;
}

function heldCount(view: OutrankView, me: number): number {
  const p = view.players[me];
  return p ? p.hand.length + p.thisRound.length : 0;
}

/** The First Guesser's pick: any challenge on offer, by the bot's generator. */
function pickChallenge(input: BotInput): Action {
  const list = input.view.challenges;
  const c = list[rngInt(input.rng, list.length)];
  return { type: "selectChallenge", challengeId: c?.id ?? "" };
}

export interface ThresholdPolicy {
  /** Guess while the best call is at least this likely to be right. */
  guessAbove: number;
  /** Cash as soon as a set this big (2–4) is in hand; 5 = only when forced by the hand limit. */
  cashAt: number;
  /** Pass once this many tokens are at risk this round (unless the guess is certain). */
  riskCap: number;
  /** Set-collector: guess more readily (this much lower bar) when the center token fits a set in hand. */
  tagBonus: number;
}

/** What a drafting bot sees of its own turn: its seat, its best set, and whether its hand is at the limit. */
interface Turn {
  p: NonNullable<OutrankView["players"][number]>;
  set: ReturnType<typeof bestSet>;
  full: boolean;
  /** At the limit without the set it wants: cash the best set there is, else drop its least useful token. */
  makeRoom(): Action;
}

/** A bot whose challenges are `pickChallenge`'s and whose drafting turns are `draft`'s. */
function drafter(draft: (input: BotInput, turn: Turn) => Action): Bot {
  return (input) => {
    const { view, me } = input;
    if (view.phase === "challenge" || view.phase === "roundEnd") return pickChallenge(input);
    const p = view.players[me];
    if (!p) return { type: "pass" };
    const set = bestSet(view, me);
    const makeRoom = (): Action => {
      if (set) return { type: "cashOut", tokenIds: set.tokenIds, tag: set.tag };
      const worst = leastUseful(view, me);
      return worst ? { type: "discard", tokenIds: [worst] } : { type: "pass" };
    };
    return draft(input, { p, set, full: heldCount(view, me) >= view.settings.handLimit, makeRoom });
  };
}

/** The tunable bot: every strategy below but random-legal is this with other numbers. */
export function thresholdBot(policy: ThresholdPolicy): Bot {
  return drafter((input, { p, set, full, makeRoom }) => {
    const { view, me } = input;
    if (set && set.tokenIds.length >= Math.min(policy.cashAt, 4) && policy.cashAt <= 4)
      return { type: "cashOut", tokenIds: set.tokenIds, tag: set.tag };
    if (full) return makeRoom();
    const odds = bestGuess(input);
    if (!odds) return { type: "pass" };
    let bar = policy.guessAbove;
    if (policy.tagBonus > 0 && view.centerToken && fitsSet(view, me, view.centerToken)) bar -= policy.tagBonus;
    if (odds.p < 1 && p.thisRound.length >= policy.riskCap) return { type: "pass" };
    if (odds.p >= bar) return { type: "draftGuess", tokenId: odds.tokenId, guess: odds.guess };
    return { type: "pass" };
  });
}

/** Whether a token shares a tag with at least two held tokens (it would make a set of 3+). */
function fitsSet(view: OutrankView, me: number, t: TokenView): boolean {
  const p = view.players[me];
  if (!p) return false;
  for (const tag of tagsOf(t)) {
    let n = 0;
    for (const h of p.hand) if (hasTag(h, tag)) n++;
    for (const h of p.thisRound) if (hasTag(h, tag)) n++;
    if (n >= 2) return true;
  }
  return false;
}

/**
 * Set collecting only, the opposite of greedy for question 1. A token comes only with a
 * right guess (the guesser collects the center), so it guesses only when the center is a
 * token it wants (one sharing a tag with what it holds, or any while it holds fewer than
 * two) and the call is at least an even chance; otherwise it passes. Like greedy it has no
 * cap on the tokens it puts at risk: the two differ only in which guesses they make and in
 * cashing. It cashes a set as soon as it has `cashAt` tokens and, at the hand limit, its
 * biggest set (else it discards its least useful token).
 */
export function collectorBot(cashAt: number): Bot {
  return drafter((input, { p, set, full, makeRoom }) => {
    const { view, me } = input;
    if (set && set.tokenIds.length >= cashAt) return { type: "cashOut", tokenIds: set.tokenIds, tag: set.tag };
    if (full) return makeRoom();
    const center = view.centerToken;
    const wanted =
      center !== null && (heldCount(view, me) < 2 || sharesTag(p.hand, center) || sharesTag(p.thisRound, center));
    if (!wanted) return { type: "pass" };
    const odds = bestGuess(input);
    if (!odds || odds.p < 0.5) return { type: "pass" };
    return { type: "draftGuess", tokenId: odds.tokenId, guess: odds.guess };
  });
}

/** Cashes fours: the document's big-set payoff (8 points). */
export const pureCollector: Bot = collectorBot(4);

function sharesTag(list: TokenView[], t: TokenView): boolean {
  for (const h of list)
    if (hasTag(h, t.tags.A) || hasTag(h, t.tags.B) || hasTag(h, t.tags.C) || hasTag(h, t.tags.D)) return true;
  return false;
}

/** Any legal action, uniformly among the kinds available, then uniformly within the kind. */
export const randomBot: Bot = (input) => {
  const { view, me, rng } = input;
  if (view.phase === "challenge" || view.phase === "roundEnd") return pickChallenge(input);
  const kinds: Array<() => Action> = [() => ({ type: "pass" })];
  const p = view.players[me];
  const atLimit = heldCount(view, me) >= view.settings.handLimit;
  if (p && !atLimit && view.draftPool.length > 0)
    kinds.push(() => {
      const t = view.draftPool[rngInt(rng, view.draftPool.length)] as TokenView;
      return { type: "draftGuess", tokenId: t.id, guess: rngInt(rng, 2) === 0 ? "higher" : "lower" };
    });
  const set = bestSet(view, me);
  if (set) {
    kinds.push(() => {
      const size = 2 + rngInt(rng, set.tokenIds.length - 1);
      return { type: "cashOut", tokenIds: set.tokenIds.slice(0, size), tag: set.tag };
    });
  }
  if (p && atLimit) {
    const held = p.hand.concat(p.thisRound);
    kinds.push(() => ({ type: "discard", tokenIds: [(held[rngInt(rng, held.length)] as TokenView).id] }));
  }
  return (kinds[rngInt(rng, kinds.length)] as () => Action)();
};

export const STRATEGIES = {
  /** Passes early: only near-certain guesses, never more than two tokens at risk, cashes any pair. */
  cautious: thresholdBot({ guessAbove: 0.8, cashAt: 2, riskCap: 2, tagBonus: 0 }),
  /** Keeps guessing whatever the odds; cashes only when the hand limit forces it. */
  greedy: thresholdBot({ guessAbove: 0, cashAt: 5, riskCap: 99, tagBonus: 0 }),
  /** Drafts for tags (guesses more readily for a center that fits a set) and cashes big sets. */
  setCollector: thresholdBot({ guessAbove: 0.65, cashAt: 4, riskCap: 4, tagBonus: 0.2 }),
  /** The middle road: guesses at 60 %, cashes triples. */
  balanced: thresholdBot({ guessAbove: 0.6, cashAt: 3, riskCap: 3, tagBonus: 0 }),
  random: randomBot,
  /** Set collecting only: guesses only for a center that builds a set, never just for the point; cashes fours. */
  pureCollector,
} satisfies Record<string, Bot>;
export type StrategyName = keyof typeof STRATEGIES;
