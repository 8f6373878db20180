import type { Card } from "./content/schema";
import { type GameDefinition, type SlotDefinition, slotOf } from "./definition";
import { type AnonymizedSubmission, HIDDEN_CARD, type PublicPlayer, publicPlayer } from "./events";
import { interpolatePrompt } from "./interpolate";
import { anonymized, seesSubmissions } from "./judging";
import { type LegalAction, legalActions } from "./legal-actions";
import { type GameSettings, wireSettings } from "./settings";
import type { CardTableState, DieState, GameStatus, LastRound, PauseState, Placing, Player, Roles } from "./state";
import { wagersOpen } from "./submissions";
import { timers } from "./timers";
import { type VocabView, vocabView } from "./vocab/view";
import { isVoting } from "./voting";
import { currentPick, playerOf, promptCard } from "./zones";

/** A vetoed card as everyone sees it. */
export interface VetoedCard {
  id: string;
  type: string;
  text: string;
}

/**
 * How this table's judged round goes, as the engine reads the definition's conditions on the
 * active variants (`judging.votingWhen`, `judging.wagerWhen`): clients show the vote or the
 * wager by these, never by a variant's id (docs/games/card-table.md, Decisions D20).
 */
export interface JudgingView {
  /** The table votes instead of being judged: `roles.judge` stays null, each `selectWinner` is a vote. */
  voting: boolean;
  /** The wager slot is open: a player may stake a point on a second answer. */
  wagers: boolean;
}

/** A submission as the table sees it: the interpolated prompt text is added for display. */
export interface SubmissionView extends AnonymizedSubmission {
  text?: string;
}

/**
 * One seat's `GameState` (the document's shape; only what that seat may see:
 * docs/architecture.md, Decisions D1). Decks are counts only; hands are the viewer's own;
 * `roundState.submissions` is keyed by player but holds cards only for the viewer's own
 * answer; the anonymous list carries no author until the round is judged; `shuffledOrder`
 * (the index→player map) is never sent.
 */
export interface GameStateView extends VocabView {
  gameId: string;
  definitionId: string;
  /** Sent in a full sync (join, reconnect) only: it never changes during a game. */
  definition?: GameDefinition;
  status: GameStatus;
  pausedReason?: PauseState["reason"];
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  settings: GameSettings;
  activeVariants: string[];
  /** Definitions with judged rounds only (a `judging` block). */
  judging?: JudgingView;
  roles: Roles;
  players: PublicPlayer[];
  turnOrder: string[];
  currentPhase: string;
  phaseStartedAt: number;
  /** When the phase timeout fires (null: none or paused). */
  phaseEndsAt: number | null;
  /** When an absent judge is replaced, if that clock is running. */
  judgeGraceEndsAt: number | null;
  round: number;
  decks: Record<string, { id: string; cards: Card[]; discardPile: Card[]; count: number; discardCount: number }>;
  globalSlots: Record<string, Card[]>;
  dice: Record<string, DieState>;
  roundState: {
    pick: number;
    submissions: Record<string, { cards: Card[]; count: number; submittedAt?: number }>;
    wagers: Record<string, { cards: Card[]; count: number; submittedAt?: number }>;
    /** How many anonymous entries there are (known to all once revealed). */
    entryCount: number;
    anonymized?: SubmissionView[];
    winnerId?: string;
    winningIndex?: number;
    outcome?: "winner" | "none";
    /** voting: who has voted so far (for what stays secret until the count). */
    voted?: string[];
    /** voting: the viewer's own vote. */
    myVote?: number;
    /** voting: the count, once the vote is closed. */
    placings?: Placing[];
  };
  /** The round just judged, for everyone: every answer with its author. */
  lastRound?: LastRound;
  /** The server's clock when this view was made, so clients can count down to deadlines. */
  serverNow?: number;
  /** The viewer's seat (null: spectator). */
  you: string | null;
  /** The lead closed the table to newcomers. */
  locked?: boolean;
  /** Cards the lead vetoed in this room (Decisions D18), oldest first: public, never where they were. */
  vetoed?: VetoedCard[];
  /** The game actions this seat may take now (legal-actions.ts); empty when it has nothing to do. */
  legalActions: LegalAction[];
}

function hiddenCard(c: Card): Card {
  return { id: HIDDEN_CARD, type: c.type, properties: {} };
}

/**
 * Slot visibility, then per-card overrides from reveal (face up: all) and hide (face down:
 * the owner only). Who is looking matters only as "the slot's owner" and "the judge", so
 * each player's slots are worked out once for the owner and once for everyone else.
 * Visible cards are the state's own (frozen) objects.
 */
function visibleCards(
  s: CardTableState,
  def: SlotDefinition | undefined,
  owner: string | null,
  cards: Card[],
  isOwner: boolean,
  isJudge: boolean,
): Card[] {
  const v = def?.visibility ?? "hidden";
  // A player-scope "judge" slot is seen by its owner only: the judge sees answers through the anonymous list.
  const base = v === "public" || (v === "owner" && isOwner) || (v === "judge" && (owner !== null ? isOwner : isJudge));
  return cards.map((c) => {
    const face = s.faces[c.id];
    const visible = face === "up" ? true : face === "down" ? isOwner : base;
    return visible ? c : hiddenCard(c);
  });
}

type Entries = GameStateView["roundState"]["submissions"];

/**
 * Everything in a view that does not depend on who is looking, built once per state and
 * shared by every seat's view of it: the room host asks for one view per seat after every
 * input. States are never changed once made (every input works on a copy), so the state
 * object identifies its views. Views are read-only: they go straight to the encoder.
 */
interface Common {
  /** Each player as anyone but that player sees them. */
  players: PublicPlayer[];
  decks: GameStateView["decks"];
  /** The global slots for the judge, and for everyone else; made when first asked for. */
  globalSlots: { judge?: Record<string, Card[]>; others?: Record<string, Card[]> };
  dice: Record<string, DieState>;
  settings: GameSettings;
  activeVariants: string[];
  judging?: JudgingView;
  roles: Roles;
  turnOrder: string[];
  pick: number;
  /** Answers and wagers by player as everyone but their author sees them (no cards). */
  submissions: Entries;
  wagers: Entries;
  /** The anonymous list with interpolated texts, made when a seat that may see it first asks. */
  anonymized?: SubmissionView[];
  judgeGraceEndsAt: number | null;
  lastRound?: LastRound;
  vetoed?: VetoedCard[];
}

/**
 * The shared parts of the last state asked for. Publishing asks for every seat's view of
 * one state in a row, so one entry is enough; keeping them for every live state (a
 * WeakMap) made them live as long as their room's state, long enough to be copied by
 * the young-generation collector and often promoted.
 */
let last: { state: CardTableState; common: Common } | null = null;

function common(s: CardTableState): Common {
  if (last?.state === s) return last.common;
  const j = s.definition.judging;
  const before = s.roundState.shuffledOrder === undefined;
  const c: Common = {
    players: s.players.map((p) => playerView(s, p, false)),
    decks: {},
    globalSlots: {},
    dice: structuredClone(s.dice),
    settings: wireSettings({
      ...s.settings,
      packIds: [...s.settings.packIds],
      activeVariants: [...s.settings.activeVariants],
    }),
    activeVariants: [...s.activeVariants],
    roles: { ...s.roles },
    turnOrder: [...s.turnOrder],
    pick: currentPick(s),
    // Before the reveal, who has answered is public (as at a real table); afterwards the cards move to the anonymous list.
    submissions: before ? entries(s, j?.submissionSlot) : {},
    wagers: before ? entries(s, j?.wagerSlot) : {},
    judgeGraceEndsAt: timers(s).find((t) => t.kind === "judge")?.at ?? null,
  };
  for (const [id, d] of Object.entries(s.decks))
    c.decks[id] = { id, cards: [], discardPile: [], count: d.cards.length, discardCount: d.discardPile.length };
  if (j) c.judging = { voting: isVoting(s), wagers: wagersOpen(s) };
  if (s.vetoed?.length) c.vetoed = s.vetoed.map((v) => ({ id: v.id, type: v.type, text: v.properties.text ?? "" }));
  // Frozen by award(), so it can be shared as it is.
  if (s.lastRound) c.lastRound = s.lastRound;
  last = { state: s, common: c };
  return c;
}

/** One player as the owner (`own`) or anyone else sees them. */
function playerView(s: CardTableState, p: Player, own: boolean): PublicPlayer {
  const out = publicPlayer(p);
  if (own) out.hand = p.hand.slice();
  for (const [id, cards] of Object.entries(p.slots)) {
    const shown = visibleCards(s, slotOf(s.definition, id), p.id, cards, own, false);
    out.slots[id] = shown.every((c) => c.id === HIDDEN_CARD) && !own ? [] : shown;
  }
  return out;
}

/** Who has answered in `slot`, with no cards: the author's own view adds theirs. */
function entries(s: CardTableState, slot: string | undefined): Entries {
  const out: Entries = {};
  if (!slot) return out;
  for (const p of s.players) {
    const cards = p.slots[slot] ?? [];
    if (cards.length === 0) continue;
    const entry: Entries[string] = { cards: [], count: cards.length };
    const at = s.roundState.submittedAt[slot]?.[p.id];
    if (at !== undefined) entry.submittedAt = at;
    out[p.id] = entry;
  }
  return out;
}

/** `shared` with the viewer's own entry showing its cards (same key order). */
function withOwn(s: CardTableState, shared: Entries, slot: string | undefined, viewer: string | null): Entries {
  const mine = viewer === null ? undefined : shared[viewer];
  if (!slot || !mine || viewer === null) return shared;
  const cards = playerOf(s, viewer)?.slots[slot] ?? [];
  return { ...shared, [viewer]: { ...mine, cards: cards.slice() } };
}

function globalSlotsFor(s: CardTableState, c: Common, isJudge: boolean): Record<string, Card[]> {
  const key = isJudge ? "judge" : "others";
  let out = c.globalSlots[key];
  if (!out) {
    out = {};
    for (const [id, cards] of Object.entries(s.globalSlots))
      out[id] = visibleCards(s, slotOf(s.definition, id), null, cards, false, isJudge);
    c.globalSlots[key] = out;
  }
  return out;
}

function anonymizedView(s: CardTableState, c: Common): SubmissionView[] {
  if (!c.anonymized) {
    const prompt = promptCard(s);
    c.anonymized = anonymized(s).map((a) =>
      prompt && !a.withdrawn ? { ...a, text: interpolatePrompt(prompt, a.cards) } : a,
    );
  }
  return c.anonymized;
}

export function gameView(s: CardTableState, seat: string | null, withDefinition = true): GameStateView {
  const me = playerOf(s, seat);
  const viewer = me && !me.virtual ? me.id : null;
  const c = common(s);
  const j = s.definition.judging;
  const r = s.roundState;
  const isJudge = viewer !== null && viewer === s.roles.judge;

  let players = c.players;
  if (viewer !== null) {
    const i = s.players.findIndex((p) => p.id === viewer);
    players = c.players.slice();
    players[i] = playerView(s, s.players[i] as Player, true);
  }

  const roundState: GameStateView["roundState"] = {
    pick: c.pick,
    submissions: withOwn(s, c.submissions, j?.submissionSlot, viewer),
    wagers: withOwn(s, c.wagers, j?.wagerSlot, viewer),
    entryCount: r.shuffledOrder?.length ?? 0,
  };
  if (seesSubmissions(s, viewer)) roundState.anonymized = anonymizedView(s, c);
  if (r.outcome !== undefined) roundState.outcome = r.outcome;
  if (r.winnerId !== undefined) roundState.winnerId = r.winnerId;
  if (r.winningIndex !== undefined) roundState.winningIndex = r.winningIndex;
  if (r.votes) {
    roundState.voted = Object.keys(r.votes);
    const mine = viewer === null ? undefined : r.votes[viewer];
    if (mine !== undefined) roundState.myVote = mine;
  }
  if (r.placings) roundState.placings = r.placings;

  const view: GameStateView = {
    gameId: s.gameId,
    definitionId: s.definitionId,
    // The definition is static for the room and never changed in place (every input works on a copy).
    ...(withDefinition ? { definition: s.definition } : {}),
    status: s.status,
    createdAt: s.createdAt,
    settings: c.settings,
    activeVariants: c.activeVariants,
    ...(c.judging ? { judging: c.judging } : {}),
    roles: c.roles,
    players,
    turnOrder: c.turnOrder,
    currentPhase: s.currentPhase,
    phaseStartedAt: s.phaseStartedAt,
    phaseEndsAt: s.status === "playing" ? s.phaseDeadline : null,
    judgeGraceEndsAt: c.judgeGraceEndsAt,
    round: s.round,
    decks: c.decks,
    globalSlots: globalSlotsFor(s, c, isJudge),
    dice: c.dice,
    roundState,
    you: viewer,
    legalActions: legalActionsFor(s, viewer),
    ...vocabView(s, viewer),
  };
  if (c.lastRound) view.lastRound = c.lastRound;
  if (s.locked) view.locked = true;
  if (c.vetoed) view.vetoed = c.vetoed;
  if (s.pause) view.pausedReason = s.pause.reason;
  if (s.startedAt !== undefined) view.startedAt = s.startedAt;
  if (s.endedAt !== undefined) view.endedAt = s.endedAt;
  return view;
}

/** A seat's legal actions as its view lists them (never naming a card it cannot see). */
export function legalActionsFor(s: CardTableState, viewer: string | null): LegalAction[] {
  const isJudge = viewer !== null && viewer === s.roles.judge;
  return legalActions(s, viewer, (def, owner, cards) =>
    visibleCards(s, def, owner?.id ?? null, cards, owner !== null && owner.id === viewer, isJudge),
  );
}
