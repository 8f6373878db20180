import type { EnvelopeAction } from "../../kit/action-room";
import { type RoomAction, type RoomBase, roomBase, toast } from "../../kit/room-state";
import { type ComposeTarget, composeTarget, meOf } from "./table";
import type { Action, GameEvent, GameStateView, ServerMessage, WireStateView } from "./wire";

/** Why the server would not seat this browser; the join form says so and stays. */
export type SeatRefusal = "name_taken" | "table_locked" | "room_full" | "bad_token";
const SEAT_REFUSALS = new Set<string>(["name_taken", "table_locked", "room_full", "bad_token"]);

/** A line of table talk: who joined, who won, who leads now. */
export interface Notice {
  id: number;
  text: string;
  /** The event it came from. */
  kind: GameEvent["type"];
}

/** The cards the viewer has picked for an answer, in the order they will be played. */
export interface Draft {
  slot: string;
  round: number;
  cards: string[];
  /** What the viewer wrote on picked blank cards, by card id. */
  texts: Record<string, string>;
}

/** Everything the room page renders. Server messages, the socket and the viewer's own picks change it. */
export interface CardsClient extends RoomBase {
  roomId: string;
  /** A state has arrived, so `view` is trustworthy. */
  synced: boolean;
  notFound: boolean;
  /** This browser's seat was taken away (kicked) or given up; its token proves nothing any more. */
  removed: "kicked" | "left" | null;
  /** A seat was asked for and the socket is rejoining with it: the form waits. */
  joining: boolean;
  /** The last seat request the server refused, with its words (a taken name, a locked table). */
  refusal: { code: SeatRefusal; message: string } | null;
  view: GameStateView | null;
  /** serverNow − local time, estimated from server timestamps as states arrive. */
  clockOffset: number;
  /** requestId → what we asked for; buttons for it stay disabled until ack or error. */
  pending: Record<string, Action["type"]>;
  draft: Draft;
  /** Names seen so far, so a notice can name a player who has already gone. */
  names: Record<string, string>;
  /** The winner the server named when the game ended (absent: none named). */
  finalWinner: string | null;
  notices: Notice[];
  nextId: number;
}

export type CardsAction =
  | RoomAction<ServerMessage>
  | EnvelopeAction<Action>
  | { kind: "toggle"; cardId: string }
  | { kind: "move"; from: number; to: number }
  | { kind: "write"; cardId: string; text: string }
  | { kind: "clearDraft" }
  | { kind: "joining" }
  /** The seat request failed (the room hook has said why). */
  | { kind: "joinFailed" };

const MAX_NOTICES = 6;

/** `kicked`: this browser was removed from the table on an earlier visit (remembered). */
export function initialCardsState(roomId: string, kicked = false): CardsClient {
  return {
    ...roomBase(),
    roomId,
    synced: false,
    notFound: false,
    removed: kicked ? "kicked" : null,
    joining: false,
    refusal: null,
    view: null,
    clockOffset: 0,
    pending: {},
    draft: { slot: "", round: 0, cards: [], texts: {} },
    names: {},
    finalWinner: null,
    notices: [],
    nextId: 1,
  };
}

export function cardsReducer(s: CardsClient, a: CardsAction): CardsClient {
  switch (a.kind) {
    case "link":
      // A dropped line loses whatever was in flight; the reconnect brings a fresh state.
      return a.up ? s : { ...s, pending: {} };
    case "sent":
      return { ...s, pending: { ...s.pending, [a.requestId]: a.action.type } };
    case "toggle":
      return s.view ? { ...s, draft: toggle(s.view, s.draft, a.cardId) } : s;
    case "move":
      return { ...s, draft: { ...s.draft, cards: moved(s.draft.cards, a.from, a.to) } };
    case "write":
      return { ...s, draft: { ...s.draft, texts: { ...s.draft.texts, [a.cardId]: a.text } } };
    case "clearDraft":
      return { ...s, draft: { ...s.draft, cards: [] } };
    case "left":
      return { ...s, removed: "left", draft: { ...s.draft, cards: [] } };
    case "joining":
      return { ...s, joining: true, refusal: null };
    case "joinFailed":
      return { ...s, joining: false };
    case "server":
      return applyMessage(s, a.msg, a.at);
  }
}

function applyMessage(s: CardsClient, m: ServerMessage, at: number): CardsClient {
  switch (m.type) {
    case "state":
      return applyState(s, m.state, at);
    case "event":
      return applyEvent(s, m.event);
    case "ack":
      return { ...s, pending: without(s.pending, m.requestId) };
    case "error": {
      const next = { ...s, pending: without(s.pending, m.requestId) };
      // A wrong code gets its own screen rather than a passing toast.
      if (m.error === "room_not_found" && !s.synced) return { ...next, notFound: true };
      // Refused seats get their own screens and forms, not toasts.
      if (m.error === "kicked") return { ...next, removed: "kicked", joining: false, refusal: null };
      if (m.error === "left_game") return toast({ ...next, removed: "left", joining: false }, m.error, m.message);
      if (SEAT_REFUSALS.has(m.error))
        return { ...next, joining: false, refusal: { code: m.error as SeatRefusal, message: m.message } };
      return toast(next, m.error, m.message);
    }
  }
}

function applyState(s: CardsClient, incoming: WireStateView, at: number): CardsClient {
  const prev = s.view;
  // Views after each input leave out the (unchanging) definition; the join's full sync has it.
  const definition = incoming.definition ?? prev?.definition;
  if (!definition) return s;
  const v: GameStateView = { ...incoming, definition };
  const names = { ...s.names };
  for (const p of v.players) names[p.id] = p.name;
  const me = v.players.find((p) => p.id === v.you);
  let removed = s.removed;
  if (me?.presence === "left") removed ??= "left";
  const seated = v.you !== null && me?.presence !== "left";
  // A seat given up (or timed out) is gone, but this browser may take a new one.
  if (seated && removed === "left") removed = null;
  return {
    ...s,
    synced: true,
    notFound: false,
    view: v,
    names,
    removed,
    joining: s.joining && !seated,
    refusal: seated ? null : s.refusal,
    clockOffset: estimateOffset(s, prev, v, at),
    draft: reconcile(v, s.draft),
    // A new game (rematch) forgets the last one's winner.
    finalWinner: v.status === "ended" ? s.finalWinner : null,
  };
}

/**
 * The view carries no server clock, but some of its timestamps are "now" on the server
 * when they change: the phase start, and our own lastSeen as we (re)join. Their distance
 * from our receive time is the clock offset, less the network delay.
 */
function estimateOffset(s: CardsClient, prev: GameStateView | null, v: GameStateView, at: number): number {
  if (typeof v.serverNow === "number") return v.serverNow - at;
  if (prev && v.phaseStartedAt !== prev.phaseStartedAt) return v.phaseStartedAt - at;
  const me = v.you ? v.players.find((p) => p.id === v.you) : undefined;
  const before = prev?.you ? prev.players.find((p) => p.id === prev.you) : undefined;
  if (me && me.lastSeen !== before?.lastSeen) return me.lastSeen - at;
  return s.clockOffset;
}

function applyEvent(s: CardsClient, e: GameEvent): CardsClient {
  const name = (id: string) => s.names[id] ?? (id === "rando" ? "Rando Cardrissian" : id);
  const you = s.view?.you ?? null;
  switch (e.type) {
    case "playerJoined":
      return notice(
        { ...s, names: { ...s.names, [e.player.id]: e.player.name } },
        "playerJoined",
        `${e.player.name} sat down.`,
      );
    case "playerLeft": {
      if (e.playerId === you && e.reason === "kicked") {
        const next = { ...s, removed: "kicked" as const };
        return notice(next, "playerLeft", "The lead removed you from the table.");
      }
      if (e.reason === "kicked") return notice(s, "playerLeft", `${name(e.playerId)} was removed by the lead.`);
      if (e.reason === "disconnected")
        return notice(s, "playerLeft", `${name(e.playerId)} did not come back and left the table.`);
      return notice(s, "playerLeft", `${name(e.playerId)} left the table.`);
    }
    case "leadChanged":
      return notice(
        s,
        "leadChanged",
        e.playerId === you ? "You lead the table now." : `${name(e.playerId)} leads the table now.`,
      );
    case "judgeChanged":
      return notice(s, "judgeChanged", e.playerId === you ? "You are the judge." : `${name(e.playerId)} is the judge.`);
    case "winnerSelected":
      return notice(
        s,
        "winnerSelected",
        e.playerId === you ? "Your answer won the round!" : `${name(e.playerId)} won the round.`,
      );
    case "gamePaused":
      return notice(s, "gamePaused", "The game is paused.");
    case "gameResumed":
      return notice(s, "gameResumed", "The game is back on.");
    case "gameStarted":
      // A new game starts a fresh page of table talk.
      return notice({ ...s, notices: [], finalWinner: null }, "gameStarted", "The game has started.");
    case "cardsDiscarded":
      // Only how many: a hand is secret even when it goes (docs/games/card-table.md, Decisions D5).
      return notice(
        s,
        "cardsDiscarded",
        `${e.playerId === you ? "Your" : `${name(e.playerId)}'s`} ${e.count} ${e.count === 1 ? "card went" : "cards went"} to the discard pile.`,
      );
    case "tableLocked":
      return notice(
        { ...s, view: s.view ? withLock(s.view, e.locked) : s.view },
        "tableLocked",
        e.locked ? "The lead locked the table: newcomers can only watch." : "The lead opened the table to newcomers.",
      );
    case "cardVetoed":
      // Never whose card it was: only what it said (docs/games/card-table.md, Decisions D18).
      return notice(s, "cardVetoed", `The lead vetoed a card: "${e.text || "a blank card"}".`);
    case "dieRolled": {
      const roller = s.view?.roles.turn;
      const face = e.result.label ?? String(e.result.value);
      const who = roller ? (roller === you ? "You" : name(roller)) : "Someone";
      return notice(s, "dieRolled", `${who} rolled ${face}.`);
    }
    case "turnChanged":
      return notice(s, "turnChanged", e.playerId === you ? "Your turn." : `${name(e.playerId)}'s turn.`);
    case "gameEnded": {
      // The last round hands the judge on before the end is checked; nobody will judge that round.
      const last = s.notices.at(-1);
      const notices = last?.kind === "judgeChanged" ? s.notices.slice(0, -1) : s.notices;
      const top = Math.max(0, ...Object.values(e.finalScores));
      const tied = Object.keys(e.finalScores).filter((id) => top > 0 && e.finalScores[id] === top);
      const text = e.winner
        ? e.winner === you
          ? "Game over: you win!"
          : `Game over: ${name(e.winner)} wins.`
        : tied.length > 1
          ? `Game over: a tie between ${tied.map((id) => (id === you ? "you" : name(id))).join(" and ")}.`
          : "Game over: no winner.";
      return notice({ ...s, notices, finalWinner: e.winner ?? null }, "gameEnded", text);
    }
    default:
      return s;
  }
}

function withLock(v: GameStateView, locked: boolean): GameStateView {
  const { locked: _was, ...rest } = v;
  return locked ? { ...rest, locked: true } : rest;
}

/** Tap a card: add it to the answer in order, or take it back out; a full pick-1 answer swaps. */
function toggle(v: GameStateView, d: Draft, cardId: string): Draft {
  const target = composeTarget(v);
  if (!target) return d;
  const base = sameDraft(d, target, v.round) ? d : { slot: target.slot, round: v.round, cards: [], texts: {} };
  if (base.cards.includes(cardId)) return { ...base, cards: base.cards.filter((c) => c !== cardId) };
  if (!meOf(v)?.hand.some((c) => c.id === cardId)) return base;
  if (base.cards.length < target.room) return { ...base, cards: [...base.cards, cardId] };
  if (target.room === 1) return { ...base, cards: [cardId] };
  return base;
}

function sameDraft(d: Draft, t: ComposeTarget, round: number): boolean {
  return d.slot === t.slot && d.round === round;
}

/** After a new state: keep the picks still in hand, for the same answer of the same round. */
function reconcile(v: GameStateView, d: Draft): Draft {
  const target = composeTarget(v);
  if (!target) return d.cards.length === 0 ? d : { ...d, cards: [] };
  if (!sameDraft(d, target, v.round)) return { slot: target.slot, round: v.round, cards: [], texts: {} };
  const hand = new Set(meOf(v)?.hand.map((c) => c.id) ?? []);
  const kept = d.cards.filter((c) => hand.has(c)).slice(0, target.room);
  return kept.length === d.cards.length ? d : { ...d, cards: kept };
}

/** Move one item to another index (drag, or the up/down buttons). */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

function without(pending: Record<string, Action["type"]>, id: string): Record<string, Action["type"]> {
  if (!(id in pending)) return pending;
  const out = { ...pending };
  delete out[id];
  return out;
}

function notice(s: CardsClient, kind: GameEvent["type"], text: string): CardsClient {
  return { ...s, notices: [...s.notices, { id: s.nextId, kind, text }].slice(-MAX_NOTICES), nextId: s.nextId + 1 };
}

/** Whether any request of these kinds is still waiting for its answer. */
export function isPending(s: CardsClient, ...types: Action["type"][]): boolean {
  const waiting = Object.values(s.pending);
  return types.length === 0 ? waiting.length > 0 : waiting.some((t) => types.includes(t));
}
