import { type RoomAction, type RoomBase, roomBase, toast } from "../../kit/room-state";
import type { Cue } from "../../kit/sound";
import type {
  CardData,
  EndedData,
  JokerCardView,
  LeftReason,
  PendingView,
  PlayerView,
  ServerEventData,
  ServerMessage,
  SkipReason,
  StateData,
} from "./wire";

/**
 * The race as this browser knows it. A `game:state` (every join and reconnect) replaces
 * everything; between syncs each event updates the same view, so the screens read one
 * shape whatever came last. What the race waits for next, and until when, comes with each
 * event (`pending`, once its step is over): the client never works a deadline, a draw or a
 * guess out of the rules.
 */

export interface Notice {
  id: number;
  text: string;
  tone: "good" | "bad" | "info" | "turn";
  /** Server time (ms) it happened. */
  at: number;
}

/** The card in play (or played last), as everyone may see it, and how it went. */
export interface CardInPlay {
  id: number;
  /** The turn (turnNumber) it belongs to. */
  turn: number;
  playerId: string;
  playerName: string;
  cardType: string;
  question: string;
  fieldType: string;
  /** The answer UI: the player's own `game:card-drawn-self`, or a sync's. */
  cardData: CardData | null;
  submitted?: unknown;
  isCorrect?: boolean;
  correctAnswer?: unknown;
  message?: string;
}

/** A guess's outcome (a question card's or a joker's). */
export interface GuessOutcome {
  id: number;
  turn: number;
  playerId: string;
  playerName: string;
  joker: boolean;
  moved: boolean;
  guessedPosition: number | null;
  finalPosition: number;
  guessCorrect: boolean;
  calculation: ServerEventData<"game:guess-result">["calculation"] | null;
  message: string;
}

export interface SerpentClient extends RoomBase {
  code: string;
  /** A `game:state` has arrived, so `view` can be trusted. */
  synced: boolean;
  view: StateData | null;
  /** serverTime − local time at the last sync. */
  clockOffset: number;
  /** The name `authenticated` greeted us with. */
  me: string | null;
  /** The seat `authenticated` named ("P1"…, "GM" for the gamemaster); null for a projector. */
  seat: string | null;
  /**
   * This browser's player is out of the race for good: they left, the gamemaster removed
   * them (`game:player-left` naming them), or their token was refused as one that left
   * (`left_game`, when we cannot tell which). The page stops offering them a turn.
   */
  gone: LeftReason | "out" | null;
  /** The sound to play for the newest prompt or result (the page plays each id once). */
  cue: { id: number; sound: Cue } | null;
  /** The last prompt a cue was played for: a prompt sent again after a reconnect stays silent. */
  cued: string | null;
  lastRoll: { id: number; turn: number; playerId: string; playerName: string; value: number } | null;
  card: CardInPlay | null;
  guess: GuessOutcome | null;
  joker: {
    id: number;
    turn: number;
    playerId: string;
    playerName: string;
    jokerCard: JokerCardView;
    decision?: string;
  } | null;
  luck: { id: number; turn: number; playerId: string; playerName: string; question: string; message: string } | null;
  /** Newest first. */
  feed: Notice[];
  ended: EndedData | null;
  /** `game:cleanup-complete`: the room is closing. */
  closed: boolean;
  notFound: boolean;
  /** The stored game token was refused: forget it and ask again. */
  badToken: boolean;
  /**
   * Watching was refused (a PRIVATE or ORGANIZATION game, without the right to join it or
   * the gamemaster's projector link): why, in the server's code and words.
   */
  watchRefused: { code: string; message: string } | null;
  nextId: number;
}

export type SerpentAction = RoomAction<ServerMessage> | { kind: "restore"; ended: EndedData };

export const FEED_MAX = 40;
const CHAT_MAX = 50;

export function initialClient(code: string): SerpentClient {
  return {
    ...roomBase(),
    code,
    synced: false,
    view: null,
    clockOffset: 0,
    me: null,
    seat: null,
    gone: null,
    cue: null,
    cued: null,
    lastRoll: null,
    card: null,
    guess: null,
    joker: null,
    luck: null,
    feed: [],
    ended: null,
    closed: false,
    notFound: false,
    badToken: false,
    watchRefused: null,
    nextId: 1,
  };
}

export function serpentReducer(s: SerpentClient, a: SerpentAction): SerpentClient {
  switch (a.kind) {
    case "restore":
      return { ...s, ended: a.ended };
    case "server":
      return onMessage(s, a.msg, a.at);
    case "link":
      return s;
  }
}

function note(s: SerpentClient, text: string, tone: Notice["tone"], at: number): SerpentClient {
  return { ...s, feed: [{ id: s.nextId, text, tone, at }, ...s.feed].slice(0, FEED_MAX), nextId: s.nextId + 1 };
}

/** The turn an event belongs to: the view's turn number when it arrives. */
const turnOf = (s: SerpentClient): number => s.view?.turnNumber ?? 0;

const time = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : 0;
};

/** A cue for a prompt, once: `key` names the prompt (its turn, its request), so the same one sent again is silent. */
function cueOnce(s: SerpentClient, key: string, sound: Cue): SerpentClient {
  if (s.cued === key) return s;
  return { ...s, cue: { id: s.nextId, sound }, cued: key, nextId: s.nextId + 1 };
}

const cueNow = (s: SerpentClient, sound: Cue): SerpentClient => ({
  ...s,
  cue: { id: s.nextId, sound },
  nextId: s.nextId + 1,
});

/**
 * Whether the player to roll is away, as the server's facts say: "none" (no roll waits, or
 * its player is here), "running" (the server will skip their turn at the roll's deadline)
 * or "waits" (no skip is set: nobody else in the race is here, and the turn waits).
 */
export function awayClock(v: StateData): "none" | "running" | "waits" {
  const p = v.pending;
  if (v.phase !== "active" || p?.kind !== "roll") return "none";
  const cur = v.players.find((x) => x.playerId === p.playerId);
  if (cur === undefined || cur.connected) return "none";
  return p.deadline ? "running" : "waits";
}

/** `game:players-skipped` in words, by its reason. */
export function skipText(name: string, reason: SkipReason, remaining: number): string {
  switch (reason) {
    case "away":
      return `${name} was away: their turn was skipped.`;
    case "gamemaster":
      return `The gamemaster skipped ${name}'s turn.`;
    case "lost-turns":
      return remaining > 0 ? `${name} loses a turn (${remaining} more to miss).` : `${name} loses a turn.`;
  }
}

/** `game:player-left` in words, by its reason. */
export function leftText(name: string, reason: LeftReason): string {
  return reason === "removed" ? `The gamemaster took ${name} out of the game.` : `${name} left the game.`;
}

/** Why a screen may not watch a game: no account, not a member, not this game's projector link. */
const WATCH_REFUSALS = new Set(["unauthorized", "not_a_member", "bad_key"]);

/** Refusals whose server wording names seats ("P2"), said in words a gamemaster reads. */
const REFUSAL_TEXT: Record<string, string> = {
  not_their_turn: "That turn had already moved on: nobody was skipped.",
  unknown_player: "That player is not in the game any more.",
};

function withView(s: SerpentClient, f: (v: StateData) => StateData): SerpentClient {
  return s.view ? { ...s, view: f(s.view) } : s;
}

function patchPlayer(v: StateData, playerId: string, patch: Partial<PlayerView>): StateData {
  return { ...v, players: v.players.map((p) => (p.playerId === playerId ? { ...p, ...patch } : p)) };
}

/**
 * What the race waits for, as an event says it. An event for everyone leaves out what is
 * this page's alone (the guess inputs, the decision request): those its own prompt brought
 * stay while the stage is the same.
 */
export function nextPending(was: PendingView | null, now: PendingView | null): PendingView | null {
  if (!now || !was) return now;
  const same = was.kind === now.kind && was.playerId === now.playerId && was.deadline === now.deadline;
  if (!same) return now;
  return {
    ...now,
    guessRequest: now.guessRequest ?? was.guessRequest,
    decisionRequest: now.decisionRequest ?? was.decisionRequest,
  };
}

function stateFrom(s: SerpentClient, v: StateData, at: number): SerpentClient {
  const next: SerpentClient = {
    ...s,
    synced: true,
    view: v,
    clockOffset: time(v.serverTime) - at,
    notFound: false,
    badToken: false,
    watchRefused: null,
  };
  const p = v.pending;
  if (p?.card && p.kind === "answer") {
    const same = s.card && s.card.question === p.card.question && s.card.playerId === p.playerId;
    next.card = {
      ...(same ? s.card! : { id: s.nextId }),
      turn: v.turnNumber,
      playerId: p.playerId,
      playerName: p.playerName,
      cardType: p.card.cardType,
      question: p.card.question,
      fieldType: p.fieldType ?? "",
      cardData: p.cardData,
    };
    if (!same) next.nextId = s.nextId + 1;
  }
  if (p?.jokerCard)
    next.joker = {
      id: next.nextId++,
      turn: v.turnNumber,
      playerId: p.playerId,
      playerName: p.playerName,
      jokerCard: p.jokerCard,
    };
  if (v.phase === "ended" && !s.ended) next.ended = endedFromState(v);
  return next;
}

/** The end as a sync shows it (a gamemaster or projector that comes back after the end). */
export function endedFromState(v: StateData): EndedData {
  return {
    winner: v.winner,
    winnerName: v.winnerName,
    message: v.winnerName ? `${v.winnerName} wins the race!` : "The race is over.",
    finalPositions: v.finalPositions ?? [],
    report: v.players
      .filter((p) => !p.left)
      .map((p) => ({
        playerId: p.playerId,
        playerName: p.playerName,
        boardPosition: p.boardPosition,
        answers: p.answers,
      })),
    timestamp: v.serverTime,
  };
}

function onMessage(s: SerpentClient, msg: ServerMessage, at: number): SerpentClient {
  if (msg.event === "game:state") return stateFrom(s, msg.data, at);
  if (msg.event === "authenticated") return { ...s, me: msg.data.playerName, seat: msg.data.playerId ?? null };
  if (msg.event === "game:error") {
    const code = msg.data.code ?? "error";
    if (code === "room_not_found") return { ...s, notFound: s.ended === null };
    if (code === "bad_token") return { ...s, badToken: true };
    // A screen that may not watch this game (before any sync: nothing of it was shown).
    if (!s.synced && WATCH_REFUSALS.has(code)) return { ...s, watchRefused: { code, message: msg.data.message } };
    // The stored token is of a player who is out (left, or removed): they may only watch now.
    if (code === "left_game") return { ...s, gone: s.gone ?? "out" };
    return toast(s, code, REFUSAL_TEXT[code] ?? msg.data.message);
  }
  if (msg.event === "game:chat") {
    const line = msg.data;
    return withView(s, (v) => ({ ...v, chat: [...v.chat, line].slice(-CHAT_MAX) }));
  }
  if (msg.event === "game:cleanup-complete") return { ...s, closed: true };
  const waits = msg.data.pending;
  const next = withView(s, (v) => ({ ...v, pending: nextPending(v.pending, waits) }));
  return onRaceEvent(next, msg, time(msg.data.timestamp));
}

type RaceMessage = Exclude<
  ServerMessage,
  { event: "game:state" | "authenticated" | "game:error" | "game:chat" | "game:cleanup-complete" }
>;

/** What a guess's outcome (a question card's or a joker's) shows. */
function guessOf(
  s: SerpentClient,
  d: ServerEventData<"game:guess-result"> | ServerEventData<"game:joker-complete">,
  joker: boolean,
): GuessOutcome {
  return {
    id: s.nextId,
    turn: turnOf(s),
    playerId: d.playerId,
    playerName: d.playerName,
    joker,
    moved: "moved" in d ? d.moved : true,
    guessedPosition: d.guessedPosition,
    finalPosition: d.finalPosition,
    guessCorrect: d.guessCorrect,
    calculation: d.calculation,
    message: d.message,
  };
}

function onRaceEvent(s: SerpentClient, msg: RaceMessage, ts: number): SerpentClient {
  const v = s.view;
  switch (msg.event) {
    case "game:player-joined": {
      const d = msg.data;
      // Heard twice for one player: when the place is taken, and when their socket joins.
      const known = v?.players.some((p) => p.playerId === d.playerId) ?? false;
      const next = withView(s, (v) => {
        const counted = { ...v, readyCount: d.readyCount, allReady: d.allReady };
        if (known) return patchPlayer(counted, d.playerId, { playerName: d.playerName, left: false });
        const fresh: PlayerView = {
          playerId: d.playerId,
          playerName: d.playerName,
          boardPosition: 0,
          turnOrder: -1,
          ready: false,
          connected: false,
          left: false,
          extraTurns: 0,
          turnsToLose: 0,
          answers: {},
        };
        return { ...counted, players: [...v.players, fresh] };
      });
      return known ? next : note(next, `${d.playerName} joined.`, "info", ts);
    }
    case "game:player-left": {
      const d = msg.data;
      const next = withView(s, (v) => {
        const counted = { ...v, readyCount: d.readyCount, allReady: d.allReady };
        if (v.phase === "waiting") return { ...counted, players: v.players.filter((p) => p.playerId !== d.playerId) };
        const out = patchPlayer(counted, d.playerId, { left: true, connected: false });
        return { ...out, turnSequence: out.turnSequence.filter((x) => x !== d.playerId) };
      });
      const mine = v?.you.playerId != null && v.you.playerId === d.playerId;
      return note(mine ? { ...next, gone: d.reason } : next, leftText(d.playerName, d.reason), "bad", ts);
    }
    case "game:player-connection": {
      const d = msg.data;
      const next = withView(s, (v) => patchPlayer(v, d.playerId, { connected: d.connected }));
      if (v?.phase !== "active") return next;
      return note(next, d.connected ? `${d.playerName} is back.` : `${d.playerName} lost the connection.`, "info", ts);
    }
    case "game:player-ready": {
      const d = msg.data;
      return withView(s, (v) => ({
        ...patchPlayer(v, d.playerId, { ready: d.ready }),
        readyCount: d.readyCount,
        allReady: d.allReady,
      }));
    }
    case "game:started": {
      const d = msg.data;
      const next = withView(s, (v) => ({
        ...v,
        phase: "active",
        boardData: d.boardData,
        turnSequence: d.turnSequence,
        currentPlayer: d.currentPlayer,
        currentPlayerName: d.currentPlayerName,
        turnNumber: d.turnNumber,
        isExtraTurn: false,
        players: v.players.map((p) => ({ ...p, turnOrder: d.turnSequence.indexOf(p.playerId) })),
      }));
      return note(next, `The race has started! ${d.currentPlayerName} goes first.`, "turn", ts);
    }
    case "game:your-turn": {
      const next = withView(s, (v) => ({ ...v, isExtraTurn: msg.data.isExtraTurn ?? false }));
      // Sent again after a reconnect (after the sync): the turn's cue is not played twice.
      return cueOnce(next, `turn:${turnOf(next)}`, "turn");
    }
    case "game:turn-changed": {
      const d = msg.data;
      const next = withView(s, (v) => ({
        ...v,
        currentPlayer: d.currentPlayer,
        currentPlayerName: d.currentPlayerName,
        turnNumber: d.turnNumber,
        isExtraTurn: false,
      }));
      return note(next, `${d.currentPlayerName}'s turn.`, "turn", ts);
    }
    case "game:extra-turn-remaining": {
      const d = msg.data;
      const next = withView(s, (v) => ({
        ...patchPlayer(v, d.playerId, { extraTurns: d.remainingExtraTurns }),
        currentPlayer: d.playerId,
        currentPlayerName: d.playerName,
        turnNumber: d.turnNumber,
        isExtraTurn: true,
      }));
      return note(next, `Extra turn for ${d.playerName}.`, "turn", ts);
    }
    case "game:players-skipped": {
      const d = msg.data;
      let next = withView(s, (v) =>
        d.skippedPlayers.reduce((acc, x) => patchPlayer(acc, x.playerId, { turnsToLose: x.remainingTurnsToLose }), v),
      );
      for (const x of d.skippedPlayers)
        next = note(next, skipText(x.playerName, d.reason, x.remainingTurnsToLose), "bad", ts);
      return next;
    }
    case "game:dice-rolled": {
      const d = msg.data;
      return {
        ...s,
        lastRoll: { id: s.nextId, turn: turnOf(s), playerId: d.playerId, playerName: d.playerName, value: d.diceValue },
        nextId: s.nextId + 1,
      };
    }
    case "game:player-moved": {
      const d = msg.data;
      const next = withView(s, (v) => patchPlayer(v, d.playerId, { boardPosition: d.newPosition }));
      return note(
        next,
        `${d.playerName} rolled ${d.diceValue}: field ${d.oldPosition} → ${d.newPosition}.`,
        "info",
        ts,
      );
    }
    case "game:card-drawn": {
      const d = msg.data;
      const card: CardInPlay = {
        id: s.nextId,
        turn: turnOf(s),
        playerId: d.playerId,
        playerName: d.playerName,
        cardType: d.cardType,
        question: d.question,
        fieldType: d.fieldType,
        cardData: null,
      };
      return { ...s, card, nextId: s.nextId + 1 };
    }
    case "game:card-drawn-self":
      return s.card ? { ...s, card: { ...s.card, cardData: msg.data.cardData } } : s;
    case "game:answer-submitted":
      return s.card ? { ...s, card: { ...s.card, submitted: msg.data.answer } } : s;
    case "game:answer-validated": {
      const d = msg.data;
      const next = s.card
        ? { ...s, card: { ...s.card, isCorrect: d.isCorrect, correctAnswer: d.correctAnswer, message: d.message } }
        : s;
      const said = note(
        next,
        `${d.playerName}: ${d.isCorrect ? "right" : "wrong"} answer.`,
        d.isCorrect ? "good" : "bad",
        ts,
      );
      return v?.you.playerId === d.playerId ? cueNow(said, d.isCorrect ? "right" : "wrong") : said;
    }
    case "game:position-guess-request":
    case "game:joker-position-guess-request":
    case "game:card-result":
      return s;
    case "game:position-guess-broadcast":
      return note(s, msg.data.message, "info", ts);
    case "game:guess-result": {
      const d = msg.data;
      const next = withView({ ...s, guess: guessOf(s, d, false), nextId: s.nextId + 1 }, (v) =>
        patchPlayer(v, d.playerId, { boardPosition: d.finalPosition }),
      );
      return note(next, `${d.playerName}: ${d.message}`, d.guessCorrect ? "good" : "bad", ts);
    }
    case "game:no-movement":
      return note(s, `${msg.data.playerName}: ${msg.data.reason}. ${msg.data.message}`, "bad", ts);
    case "game:penalty-avoided":
      return note(s, `${msg.data.playerName}: ${msg.data.message}.`, "good", ts);
    case "game:luck-consequence": {
      const d = msg.data;
      const patch: Partial<PlayerView> = {};
      if (d.newPosition !== undefined) patch.boardPosition = d.newPosition;
      if (d.turnsToLose !== undefined) patch.turnsToLose = d.turnsToLose;
      if (d.extraTurns !== undefined) patch.extraTurns = d.extraTurns;
      const good = d.consequenceType === "MOVE_FORWARD" || d.consequenceType === "EXTRA_TURN";
      const next = withView(s, (v) => patchPlayer(v, d.playerId, patch));
      const luck = {
        id: next.nextId,
        turn: turnOf(s),
        playerId: d.playerId,
        playerName: d.playerName,
        question: s.card?.cardType === "LUCK" ? s.card.question : "",
        message: d.message,
      };
      return note({ ...next, luck, nextId: next.nextId + 1 }, d.message, good ? "good" : "bad", ts);
    }
    case "game:joker-drawn": {
      const d = msg.data;
      const joker = {
        id: s.nextId,
        turn: turnOf(s),
        playerId: d.playerId,
        playerName: d.playerName,
        jokerCard: d.jokerCard,
      };
      return note(
        { ...s, joker, nextId: s.nextId + 1 },
        `${d.playerName} drew a joker: the gamemaster decides.`,
        "info",
        ts,
      );
    }
    case "game:gamemaster-decision-request":
      // Sent again after a reconnect: no second cue.
      return cueOnce(s, `decision:${msg.data.requestId}`, "tick");
    case "game:gamemaster-decision-result": {
      const d = msg.data;
      const joker = s.joker ? { ...s.joker, decision: d.decision } : s.joker;
      return note(
        { ...s, joker },
        `${d.gamemasterName} ${d.approved ? "approved" : "rejected"} ${d.playerName}'s joker. ${d.description}`,
        d.approved ? "good" : "bad",
        ts,
      );
    }
    case "game:joker-complete": {
      const d = msg.data;
      const next = withView({ ...s, guess: guessOf(s, d, true), nextId: s.nextId + 1 }, (v) =>
        patchPlayer(v, d.playerId, { boardPosition: d.finalPosition }),
      );
      return note(next, `Joker: ${d.message}`, d.moved ? (d.guessCorrect ? "good" : "bad") : "info", ts);
    }
    case "game:card-timeout":
    case "game:guess-timeout":
    case "game:gamemaster-timeout":
      return note(s, msg.data.message, "bad", ts);
    case "game:card-error":
    case "game:joker-error":
      return note(s, `${msg.data.playerName}: ${msg.data.error}.`, "bad", ts);
    case "game:ended": {
      const d = msg.data;
      const next = withView(s, (v) => {
        const at = new Map(d.finalPositions.map((p) => [p.playerId, p.boardPosition]));
        return {
          ...v,
          phase: "ended",
          winner: d.winner,
          winnerName: d.winnerName,
          finalPositions: d.finalPositions,
          players: v.players.map((p) => ({ ...p, boardPosition: at.get(p.playerId) ?? p.boardPosition })),
        };
      });
      const { pending: _none, ...ended } = d;
      return cueNow(note({ ...next, ended }, d.message, "turn", ts), "buzz");
    }
  }
}

// ---------------------------------------------------------------- what the screens ask

/** This browser's seat in the race (a player), or null (the gamemaster, a projector). */
export const mySeat = (s: SerpentClient): string | null => s.view?.you.playerId ?? null;

export const isMyTurn = (s: SerpentClient): boolean => {
  const me = mySeat(s);
  return me !== null && s.view?.phase === "active" && s.view.currentPlayer === me;
};

/** What this player is asked to do now, if anything. */
export function myTask(s: SerpentClient): PendingView | null {
  const p = s.view?.pending;
  if (!p || !isMyTurn(s) || p.playerId !== mySeat(s)) return null;
  return p;
}
