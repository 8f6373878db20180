import type { Cue } from "../../kit/sound";
import type { ToastItem } from "../../kit/Toasts";
import { fieldAt } from "./board";
import { guessFollows, jokerGuessFollows } from "./matrices";
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
 * shape whatever came last. Where an event leaves something out (the others never hear of
 * a player's guess request, and `game:card-drawn` carries no time limit) the reducer fills
 * it in from the document's matrices, and the next sync corrects anything it got wrong.
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

export interface SerpentClient {
  code: string;
  /** A `game:state` has arrived, so `view` can be trusted. */
  synced: boolean;
  view: StateData | null;
  /** serverTime − local time at the last sync. */
  clockOffset: number;
  /**
   * The room's time scale (1 in a real classroom), learnt from a time limit or from the
   * draw delay, so a countdown can be shown for a stage whose event names no limit.
   */
  timeScale: number | null;
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
  toasts: ToastItem[];
  ended: EndedData | null;
  /** `game:cleanup-complete`: the room is closing. */
  closed: boolean;
  notFound: boolean;
  /** The stored game token was refused: forget it and ask again. */
  badToken: boolean;
  /** The server time (ms) of the last `game:player-moved`, to learn the draw delay. */
  movedAt: number | null;
  nextId: number;
}

export type SerpentAction =
  | { kind: "server"; msg: ServerMessage; at: number }
  | { kind: "toast"; code: string; message: string }
  | { kind: "dismiss"; id: number }
  | { kind: "restore"; ended: EndedData };

export const FEED_MAX = 40;
const CHAT_MAX = 50;

export function initialClient(code: string): SerpentClient {
  return {
    code,
    synced: false,
    view: null,
    clockOffset: 0,
    timeScale: null,
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
    toasts: [],
    ended: null,
    closed: false,
    notFound: false,
    badToken: false,
    movedAt: null,
    nextId: 1,
  };
}

export function serpentReducer(s: SerpentClient, a: SerpentAction): SerpentClient {
  switch (a.kind) {
    case "toast":
      return toast(s, a.code, a.message);
    case "dismiss":
      return { ...s, toasts: s.toasts.filter((t) => t.id !== a.id) };
    case "restore":
      return { ...s, ended: a.ended };
    case "server":
      return onMessage(s, a.msg, a.at);
  }
}

function toast(s: SerpentClient, code: string, message: string): SerpentClient {
  // One note per refusal: a repeated one replaces its twin rather than piling up.
  const others = s.toasts.filter((t) => t.message !== message);
  return { ...s, toasts: [...others.slice(-2), { id: s.nextId, code, message }], nextId: s.nextId + 1 };
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

/** A deadline `seconds` of room time after `from`, or null while the time scale is unknown. */
function deadlineAfter(s: SerpentClient, from: number, seconds: number | undefined): string | null {
  if (s.timeScale === null || seconds === undefined) return null;
  return new Date(from + seconds * s.timeScale * 1000).toISOString();
}

function learn(s: SerpentClient, scaledSeconds: number, roomSeconds: number | undefined): SerpentClient {
  if (!roomSeconds || !(scaledSeconds > 0)) return s;
  return { ...s, timeScale: scaledSeconds / roomSeconds };
}

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
 * The away clock on a roll, as the server keeps it (turns.ts `armRoll`): while the player to
 * roll is away and another player in the race is here, their turn is skipped
 * `absentSkipSeconds` after the clock started; with nobody else here it waits. No event
 * says the clock started, so it is worked out here whenever a roll is offered or someone
 * comes or goes (a running clock keeps its deadline); the next sync brings the server's.
 * While the time scale is unknown the deadline stays null, and the player shows as away.
 */
function armAway(s: SerpentClient, v: StateData, now: number): StateData {
  const p = v.pending;
  if (v.phase !== "active" || p?.kind !== "roll") return v;
  const deadline =
    awayClock(v) === "running" ? (p.deadline ?? deadlineAfter(s, now, v.settings.absentSkipSeconds)) : null;
  return deadline === p.deadline ? v : { ...v, pending: { ...p, deadline } };
}

/**
 * The away clock of the roll now: "none" (no roll waits, or its player is here), "running"
 * (its player is away and another player is here: their turn will be skipped; `deadline`
 * says when, once the time scale is known) or "waits" (nobody in the race is here).
 */
export function awayClock(v: StateData): "none" | "running" | "waits" {
  const p = v.pending;
  if (v.phase !== "active" || p?.kind !== "roll") return "none";
  const cur = v.players.find((x) => x.playerId === p.playerId);
  if (cur === undefined || cur.connected) return "none";
  return v.players.some((q) => q !== cur && !q.left && q.connected) ? "running" : "waits";
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

function setPending(v: StateData, p: Partial<PendingView> & Pick<PendingView, "kind" | "playerId">): StateData {
  const player = v.players.find((x) => x.playerId === p.playerId);
  return {
    ...v,
    pending: {
      playerName: player?.playerName ?? p.playerId,
      deadline: null,
      fieldType: null,
      card: null,
      cardData: null,
      jokerCard: null,
      guessRequest: null,
      decisionRequest: null,
      ...p,
    },
  };
}

const clearPending = (v: StateData): StateData => ({ ...v, pending: null });

function stateFrom(s: SerpentClient, v: StateData, at: number): SerpentClient {
  let next: SerpentClient = {
    ...s,
    synced: true,
    view: v,
    clockOffset: time(v.serverTime) - at,
    notFound: false,
    badToken: false,
  };
  const p = v.pending;
  if (p?.cardData) next = learn(next, p.cardData.timeLimit, v.settings.answerSeconds);
  if (p?.guessRequest) next = learn(next, p.guessRequest.timeLimit, v.settings.guessSeconds);
  if (p?.decisionRequest) next = learn(next, p.decisionRequest.timeLimit, v.settings.decisionSeconds);
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
    // The stored token is of a player who is out (left, or removed): they may only watch now.
    if (code === "left_game") return { ...s, gone: s.gone ?? "out" };
    return toast(s, code, REFUSAL_TEXT[code] ?? msg.data.message);
  }
  if (msg.event === "game:chat") {
    const line = msg.data;
    return withView(s, (v) => ({ ...v, chat: [...v.chat, line].slice(-CHAT_MAX) }));
  }
  const ts = time(msg.data.timestamp);
  // Deadlines count from when the event arrived here, in server time: a countdown then starts
  // at the full time limit even when the event took a while to come.
  return onRaceEvent(s, msg, ts, at + s.clockOffset);
}

type RaceMessage = Exclude<ServerMessage, { event: "game:state" | "authenticated" | "game:error" | "game:chat" }>;

function onRaceEvent(s: SerpentClient, msg: RaceMessage, ts: number, now: number): SerpentClient {
  const v = s.view;
  const settings = v?.settings;
  switch (msg.event) {
    case "game:player-joined": {
      const d = msg.data;
      const next = withView(s, (v) => {
        if (v.players.some((p) => p.playerId === d.playerId))
          return patchPlayer(v, d.playerId, { playerName: d.playerName, left: false });
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
        return { ...v, players: [...v.players, fresh], allReady: false };
      });
      return note(next, `${d.playerName} joined.`, "info", ts);
    }
    case "game:player-left": {
      const d = msg.data;
      const next = withView(s, (v) => {
        if (v.phase === "waiting") {
          const players = v.players.filter((p) => p.playerId !== d.playerId);
          const readyCount = players.filter((p) => p.ready).length;
          return { ...v, players, readyCount, allReady: players.length > 0 && readyCount === players.length };
        }
        const out = patchPlayer(v, d.playerId, { left: true, connected: false });
        return armAway(s, { ...out, turnSequence: out.turnSequence.filter((x) => x !== d.playerId) }, now);
      });
      const mine = v?.you.playerId != null && v.you.playerId === d.playerId;
      return note(mine ? { ...next, gone: d.reason } : next, leftText(d.playerName, d.reason), "bad", ts);
    }
    case "game:player-connection": {
      const d = msg.data;
      const next = withView(s, (v) => armAway(s, patchPlayer(v, d.playerId, { connected: d.connected }), now));
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
      const next = withView(s, (v) =>
        setPending(
          {
            ...v,
            phase: "active",
            boardData: d.boardData,
            turnSequence: d.turnSequence,
            currentPlayer: d.currentPlayer,
            currentPlayerName: d.currentPlayerName,
            turnNumber: 1,
            isExtraTurn: false,
            players: v.players.map((p) => ({
              ...p,
              boardPosition: 0,
              extraTurns: 0,
              turnsToLose: 0,
              turnOrder: d.turnSequence.indexOf(p.playerId),
            })),
          },
          { kind: "roll", playerId: d.currentPlayer },
        ),
      );
      return note(
        withView(next, (v) => armAway(next, v, now)),
        `The race has started! ${d.currentPlayerName} goes first.`,
        "turn",
        ts,
      );
    }
    case "game:your-turn": {
      const mine = v?.you.playerId;
      if (!mine || !v) return s;
      const extra = msg.data.isExtraTurn ?? false;
      // Sent again after a reconnect (after the sync), or after `game:turn-changed` offered the
      // same roll: the roll stands as it is, and the turn's cue is not played twice.
      const already = v.pending?.kind === "roll" && v.pending.playerId === mine;
      const next = withView(s, (v) =>
        already
          ? { ...v, isExtraTurn: extra }
          : armAway(s, setPending({ ...v, isExtraTurn: extra }, { kind: "roll", playerId: mine }), now),
      );
      return cueOnce(next, `turn:${turnOf(next)}`, "turn");
    }
    case "game:turn-changed": {
      const d = msg.data;
      const next = withView(s, (v) =>
        setPending(
          {
            ...v,
            currentPlayer: d.currentPlayer,
            currentPlayerName: d.currentPlayerName,
            turnNumber: d.turnNumber,
            isExtraTurn: false,
          },
          { kind: "roll", playerId: d.currentPlayer },
        ),
      );
      return note(
        withView(next, (v) => armAway(next, v, now)),
        `${d.currentPlayerName}'s turn.`,
        "turn",
        ts,
      );
    }
    case "game:extra-turn-remaining": {
      const d = msg.data;
      const next = withView(s, (v) =>
        setPending(
          {
            ...patchPlayer(v, d.playerId, { extraTurns: d.remainingExtraTurns }),
            currentPlayer: d.playerId,
            currentPlayerName: d.playerName,
            turnNumber: v.turnNumber + 1,
            isExtraTurn: true,
          },
          { kind: "roll", playerId: d.playerId },
        ),
      );
      return note(
        withView(next, (v) => armAway(next, v, now)),
        `Extra turn for ${d.playerName}.`,
        "turn",
        ts,
      );
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
      const next = withView(s, (v) => {
        const moved = patchPlayer(v, d.playerId, { boardPosition: d.newPosition });
        const field = fieldAt(v, d.newPosition);
        if (!field || field.type === "regular" || d.newPosition >= v.settings.boardSize) return clearPending(moved);
        return setPending(moved, {
          kind: "drawing",
          playerId: d.playerId,
          fieldType: field.type,
          deadline: deadlineAfter(s, now, v.settings.drawDelaySeconds),
        });
      });
      return note(
        { ...next, movedAt: ts },
        `${d.playerName} rolled ${d.diceValue}: field ${d.oldPosition} → ${d.newPosition}.`,
        "info",
        ts,
      );
    }
    case "game:card-drawn": {
      const d = msg.data;
      let next = drawDelayLearnt(s, ts);
      next = {
        ...next,
        card: {
          id: next.nextId,
          turn: turnOf(s),
          playerId: d.playerId,
          playerName: d.playerName,
          cardType: d.cardType,
          question: d.question,
          fieldType: d.fieldType,
          cardData: null,
        },
        nextId: next.nextId + 1,
      };
      if (d.cardType === "LUCK") return withView(next, clearPending);
      const after = next;
      return withView(after, (v) =>
        setPending(v, {
          kind: "answer",
          playerId: d.playerId,
          fieldType: d.fieldType,
          card: { cardType: d.cardType, question: d.question },
          deadline: deadlineAfter(after, now, v.settings.answerSeconds),
        }),
      );
    }
    case "game:card-drawn-self": {
      const d = msg.data;
      // The same card again (sent anew after a reconnect, after the sync): the sync's deadline stands.
      if (v?.pending?.kind === "answer" && v.pending.cardData?.cardid === d.cardData.cardid) return s;
      const next = learn(s, d.cardData.timeLimit, settings?.answerSeconds);
      const deadline = new Date(now + d.cardData.timeLimit * 1000).toISOString();
      const card = next.card ? { ...next.card, cardData: d.cardData } : next.card;
      const mine = v?.you.playerId;
      return withView({ ...next, card }, (v) =>
        v.pending
          ? { ...v, pending: { ...v.pending, kind: "answer", cardData: d.cardData, deadline } }
          : mine
            ? setPending(v, { kind: "answer", playerId: mine, cardData: d.cardData, deadline })
            : v,
      );
    }
    case "game:answer-submitted":
      return s.card ? { ...s, card: { ...s.card, submitted: msg.data.answer } } : s;
    case "game:answer-validated": {
      const d = msg.data;
      const card = s.card;
      const type = card?.cardType;
      let next: SerpentClient = card
        ? { ...s, card: { ...card, isCorrect: d.isCorrect, correctAnswer: d.correctAnswer, message: d.message } }
        : s;
      next = withView(next, (v) => {
        const p = v.players.find((x) => x.playerId === d.playerId);
        const tallied =
          p && type
            ? patchPlayer(v, d.playerId, {
                answers: {
                  ...p.answers,
                  [type]: {
                    right: (p.answers[type]?.right ?? 0) + (d.isCorrect ? 1 : 0),
                    wrong: (p.answers[type]?.wrong ?? 0) + (d.isCorrect ? 0 : 1),
                  },
                },
              })
            : v;
        const fieldType = v.pending?.fieldType ?? card?.fieldType ?? "";
        if (!guessFollows(fieldType, d.isCorrect)) return clearPending(tallied);
        return setPending(tallied, {
          kind: "guess",
          playerId: d.playerId,
          fieldType: fieldType as PendingView["fieldType"],
          deadline: deadlineAfter(s, now, v.settings.guessSeconds),
        });
      });
      const said = note(
        next,
        `${d.playerName}: ${d.isCorrect ? "right" : "wrong"} answer.`,
        d.isCorrect ? "good" : "bad",
        ts,
      );
      return v?.you.playerId === d.playerId ? cueNow(said, d.isCorrect ? "right" : "wrong") : said;
    }
    case "game:position-guess-request":
    case "game:joker-position-guess-request": {
      const d = msg.data;
      const mine = v?.you.playerId;
      if (!mine) return s;
      const kind = msg.event === "game:position-guess-request" ? "guess" : "jokerGuess";
      if (v?.pending?.kind === kind && v.pending.guessRequest !== null) return s;
      const next = learn(s, d.timeLimit, settings?.guessSeconds);
      return withView(next, (v) =>
        setPending(v, {
          kind,
          playerId: mine,
          fieldType: v.pending?.fieldType ?? null,
          deadline: new Date(now + d.timeLimit * 1000).toISOString(),
          guessRequest: {
            currentPosition: d.currentPosition,
            diceRoll: d.diceRoll,
            fieldStepValue: d.fieldStepValue,
            patternModifier: d.patternModifier,
            timeLimit: d.timeLimit,
          },
        }),
      );
    }
    case "game:position-guess-broadcast":
      return note(s, msg.data.message, "info", ts);
    case "game:guess-result": {
      const d = msg.data;
      const guess: GuessOutcome = {
        id: s.nextId,
        turn: turnOf(s),
        playerId: d.playerId,
        playerName: d.playerName,
        joker: false,
        moved: true,
        guessedPosition: d.guessedPosition,
        finalPosition: d.finalPosition,
        guessCorrect: d.guessCorrect,
        calculation: d.calculation,
        message: d.message,
      };
      const next = withView({ ...s, guess, nextId: s.nextId + 1, movedAt: ts }, (v) => {
        const moved = patchPlayer(v, d.playerId, { boardPosition: d.finalPosition });
        const field = fieldAt(v, d.finalPosition);
        // A guess that lands on a question field draws a joker (the document's secondary landing).
        if (
          !field ||
          (field.type !== "positive" && field.type !== "negative") ||
          d.finalPosition >= v.settings.boardSize
        )
          return clearPending(moved);
        return setPending(moved, {
          kind: "drawing",
          playerId: d.playerId,
          fieldType: field.type,
          deadline: deadlineAfter(s, now, v.settings.drawDelaySeconds),
        });
      });
      return note(next, `${d.playerName}: ${d.message}`, d.guessCorrect ? "good" : "bad", ts);
    }
    case "game:no-movement":
      return note(
        withView(s, clearPending),
        `${msg.data.playerName}: ${msg.data.reason}. ${msg.data.message}`,
        "bad",
        ts,
      );
    case "game:penalty-avoided":
      return note(withView(s, clearPending), `${msg.data.playerName}: ${msg.data.message}.`, "good", ts);
    case "game:card-result":
      return s;
    case "game:luck-consequence": {
      const d = msg.data;
      const patch: Partial<PlayerView> = {};
      if (d.newPosition !== undefined) patch.boardPosition = d.newPosition;
      if (d.turnsToLose !== undefined) patch.turnsToLose = d.turnsToLose;
      if (d.extraTurns !== undefined) patch.extraTurns = d.extraTurns;
      const good = d.consequenceType === "MOVE_FORWARD" || d.consequenceType === "EXTRA_TURN";
      const next = withView(s, (v) => clearPending(patchPlayer(v, d.playerId, patch)));
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
      let next = drawDelayLearnt(s, ts);
      next = {
        ...next,
        joker: {
          id: next.nextId,
          turn: turnOf(s),
          playerId: d.playerId,
          playerName: d.playerName,
          jokerCard: d.jokerCard,
        },
      };
      next.nextId++;
      const after = next;
      next = withView(next, (v) => {
        const field = fieldAt(v, v.players.find((p) => p.playerId === d.playerId)?.boardPosition ?? -1);
        return setPending(v, {
          kind: "decision",
          playerId: d.playerId,
          fieldType: field && field.type !== "regular" ? field.type : null,
          jokerCard: d.jokerCard,
          deadline: deadlineAfter(after, now, v.settings.decisionSeconds),
        });
      });
      return note(next, `${d.playerName} drew a joker: the gamemaster decides.`, "info", ts);
    }
    case "game:gamemaster-decision-request": {
      const d = msg.data;
      // Sent again after a reconnect: the sync has it already, with its deadline.
      if (v?.pending?.decisionRequest?.requestId === d.requestId) return cueOnce(s, `decision:${d.requestId}`, "tick");
      const next = learn(s, d.timeLimit, settings?.decisionSeconds);
      const deadline = new Date(now + d.timeLimit * 1000).toISOString();
      const withRequest = withView(next, (v) =>
        setPending(v, {
          kind: "decision",
          playerId: d.playerId,
          playerName: d.playerName,
          fieldType: v.pending?.fieldType ?? null,
          jokerCard: d.jokerCard,
          deadline,
          decisionRequest: { requestId: d.requestId, timeLimit: d.timeLimit, jokerCard: d.jokerCard },
        }),
      );
      return cueOnce(withRequest, `decision:${d.requestId}`, "tick");
    }
    case "game:gamemaster-decision-result": {
      const d = msg.data;
      const joker = s.joker ? { ...s.joker, decision: d.decision } : s.joker;
      const next = withView({ ...s, joker }, (v) => {
        const fieldType = v.pending?.fieldType ?? "";
        if (!jokerGuessFollows(fieldType, d.approved)) return clearPending(v);
        return setPending(v, {
          kind: "jokerGuess",
          playerId: d.playerId,
          fieldType: v.pending?.fieldType ?? null,
          deadline: deadlineAfter(s, now, v.settings.guessSeconds),
        });
      });
      return note(
        next,
        `${d.gamemasterName} ${d.approved ? "approved" : "rejected"} ${d.playerName}'s joker. ${d.description}`,
        d.approved ? "good" : "bad",
        ts,
      );
    }
    case "game:joker-complete": {
      const d = msg.data;
      const guess: GuessOutcome = {
        id: s.nextId,
        turn: turnOf(s),
        playerId: d.playerId,
        playerName: d.playerName,
        joker: true,
        moved: d.moved,
        guessedPosition: d.guessedPosition,
        finalPosition: d.finalPosition,
        guessCorrect: d.guessCorrect,
        calculation: d.calculation,
        message: d.message,
      };
      const next = withView({ ...s, guess, nextId: s.nextId + 1 }, (v) =>
        clearPending(patchPlayer(v, d.playerId, { boardPosition: d.finalPosition })),
      );
      return note(next, `Joker: ${d.message}`, d.moved ? (d.guessCorrect ? "good" : "bad") : "info", ts);
    }
    case "game:card-timeout":
    case "game:guess-timeout":
      return note(s, msg.data.message, "bad", ts);
    case "game:gamemaster-timeout":
      return note(
        withView(s, (v) => (v.pending ? { ...v, pending: { ...v.pending, decisionRequest: null } } : v)),
        msg.data.message,
        "bad",
        ts,
      );
    case "game:card-error":
    case "game:joker-error":
      return note(withView(s, clearPending), `${msg.data.playerName}: ${msg.data.error}.`, "bad", ts);
    case "game:ended": {
      const d = msg.data;
      const next = withView(s, (v) => {
        const at = new Map(d.finalPositions.map((p) => [p.playerId, p.boardPosition]));
        return {
          ...v,
          phase: "ended",
          pending: null,
          winner: d.winner,
          winnerName: d.winnerName,
          finalPositions: d.finalPositions,
          players: v.players.map((p) => ({ ...p, boardPosition: at.get(p.playerId) ?? p.boardPosition })),
        };
      });
      return cueNow(note({ ...next, ended: d }, d.message, "turn", ts), "buzz");
    }
    case "game:cleanup-complete":
      return { ...s, closed: true };
  }
}

/** The draw came one draw delay after the move: that says how fast this room's clock runs. */
function drawDelayLearnt(s: SerpentClient, ts: number): SerpentClient {
  const delay = s.view?.settings.drawDelaySeconds;
  if (s.timeScale !== null || s.movedAt === null || !delay || ts <= s.movedAt) return s;
  return { ...s, timeScale: (ts - s.movedAt) / 1000 / delay };
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
