import type { Card, GameStateView, Judging, PlayerView } from "./wire";

/** The phases of cah.json the screens know by name. */
export const PHASE = {
  LOBBY: "LOBBY",
  SETUP: "SETUP",
  PROMPT: "PROMPT",
  SUBMIT: "SUBMIT",
  REVEAL: "REVEAL",
  JUDGE: "JUDGE",
  RESOLVE: "RESOLVE",
  END: "END",
} as const;

/** Rando's player id (the virtual player a definition's `randoSubmit` seats). */
export const RANDO = "rando";

/** CAH's decks and slots, for a definition that does not spell out `judging`. */
const CAH_JUDGING: Judging = {
  promptDeck: "black",
  answerDeck: "white",
  promptSlot: "prompt",
  submissionSlot: "submission",
  scoreSlot: "scorePile",
  wagerSlot: "wager",
  potSlot: "pot",
};

/**
 * A game of turns (the Sandbox Table, Pig, Blackjack…) rather than CAH's judged rounds: its
 * definition has no `judging` block.
 */
export function isUnjudged(v: Pick<GameStateView, "definition">): boolean {
  return v.definition.judging === undefined;
}

/** Which screen plays the table: the definition's choice, else CAH's for a judged game and the generic one otherwise. */
export function screenOf(v: Pick<GameStateView, "definition">): "judged" | "sandbox" | "table" {
  return v.definition.screen ?? (v.definition.judging ? "judged" : "table");
}

export function judgingOf(v: GameStateView): Judging {
  return v.definition.judging ?? CAH_JUDGING;
}

export function playerOf(v: GameStateView, id: string | null | undefined): PlayerView | undefined {
  return id == null ? undefined : v.players.find((p) => p.id === id);
}

/** The viewer's own player, if they hold a seat that is still at the table. */
export function meOf(v: GameStateView): PlayerView | undefined {
  const p = playerOf(v, v.you);
  return p && p.presence !== "left" ? p : undefined;
}

export function isJudge(v: GameStateView): boolean {
  return v.you !== null && v.roles.judge === v.you;
}

export function isLead(v: GameStateView): boolean {
  return v.you !== null && v.roles.lead === v.you;
}

export function promptOf(v: GameStateView): Card | undefined {
  return v.globalSlots[judgingOf(v).promptSlot]?.[0];
}

/** People at the table (not Rando, not those who left), in seating order. */
export function seatedPlayers(v: GameStateView): PlayerView[] {
  return v.players.filter((p) => !p.virtual && p.presence !== "left");
}

/** Whose answers this round waits for: everyone active but the judge, plus Rando once he has played. */
export function answerersOf(v: GameStateView): PlayerView[] {
  return v.players.filter((p) => {
    if (p.id === v.roles.judge || p.presence === "left") return false;
    if (p.virtual) return (v.roundState.submissions[p.id]?.count ?? 0) > 0;
    return p.presence === "active" || (v.roundState.submissions[p.id]?.count ?? 0) > 0;
  });
}

/** Whether a player's answer is complete (the server locks it then). */
export function hasAnswered(v: GameStateView, id: string): boolean {
  const sub = v.roundState.submissions[id];
  return sub !== undefined && (sub.submittedAt !== undefined || sub.count >= v.roundState.pick);
}

/** Cards of one of the viewer's own slots. */
export function mySlot(v: GameStateView, slot: string | undefined): Card[] {
  if (!slot) return [];
  return meOf(v)?.slots[slot] ?? [];
}

/**
 * Whether the viewer could stake a point on a second answer: the server says the wager slot
 * is open at this table (`judging.wagers`, from the definition, not a variant's id), and they
 * have won prompt cards, or paid a stake already this round.
 */
export function canStake(v: GameStateView): boolean {
  const me = meOf(v);
  const j = judgingOf(v);
  if (!me || !j.wagerSlot || !v.judging?.wagers) return false;
  return (me.slots[j.wagerSlot]?.length ?? 0) > 0 || (me.slotCounts[j.scoreSlot] ?? 0) > 0 || me.score > 0;
}

export interface ComposeTarget {
  /** The slot the chosen cards go to: the answer, or a gambling wager. */
  slot: string;
  /** How many more cards that slot takes. */
  room: number;
  wager: boolean;
}

/**
 * What the viewer is choosing cards for right now, if anything: first their answer, then
 * (gambling) an optional second answer paid for with a point.
 */
export function composeTarget(v: GameStateView): ComposeTarget | null {
  const me = meOf(v);
  if (v.status !== "playing" || v.currentPhase !== PHASE.SUBMIT) return null;
  if (!me || me.virtual || me.presence !== "active" || isJudge(v)) return null;
  const j = judgingOf(v);
  const pick = v.roundState.pick;
  const answered = me.slots[j.submissionSlot]?.length ?? 0;
  if (answered < pick) return { slot: j.submissionSlot, room: pick - answered, wager: false };
  if (!j.wagerSlot || !canStake(v)) return null;
  const wagered = me.slots[j.wagerSlot]?.length ?? 0;
  if (wagered < pick) return { slot: j.wagerSlot, room: pick - wagered, wager: true };
  return null;
}

/** Final standings: by score, then by seating. Rando is ranked like anyone else. */
export function standings(v: GameStateView): PlayerView[] {
  const order = new Map(v.players.map((p, i) => [p.id, i]));
  return v.players
    .filter((p) => p.presence !== "left" || p.score > 0)
    .sort((a, b) => b.score - a.score || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * Each row's place, ties sharing it the way sports tables do: scores 5, 3, 3, 1 are
 * places 1, 2, 2, 4. `rows` is in standings order.
 */
export function ranks(rows: Pick<PlayerView, "score">[]): number[] {
  return rows.map((p, i) => {
    let first = i;
    while (first > 0 && rows[first - 1]?.score === p.score) first--;
    return first + 1;
  });
}

/** Everyone sharing the top score, when more than one player does (and it is not zero). */
export function tiedLeaders(v: GameStateView): PlayerView[] {
  const rows = standings(v);
  const top = rows[0]?.score ?? 0;
  const tied = rows.filter((p) => p.score === top);
  return top > 0 && tied.length > 1 ? tied : [];
}

/** The game's winner: a unique top scorer with points; null for a tie or no contest. */
export function leaderOf(v: GameStateView): PlayerView | null {
  const [first, second] = standings(v);
  if (!first || first.score === 0) return null;
  return second && second.score === first.score ? null : first;
}
