import type { Card } from "./content/schema";
import type { GameDefinition, SlotDefinition } from "./definition";
import { type AnonymizedSubmission, HIDDEN_CARD, type PublicPlayer } from "./events";
import { interpolatePrompt } from "./interpolate";
import { anonymized, seesSubmissions } from "./judging";
import { publicPlayer } from "./presence";
import type { GameSettings } from "./settings";
import type { CardTableState, DieState, GameStatus, LastRound, PauseState, Roles } from "./state";
import { timers } from "./timers";
import { currentPick, playerOf, promptCard } from "./zones";

/** A submission as the table sees it: the interpolated prompt text is added for display. */
export interface SubmissionView extends AnonymizedSubmission {
  text?: string;
}

/**
 * One seat's `GameState` (the document's shape, RULINGS: only what that seat may see).
 * Decks are counts only; hands are the viewer's own; `roundState.submissions` is keyed
 * by player but holds cards only for the viewer's own answer; the anonymous list carries
 * an author only for the winning entry; `shuffledOrder` (the index→player map) is never sent.
 */
export interface GameStateView {
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
  };
  /** The round just judged, for everyone: all answers anonymous except the winner's. */
  lastRound?: LastRound;
  /** The server's clock when this view was made, so clients can count down to deadlines. */
  serverNow?: number;
  /** The viewer's seat (null: spectator). */
  you: string | null;
}

function hiddenCard(c: Card): Card {
  return { id: HIDDEN_CARD, type: c.type, properties: {} };
}

/** Slot visibility, then per-card overrides from reveal (face up: all) and hide (face down: the owner only). */
function visibleCards(
  s: CardTableState,
  def: SlotDefinition | undefined,
  owner: string | null,
  cards: Card[],
  viewer: string | null,
): Card[] {
  const v = def?.visibility ?? "hidden";
  const isOwner = owner !== null && viewer === owner;
  // A player-scope "judge" slot is seen by its owner only: the judge sees answers through the anonymous list.
  const base =
    v === "public" ||
    (v === "owner" && isOwner) ||
    (v === "judge" && (owner !== null ? isOwner : viewer !== null && viewer === s.roles.judge));
  return cards.map((c) => {
    const face = s.faces[c.id];
    const visible = face === "up" ? true : face === "down" ? isOwner : base;
    return visible ? structuredClone(c) : hiddenCard(c);
  });
}

export function gameView(s: CardTableState, seat: string | null, withDefinition = true): GameStateView {
  const me = playerOf(s, seat);
  const viewer = me && !me.virtual ? me.id : null;
  const def = s.definition;
  const slotDef = (id: string) => def.slots.find((x) => x.id === id);
  const j = def.judging;

  const players = s.players.map((p) => {
    const out = publicPlayer(p);
    if (p.id === viewer) out.hand = structuredClone(p.hand);
    for (const [id, cards] of Object.entries(p.slots)) {
      const shown = visibleCards(s, slotDef(id), p.id, cards, viewer);
      out.slots[id] = shown.every((c) => c.id === HIDDEN_CARD) && p.id !== viewer ? [] : shown;
    }
    return out;
  });

  const decks: GameStateView["decks"] = {};
  for (const [id, d] of Object.entries(s.decks))
    decks[id] = { id, cards: [], discardPile: [], count: d.cards.length, discardCount: d.discardPile.length };

  const globalSlots: Record<string, Card[]> = {};
  for (const [id, cards] of Object.entries(s.globalSlots))
    globalSlots[id] = visibleCards(s, slotDef(id), null, cards, viewer);

  const byPlayer = (slot: string | undefined) => {
    const out: GameStateView["roundState"]["submissions"] = {};
    if (!slot) return out;
    for (const p of s.players) {
      const cards = p.slots[slot] ?? [];
      if (cards.length === 0) continue;
      const entry: { cards: Card[]; count: number; submittedAt?: number } = {
        cards: p.id === viewer ? structuredClone(cards) : [],
        count: cards.length,
      };
      const at = s.roundState.submittedAt[slot]?.[p.id];
      if (at !== undefined) entry.submittedAt = at;
      out[p.id] = entry;
    }
    return out;
  };

  const r = s.roundState;
  const prompt = promptCard(s);
  const roundState: GameStateView["roundState"] = {
    pick: currentPick(s),
    // Before the reveal, who has answered is public (as at a real table); afterwards the cards move to the anonymous list.
    submissions: r.shuffledOrder === undefined ? byPlayer(j?.submissionSlot) : {},
    wagers: r.shuffledOrder === undefined ? byPlayer(j?.wagerSlot) : {},
    entryCount: r.shuffledOrder?.length ?? 0,
  };
  if (seesSubmissions(s, viewer))
    roundState.anonymized = anonymized(s).map((a) => (prompt ? { ...a, text: interpolatePrompt(prompt, a.cards) } : a));
  if (r.outcome !== undefined) roundState.outcome = r.outcome;
  if (r.winnerId !== undefined) roundState.winnerId = r.winnerId;
  if (r.winningIndex !== undefined) roundState.winningIndex = r.winningIndex;

  const judgeTimer = timers(s).find((t) => t.kind === "judge");
  const view: GameStateView = {
    gameId: s.gameId,
    definitionId: s.definitionId,
    // The definition is static for the room and never changed in place (every input works on a copy).
    ...(withDefinition ? { definition: def } : {}),
    status: s.status,
    createdAt: s.createdAt,
    settings: { ...s.settings, packIds: [...s.settings.packIds], activeVariants: [...s.settings.activeVariants] },
    activeVariants: [...s.activeVariants],
    roles: { ...s.roles },
    players,
    turnOrder: [...s.turnOrder],
    currentPhase: s.currentPhase,
    phaseStartedAt: s.phaseStartedAt,
    phaseEndsAt: s.status === "playing" ? s.phaseDeadline : null,
    judgeGraceEndsAt: judgeTimer?.at ?? null,
    round: s.round,
    decks,
    globalSlots,
    dice: structuredClone(s.dice),
    roundState,
    you: viewer,
  };
  if (s.lastRound) view.lastRound = structuredClone(s.lastRound);
  if (s.pause) view.pausedReason = s.pause.reason;
  if (s.startedAt !== undefined) view.startedAt = s.startedAt;
  if (s.endedAt !== undefined) view.endedAt = s.endedAt;
  return view;
}
