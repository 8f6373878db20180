import type { ChallengeView, OutrankView, PlayerView, ResultView, Settings, TokenView } from "./wire";

/**
 * What the screens read out of a view: who is who, what a player may do now, the sets a
 * hand can make, and numbers written the way people read them. Pure, so tested on its own.
 */

export type Category = TokenView["category"];
export type Dimension = keyof TokenView["tags"];
export const DIMENSIONS: readonly Dimension[] = ["A", "B", "C", "D"];

export const CATEGORY_LABEL: Record<Category, string> = {
  movies: "Movies",
  countries: "Countries",
  sports: "Sports",
  companies: "Companies",
};

/** What each tag dimension means in each category (the content files' `tagDimensions`). */
export const DIMENSION_LABEL: Record<Category, Record<Dimension, string>> = {
  movies: { A: "Genre", B: "Decade", C: "Studio", D: "US rating" },
  countries: { A: "Continent", B: "Government", C: "Geography", D: "Driving side" },
  sports: { A: "Olympic season", B: "Format", C: "Equipment", D: "Decided by" },
  companies: { A: "Sector", B: "Headquarters", C: "Founding era", D: "Stock listing" },
};

// ---------------------------------------------------------------- who is who

/** The player this screen plays for (table mode: whoever holds the device now), or null. */
export const meOf = (v: OutrankView): PlayerView | null => (v.you === null ? null : (v.players[v.you] ?? null));

export const currentOf = (v: OutrankView): PlayerView | null =>
  v.currentPlayer === null ? null : (v.players[v.currentPlayer] ?? null);

export const firstGuesserOf = (v: OutrankView): PlayerView | null =>
  v.firstGuesser === null ? null : (v.players[v.firstGuesser] ?? null);

export const playerById = (v: OutrankView, id: string): PlayerView | undefined => v.players.find((p) => p.id === id);

/** This browser holds a seat (in table mode: the device's seat, which plays for everyone). */
export const isSeated = (v: OutrankView): boolean => v.seat !== null;

export const isLead = (v: OutrankView): boolean => v.seat !== null && v.lead === v.seat;

/** Players still at the table (not left or kicked). */
export const seated = (v: OutrankView): PlayerView[] => v.players.filter((p) => p.presence !== "left");

export const inGame = (v: OutrankView): boolean =>
  v.phase === "challenge" || v.phase === "drafting" || v.phase === "roundEnd";

/** It is this screen's turn to draft, cash out, discard or pass. */
export function myTurn(v: OutrankView): boolean {
  return v.phase === "drafting" && !v.paused && v.you !== null && v.you === v.currentPlayer;
}

/** This screen chooses the next challenge (the First Guesser, in the challenge or round-end phase). */
export function myChoice(v: OutrankView): boolean {
  return (
    (v.phase === "challenge" || v.phase === "roundEnd") &&
    !v.paused &&
    v.you !== null &&
    v.you === v.firstGuesser &&
    v.challenges.length > 0
  );
}

/**
 * A player's this-round pile in a few words, or null when it is empty. Only a player still
 * in the round being drafted can lose it (a wrong guess); once they pass it is banked, and
 * it joins their hand when the round ends. (A wrong guess empties it: nothing to show.) At
 * the game's end (a score target can end it mid-round) it is simply held, like the hand.
 */
export function roundPileText(v: OutrankView, p: PlayerView): string | null {
  const n = p.thisRound.length;
  // At the end nothing is at stake: every token held counts the same (the first tiebreaker).
  if (n === 0 || v.phase === "gameEnd") return null;
  return v.phase === "drafting" && p.status === "in" ? `${n} at risk` : `${n} banked`;
}

/** In the round-end pause: the players present who have not yet said they are ready for the next round. */
export function notReady(v: OutrankView): PlayerView[] {
  return v.phase === "roundEnd" ? v.players.filter((p) => p.presence === "active" && !p.ready) : [];
}

/** "Ada", "Ada and Bo", "Ada, Bo and Cy" */
export function nameList(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export const heldOf = (p: PlayerView): TokenView[] => [...p.hand, ...p.thisRound];
export const heldCount = (p: PlayerView): number => p.hand.length + p.thisRound.length;
export const atLimit = (v: OutrankView, p: PlayerView): boolean => heldCount(p) >= v.settings.handLimit;

// ---------------------------------------------------------------- sets

export const tagsOf = (t: TokenView): string[] => DIMENSIONS.map((d) => t.tags[d]);

/** Points for cashing a set of `size` tokens: 2/5/8 by default; 0 outside 2–4. */
export function setValue(settings: Settings, size: number): number {
  return size >= 2 && size <= 4 ? (settings.setPoints[size - 2] ?? 0) : 0;
}

export interface SetOption {
  tag: string;
  dimension: Dimension;
  /** Every held token carrying the tag. */
  tokenIds: string[];
}

/** Each tag two or more held tokens share, biggest first: the sets this hand can cash. */
export function setOptions(held: TokenView[]): SetOption[] {
  const byTag = new Map<string, SetOption>();
  for (const t of held)
    for (const d of DIMENSIONS) {
      const tag = t.tags[d];
      const o = byTag.get(tag) ?? { tag, dimension: d, tokenIds: [] };
      o.tokenIds.push(t.id);
      byTag.set(tag, o);
    }
  return [...byTag.values()]
    .filter((o) => o.tokenIds.length >= 2)
    .sort((a, b) => b.tokenIds.length - a.tokenIds.length || a.tag.localeCompare(b.tag));
}

/** Tags every selected token carries (the tags the selection could be cashed for). */
export function sharedTags(selected: TokenView[]): string[] {
  const [first, ...rest] = selected;
  if (!first) return [];
  return tagsOf(first).filter((tag) => rest.every((t) => tagsOf(t).includes(tag)));
}

export type CashCheck = { ok: true; tag: string; points: number } | { ok: false; reason: string; tags: string[] };

/**
 * Whether the selection can be cashed, for which tag and how many points: the same rules
 * the server applies (2–4 tokens, one tag they all carry), so the button says the truth.
 */
export function checkCash(settings: Settings, selected: TokenView[], tag: string | null): CashCheck {
  const tags = sharedTags(selected);
  if (selected.length < 2) return { ok: false, reason: "Pick at least two tokens that share a tag.", tags };
  if (selected.length > 4) return { ok: false, reason: "A set is at most four tokens.", tags };
  if (tags.length === 0) return { ok: false, reason: "These tokens share no tag.", tags };
  const chosen = tag !== null && tags.includes(tag) ? tag : tags.length === 1 ? (tags[0] as string) : null;
  if (chosen === null) return { ok: false, reason: "Choose the tag to cash them for.", tags };
  return { ok: true, tag: chosen, points: setValue(settings, selected.length) };
}

// ---------------------------------------------------------------- numbers

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumSignificantDigits: 3 });
const whole = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });

/** A stat value in a few characters: $2.92B, 1.41B people, 162 min, 2009. */
export function formatValue(value: number, unit: string): string {
  switch (unit) {
    case "USD":
      return `$${compact.format(value)}`;
    case "year":
      return String(value);
    case "minutes":
      return `${whole.format(value)} min`;
    case "metres":
      return `${whole.format(value)} m`;
    case "km²":
      return `${value >= 100_000 ? compact.format(value) : whole.format(value)} km²`;
    default: {
      const n = value >= 100_000 ? compact.format(value) : whole.format(value);
      return unit ? `${n} ${value === 1 ? singular(unit) : unit}` : n;
    }
  }
}

/** The exact figure, for a tooltip or a screen reader: "2,923,700,000 USD". */
export function exactValue(value: number, unit: string): string {
  if (unit === "year") return String(value);
  return `${whole.format(value)} ${unit}`;
}

const singular = (unit: string): string => (unit.endsWith("s") ? unit.slice(0, -1) : unit);

/** "Box office (USD)": what HIGHER and LOWER compare. */
export function statText(c: ChallengeView): string {
  return c.unit && c.unit !== "year" ? `${c.statLabel} (${c.unit})` : c.statLabel;
}

// ---------------------------------------------------------------- which way a card ranks

type Ranked = Pick<ChallengeView, "direction" | "unit">;

/**
 * A card's ranking in two or three words when it is the unusual way round ("earliest
 * first", "lowest first"), or null on an ordinary card where a bigger number ranks higher.
 */
export function rankTag(c: Ranked): string | null {
  if (c.direction !== "lower") return null;
  return c.unit === "year" ? "earliest first" : "lowest first";
}

/** What a HIGHER call claims on this card, in words. */
export function higherMeans(c: Ranked): string {
  const year = c.unit === "year";
  if (c.direction === "lower")
    return year ? "Earliest first: HIGHER means an earlier year" : "Lowest first: HIGHER means a smaller number";
  return year ? "HIGHER means a later year" : "HIGHER means a bigger number";
}

/**
 * The comparison a call claims between the drafted token and the center: calls are about
 * rank, so on a "lower" card HIGHER claims at most the center's number (ties count either way).
 */
export function claimSign(direction: ChallengeView["direction"], guess: "higher" | "lower"): "≥" | "≤" {
  return (guess === "higher") === (direction === "higher") ? "≥" : "≤";
}

export function points(n: number): string {
  return `${n} ${n === 1 ? "point" : "points"}`;
}

export function tokens(n: number): string {
  return `${n} ${n === 1 ? "token" : "tokens"}`;
}

// ---------------------------------------------------------------- settings and the end

/** The end condition in words, for the lobby and the header. */
export function endText(s: Settings): string {
  switch (s.endCondition) {
    case "points":
      return s.targetEnds === "roundEnd"
        ? `${points(s.targetPoints)}, round played out`
        : `First to ${points(s.targetPoints)}`;
    case "rounds":
      return `${s.roundLimit} ${s.roundLimit === 1 ? "round" : "rounds"}`;
    case "time":
      return `${s.timeLimitMinutes} minutes`;
    case "depletion":
      return "Until the tokens run out";
  }
}

const REASON: Record<ResultView["reason"], string> = {
  points: "reached the target",
  rounds: "the last round was played",
  time: "time ran out",
  depletion: "no category could refill the pool",
  lead: "the lead ended the game",
  abandoned: "too few players were left",
};

/** Why the game ended, as a sentence. */
export function endReason(v: OutrankView, r: ResultView): string {
  if (r.reason === "points") {
    const top = r.standings.find((s) => !s.left && s.score >= v.settings.targetPoints);
    const who = top ? playerById(v, top.playerId)?.name : undefined;
    return who
      ? `${who} reached the target of ${points(v.settings.targetPoints)}.`
      : `Someone reached the target of ${points(v.settings.targetPoints)}.`;
  }
  const text = REASON[r.reason];
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * How the winner was decided, so a tie never looks arbitrary: the document's tiebreakers
 * (most tokens in hand, then most correct guesses, then a shared victory).
 */
export function tiebreakText(v: OutrankView, r: ResultView): string {
  const name = (id: string) => playerById(v, id)?.name ?? id;
  const winners = r.winners.map(name);
  const top = r.standings[0];
  const next = r.standings.find((s) => !r.winners.includes(s.playerId) && !s.left);
  switch (r.decidedBy) {
    case "score":
      return "Highest score wins. Uncashed tokens are worth nothing.";
    case "tokens":
      return `Tied on ${points(top?.score ?? 0)}: ${winners.join(" and ")} ${winners.length === 1 ? "wins" : "win"} on tokens held (${top?.tokens ?? 0} to ${next?.tokens ?? 0}), the first tiebreaker.`;
    case "correctGuesses":
      return `Tied on points and tokens: ${winners.join(" and ")} ${winners.length === 1 ? "wins" : "win"} on correct guesses (${top?.correctGuesses ?? 0} to ${next?.correctGuesses ?? 0}), the second tiebreaker.`;
    case "shared":
      return winners.length > 1
        ? `${winners.join(" and ")} are level on points, tokens held and correct guesses: a shared victory.`
        : "Highest score wins.";
  }
}
