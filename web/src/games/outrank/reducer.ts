import type { EnvelopeAction } from "../../kit/action-room";
import { type RoomAction, type RoomBase, roomBase, toast } from "../../kit/room-state";
import { formatValue, playerById, points, rankTag, tokens } from "./game";
import type { Action, OutrankEvent, OutrankView, ServerMessage, TokenView } from "./wire";

/** A guess as everyone saw it: both tokens with their values, and how it went. */
export interface Reveal {
  id: number;
  playerId: string;
  guess: "higher" | "lower";
  drafted: TokenView;
  center: TokenView;
  correct: boolean;
  /** Wrong: the guesser's this-round tokens that went back to the pool. */
  returned: string[];
  unit: string;
  /** The card's ranking when it is the unusual way round ("earliest first"), else null. */
  rank: string | null;
  /** Local time it arrived. */
  at: number;
}

/** A moment worth an animation (and a sound): each has its own id, so it plays once. */
export interface Fx {
  id: number;
  kind: "correct" | "wrong" | "bonus" | "cashOut" | "marker" | "discard";
  playerId: string;
  /** Points it brought, for the "+n" that rises from the score. */
  points: number;
  text: string;
  /** Local time it arrived: a screen that mounts later does not replay an old animation. */
  at: number;
}

export interface FeedItem {
  id: number;
  text: string;
  tone: "good" | "bad" | "info";
}

export interface RoundSummary {
  round: number;
  reason: "allOut" | "poolEmpty";
  bonus: { playerId: string; points: number } | null;
}

/** Everything the room page renders: server messages and the viewer's own taps change it. */
export interface OutrankClient extends RoomBase {
  roomId: string;
  /** A state has arrived, so `view` is trustworthy. */
  synced: boolean;
  notFound: boolean;
  /** This browser's seat was taken away or given up: its token proves nothing any more. */
  removed: "kicked" | "left" | null;
  /** Why this browser watches although it asked for a seat (table_mode, game_in_progress, room_full…). */
  seatRefused: string | null;
  /** The stored seat token was refused (bad_token): forget it and watch. */
  badToken: boolean;
  view: OutrankView | null;
  /** serverNow − local time at the last state. */
  clockOffset: number;
  /** requestId → what was asked; its buttons wait for the ack or error. */
  pending: Record<string, Action["type"]>;
  names: Record<string, string>;
  reveal: Reveal | null;
  summary: RoundSummary | null;
  fx: Fx[];
  feed: FeedItem[];
  /** Table mode: the player who tapped "I'm ready" and holds the device now. */
  ready: string | null;
  nextId: number;
}

export type OutrankAction = RoomAction<ServerMessage> | EnvelopeAction<Action> | { kind: "ready"; playerId: string };

const MAX_FEED = 8;
const MAX_FX = 6;

export function initialClient(roomId: string): OutrankClient {
  return {
    ...roomBase(),
    roomId,
    synced: false,
    notFound: false,
    removed: null,
    seatRefused: null,
    badToken: false,
    view: null,
    clockOffset: 0,
    pending: {},
    names: {},
    reveal: null,
    summary: null,
    fx: [],
    feed: [],
    ready: null,
    nextId: 1,
  };
}

export function outrankReducer(s: OutrankClient, a: OutrankAction): OutrankClient {
  switch (a.kind) {
    case "server":
      return applyMessage(s, a.msg, a.at);
    case "sent":
      return { ...s, pending: { ...s.pending, [a.requestId]: a.action.type } };
    case "link":
      // What was in flight is lost with the line; the reconnect brings a fresh state.
      return a.up || Object.keys(s.pending).length === 0 ? s : { ...s, pending: {} };
    case "ready":
      return { ...s, ready: a.playerId };
    case "left":
      return { ...s, removed: "left" };
  }
}

/** Seat refusals on joining: the socket watches instead, and the page says why. */
const SEAT_REFUSALS = new Set(["table_mode", "game_in_progress", "room_full", "left_game", "kicked"]);

function applyMessage(s: OutrankClient, m: ServerMessage, at: number): OutrankClient {
  switch (m.type) {
    case "state":
      return applyState(s, m.state, at);
    case "event":
      return applyEvent(s, m.event, at);
    case "ack":
      return { ...s, pending: without(s.pending, m.requestId) };
    case "error": {
      const next = { ...s, pending: without(s.pending, m.requestId) };
      // "Ready" that reached the server after the next round began: it is done, nothing to say.
      if (m.error === "wrong_phase" && s.pending[m.requestId] === "nextRound") return next;
      if (m.error === "room_not_found" && !s.synced) return { ...next, notFound: true };
      if (m.error === "bad_token") return { ...next, badToken: true };
      if (SEAT_REFUSALS.has(m.error) && !m.requestId) {
        const removed = m.error === "kicked" ? "kicked" : m.error === "left_game" ? "left" : s.removed;
        return { ...next, seatRefused: m.error, removed };
      }
      return toast(next, m.error, m.message);
    }
  }
}

function applyState(s: OutrankClient, v: OutrankView, at: number): OutrankClient {
  const names = { ...s.names };
  for (const p of v.players) names[p.id] = p.name;
  let removed = s.removed;
  // Online, our own player gone (left or kicked) means the seat is no longer ours.
  if (v.mode === "online" && v.you !== null && v.players[v.you]?.presence === "left") removed ??= "left";
  const fresh = v.phase === "lobby" || v.phase === "gameEnd";
  return {
    ...s,
    synced: true,
    notFound: false,
    badToken: false,
    view: v,
    names,
    removed,
    seatRefused: v.seat !== null ? null : s.seatRefused,
    clockOffset: v.serverNow - at,
    ready: fresh ? null : s.ready,
    reveal: fresh && v.phase === "lobby" ? null : s.reveal,
  };
}

function applyEvent(s: OutrankClient, e: OutrankEvent, at: number): OutrankClient {
  const fx = (st: OutrankClient, kind: Fx["kind"], playerId: string, pts: number, text: string) =>
    addFx(st, { kind, playerId, points: pts, text, at });
  const v = s.view;
  const name = (id: string) => s.names[id] ?? (v ? playerById(v, id)?.name : undefined) ?? id;
  const meId = v && v.you !== null ? (v.players[v.you]?.id ?? null) : null;
  const online = v?.mode !== "table";
  switch (e.type) {
    case "playerJoined":
      return feed({ ...s, names: { ...s.names, [e.player.id]: e.player.name } }, `${e.player.name} joined.`);
    case "playerLeft": {
      if (online && e.playerId === meId && e.reason === "kicked")
        return feed({ ...s, removed: "kicked" }, "The lead removed you from the game.", "bad");
      const text =
        e.reason === "kicked"
          ? `${name(e.playerId)} was removed by the lead.`
          : e.reason === "removed"
            ? `${name(e.playerId)} left the table.`
            : `${name(e.playerId)} left the game.`;
      return feed(s, text);
    }
    case "presenceChanged": {
      const text =
        e.presence === "disconnected"
          ? `${name(e.playerId)} lost the connection.`
          : e.presence === "away"
            ? `${name(e.playerId)} is away: their turns pass.`
            : e.presence === "active"
              ? `${name(e.playerId)} is back.`
              : null;
      return text ? feed(s, text) : s;
    }
    case "leadChanged": {
      const p = v?.players.find((x) => x.seat === e.seat);
      return p ? feed(s, `${p.name} leads the game now.`) : s;
    }
    case "settingsChanged":
      return s;
    case "gameStarted":
      return feed(
        { ...s, feed: [], fx: [], reveal: null, summary: null, ready: null },
        `The game is on. ${name(e.firstGuesser)} guesses first.`,
      );
    case "challengeSelected":
      return feed(
        { ...s, reveal: null, summary: null },
        `Round ${e.round}: ${name(e.playerId)} chose ${e.challenge.name}${e.auto ? " (time ran out, so it was picked for them)" : ""}. Center: ${e.center.name}${e.center.value === undefined ? "" : `, ${formatValue(e.center.value, e.challenge.unit)}`}.`,
      );
    case "turnChanged":
      return s;
    case "guessResolved": {
      const unit = v?.currentChallenge?.unit ?? "";
      const rank = v?.currentChallenge ? rankTag(v.currentChallenge) : null;
      const val = (t: TokenView) => (t.value === undefined ? t.name : `${t.name} ${formatValue(t.value, unit)}`);
      const reveal: Reveal = {
        id: s.nextId,
        playerId: e.playerId,
        guess: e.guess,
        drafted: e.drafted,
        center: e.center,
        correct: e.correct,
        returned: e.returned,
        unit,
        rank,
        at,
      };
      const call = e.guess === "higher" ? "HIGHER" : "LOWER";
      const outcome = e.correct
        ? "Right: +1."
        : e.returned.length > 0
          ? `Wrong: ${tokens(e.returned.length)} back to the pool.`
          : "Wrong.";
      const next = fx(
        { ...s, reveal, nextId: s.nextId + 1 },
        e.correct ? "correct" : "wrong",
        e.playerId,
        e.correct ? 1 : 0,
        e.correct ? "+1" : "Wrong",
      );
      return feed(
        next,
        `${name(e.playerId)} called ${call}: ${val(e.drafted)} vs ${val(e.center)}. ${outcome}`,
        e.correct ? "good" : "bad",
      );
    }
    case "cashedOut":
      return feed(
        fx(s, "cashOut", e.playerId, e.points, `+${e.points}`),
        `${name(e.playerId)} cashed ${e.tokenIds.length} × ${e.tag} for ${points(e.points)}.`,
        "good",
      );
    case "discarded":
      return feed(
        fx(s, "discard", e.playerId, 0, `−${e.tokenIds.length}`),
        `${name(e.playerId)} discarded ${tokens(e.tokenIds.length)}.`,
      );
    case "passed":
      return feed(
        s,
        e.reason === "pass"
          ? `${name(e.playerId)} passed.`
          : e.reason === "timeout"
            ? `${name(e.playerId)} ran out of time and passed.`
            : `${name(e.playerId)} is away and sits the round out.`,
      );
    case "markerMoved":
      return feed(
        fx(s, "marker", e.playerId, 0, "First Guesser"),
        `${name(e.playerId)} takes the First Guesser marker.`,
      );
    case "roundEnded": {
      const summary: RoundSummary = { round: e.round, reason: e.reason, bonus: e.bonus };
      const why = e.reason === "poolEmpty" ? "The draft pool is empty." : "Everyone is out.";
      const bonus = e.bonus ? ` ${name(e.bonus.playerId)} was last standing: +${e.bonus.points} bonus.` : "";
      let next: OutrankClient = { ...s, summary };
      if (e.bonus) next = fx(next, "bonus", e.bonus.playerId, e.bonus.points, `+${e.bonus.points} bonus`);
      return feed(next, `Round ${e.round} over. ${why}${bonus}`, e.bonus ? "good" : "info");
    }
    case "gamePaused":
      return feed(s, e.reason === "lead" ? "The lead paused the game." : "Paused: fewer than two players are here.");
    case "gameResumed":
      return feed(s, "The game is back on.");
    case "gameEnded": {
      const w = e.result.winners.map(name);
      const text =
        w.length === 0
          ? "Game over."
          : w.length === 1
            ? `Game over: ${w[0]} wins.`
            : `Game over: ${w.join(" and ")} share the win.`;
      return feed({ ...s, ready: null }, text, "good");
    }
  }
}

function addFx(s: OutrankClient, f: Omit<Fx, "id">): OutrankClient {
  const item: Fx = { id: s.nextId, ...f };
  return { ...s, fx: [...s.fx, item].slice(-MAX_FX), nextId: s.nextId + 1 };
}

function feed(s: OutrankClient, text: string, tone: FeedItem["tone"] = "info"): OutrankClient {
  return { ...s, feed: [...s.feed, { id: s.nextId, text, tone }].slice(-MAX_FEED), nextId: s.nextId + 1 };
}

function without(pending: Record<string, Action["type"]>, id: string): Record<string, Action["type"]> {
  if (!(id in pending)) return pending;
  const out = { ...pending };
  delete out[id];
  return out;
}

/** Whether a request of these kinds is still waiting for its answer (any, with none named). */
export function isPending(s: OutrankClient, ...types: Action["type"][]): boolean {
  const waiting = Object.values(s.pending);
  return types.length === 0 ? waiting.length > 0 : waiting.some((t) => types.includes(t));
}

/**
 * Table mode: the screen hides the choices until the player whose turn it is says they hold
 * the device. Needed when the device acts for someone other than whoever tapped last.
 */
export function needsHandover(s: OutrankClient): boolean {
  const v = s.view;
  if (v?.mode !== "table" || v.seat === null || v.you === null || v.paused) return false;
  if (v.phase !== "challenge" && v.phase !== "drafting") return false;
  return v.players[v.you]?.id !== s.ready;
}

/** How long an animation cue stays on screen. */
export const FX_MS = 2600;

/** Animation cues that arrived within the last FX_MS (newest last). */
export function freshFx(s: OutrankClient, now: number, kinds?: Fx["kind"][]): Fx[] {
  return s.fx.filter((f) => now - f.at < FX_MS && (!kinds || kinds.includes(f.kind)));
}
