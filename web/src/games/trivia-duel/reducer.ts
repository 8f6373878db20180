import { baseOf, type RoomAction, type RoomBase, roomBase, toast } from "../../kit/room-state";
import type {
  BetAction,
  BettingView,
  BuzzerView,
  ClientIntent,
  ClueView,
  MatchResult,
  PerSeat,
  Phase,
  PlayerPresence,
  RecapEntry,
  RoomStateMsg,
  Seat,
  ServerMessage,
  Tally,
} from "./wire";

export type Connection = "connecting" | "online" | "offline";

/** News about the other player worth a line on screen ("Bo is back"), shown for a few seconds. */
export interface Notice {
  id: number;
  text: string;
}

export type Resolution = RecapEntry & { nextPhaseAt: number | null };

/** Everything the room screen renders. Only the server's messages and the socket change it. */
export interface TriviaClient extends RoomBase {
  roomId: string;
  connection: Connection;
  /** A new connection has joined and its ROOM_STATE has not come yet: the deadlines on screen are stale. */
  awaitingState: boolean;
  /** A ROOM_STATE has arrived, so the fields below are trustworthy. */
  synced: boolean;
  spectating: boolean;
  /** The server knows no room with this code. */
  notFound: boolean;
  you: Seat | null;
  /** serverNow − local receive time; countdowns render deadline − (Date.now() + offset). */
  clockOffset: number;
  phase: Phase;
  matchNumber: number;
  /** From the room's config, so a rematch can reset balances and folds. */
  startingBalance: number;
  foldsPerPlayer: number;
  balances: PerSeat<number>;
  questionIndex: number;
  questionsPerMatch: number;
  foldsRemaining: PerSeat<number>;
  players: PerSeat<PlayerPresence>;
  category: string | null;
  categoryEndsAt: number | null;
  firstActor: Seat | null;
  pot: number;
  betting: BettingView | null;
  bettingSkipped: boolean;
  /** The latest betting move, so the screens can say "opponent raised to 100". */
  lastBet: { player: Seat; action: BetAction; amount: number; auto: boolean } | null;
  clue: ClueView | null;
  buzzer: BuzzerView | null;
  /** The latest judged answer in this question (shown while the clue resumes). */
  lastAnswer: { player: Seat; answer: string; correct: boolean; timedOut: boolean } | null;
  resolution: Resolution | null;
  result: MatchResult | null;
  recap: RecapEntry[];
  playAgain: PerSeat<boolean>;
  /** The duel's clock stands still while a player is away (docs/games/trivia-duel.md, Decisions D8). */
  clockStopped: boolean;
  /**
   * Local time (ms) the countdowns froze at, or null while they run: the server stopped the
   * duel's clock, or this page lost its connection. A lost connection stays frozen until the
   * rejoin's ROOM_STATE, since the server moved every deadline on meanwhile.
   */
  frozenAt: number | null;
  /** Matches won by each side, and ties, since these two sat down. */
  tally: Tally;
  notice: Notice | null;
  /** The intent we sent and have not yet seen answered; its buttons stay disabled. */
  pending: ClientIntent["type"] | null;
  nextNotice: number;
}

export type TriviaAction =
  | RoomAction<ServerMessage>
  | { kind: "sent"; intent: ClientIntent["type"] }
  | { kind: "notice-done"; id: number };

const absent: PlayerPresence = { joined: false, connected: false, reconnectDeadline: null, name: null };

/** Fields that belong to one question and start empty for the next. */
const questionReset = {
  categoryEndsAt: null,
  pot: 0,
  betting: null,
  bettingSkipped: false,
  lastBet: null,
  clue: null,
  buzzer: null,
  lastAnswer: null,
  resolution: null,
} satisfies Partial<TriviaClient>;

export function initialTriviaState(roomId: string): TriviaClient {
  return {
    ...roomBase(),
    roomId,
    connection: "connecting",
    awaitingState: false,
    synced: false,
    spectating: false,
    notFound: false,
    you: null,
    clockOffset: 0,
    phase: "WAITING",
    matchNumber: 0,
    startingBalance: 500,
    foldsPerPlayer: 2,
    balances: { P1: 500, P2: 500 },
    questionIndex: 0,
    questionsPerMatch: 3,
    foldsRemaining: { P1: 2, P2: 2 },
    players: { P1: absent, P2: absent },
    category: null,
    firstActor: null,
    ...questionReset,
    result: null,
    recap: [],
    playAgain: { P1: false, P2: false },
    clockStopped: false,
    frozenAt: null,
    tally: { P1: 0, P2: 0, ties: 0 },
    notice: null,
    pending: null,
    nextNotice: 1,
  };
}

/**
 * Messages that answer nothing we sent: news of the other player, the clue's ticks, the
 * timers. Any other message (a new phase, our move seen, an error) frees the pending buttons.
 */
const ANSWERS_NOTHING = new Set<ServerMessage["type"]>([
  "PLAYER_JOINED",
  "PLAYER_LEFT",
  "PLAYER_DISCONNECTED",
  "PLAYER_RECONNECTED",
  "BETTING_SKIPPED",
  "BET_TIMEOUT",
  "CLUE_TICK",
  "CLUE_COMPLETE",
  "SPECTATING",
]);

export function triviaReducer(s: TriviaClient, a: TriviaAction): TriviaClient {
  switch (a.kind) {
    case "link":
      // A dropped line loses whatever was in flight; the rejoin brings a fresh ROOM_STATE.
      // Back on a new connection, the old deadlines are stale until the ROOM_STATE it asked for;
      // back on the same one (the line only went quiet), the server never saw it go and they hold.
      if (a.up && a.fresh) return { ...s, connection: "online", awaitingState: true };
      if (a.up)
        return s.awaitingState ? s : { ...s, connection: "online", frozenAt: s.clockStopped ? s.frozenAt : null };
      return {
        ...s,
        connection: "offline",
        pending: null,
        frozenAt: s.synced ? (s.frozenAt ?? a.at) : s.frozenAt,
      };
    case "sent":
      return { ...s, pending: a.intent };
    case "notice-done":
      return s.notice?.id === a.id ? { ...s, notice: null } : s;
    case "server": {
      const next = applyMessage(s, a.msg, a.at);
      return !ANSWERS_NOTHING.has(a.msg.type) && next.pending !== null ? { ...next, pending: null } : next;
    }
  }
}

function applyMessage(s: TriviaClient, m: ServerMessage, at: number): TriviaClient {
  switch (m.type) {
    case "ROOM_STATE":
      return fromRoomState(s, m, at);
    case "PLAYER_JOINED":
      return {
        ...s,
        players: withPlayer(s.players, m.player, here(m.name)),
        tally: { P1: 0, P2: 0, ties: 0 },
      };
    case "PLAYER_LEFT":
      // The seat is free, but the end screen still says who the match was against.
      return {
        ...s,
        players: withPlayer(s.players, m.player, { ...absent, name: s.players[m.player].name }),
        playAgain: { P1: false, P2: false },
      };
    case "PLAYER_DISCONNECTED":
      return {
        ...s,
        clockStopped: m.clockStopped,
        frozenAt: m.clockStopped ? (s.frozenAt ?? at) : s.frozenAt,
        players: withPlayer(s.players, m.player, {
          ...s.players[m.player],
          joined: true,
          connected: false,
          reconnectDeadline: m.reconnectDeadline,
        }),
      };
    case "PLAYER_RECONNECTED": {
      const wasAway = s.players[m.player].joined && !s.players[m.player].connected;
      const next = { ...s, players: withPlayer(s.players, m.player, here(m.name)) };
      // The other side hears that their opponent is back (a ROOM_STATE follows with the new deadlines).
      if (!wasAway || m.player === s.you) return next;
      const who = m.name ?? (m.player === "P1" ? "Player 1" : "Player 2");
      return { ...next, notice: { id: s.nextNotice, text: `${who} is back.` }, nextNotice: s.nextNotice + 1 };
    }
    case "MATCH_STARTED":
      return {
        ...s,
        matchNumber: m.matchNumber,
        questionsPerMatch: m.questionsPerMatch,
        questionIndex: 0,
        balances: { P1: s.startingBalance, P2: s.startingBalance },
        foldsRemaining: { P1: s.foldsPerPlayer, P2: s.foldsPerPlayer },
        recap: [],
        result: null,
        resolution: null,
        playAgain: { P1: false, P2: false },
        // Whatever was said before ("Bo is back") belongs to the last match.
        notice: null,
      };
    case "PHASE_CATEGORY":
      return {
        ...s,
        ...questionReset,
        phase: "CATEGORY",
        questionIndex: m.questionIndex,
        questionsPerMatch: m.questionsPerMatch,
        category: m.category,
        categoryEndsAt: m.endsAt,
        firstActor: m.firstActor,
      };
    case "PHASE_BETTING":
      return {
        ...s,
        phase: "BETTING",
        questionIndex: m.questionIndex,
        categoryEndsAt: null,
        firstActor: m.firstActor,
        pot: m.pot,
        bettingSkipped: false,
        lastBet: null,
        betting: {
          firstActor: m.firstActor,
          awaitingAction: m.awaitingAction,
          availableActions: m.availableActions,
          betOptions: m.betOptions,
          raiseOptions: [],
          effectiveStack: m.effectiveStack,
          bets: { P1: null, P2: null },
          contributions: { P1: 0, P2: 0 },
          raises: 0,
          deadline: m.deadline,
        },
      };
    case "BETTING_SKIPPED":
      return { ...s, categoryEndsAt: null, bettingSkipped: true, betting: null, pot: 0 };
    case "BET_PLACED":
      return applyBet(s, m);
    case "BET_TIMEOUT":
      // The automatic move follows as a BET_PLACED with auto: true; nothing to show yet.
      return s;
    case "PHASE_CLUE":
      return {
        ...s,
        phase: "CLUE",
        questionIndex: m.questionIndex,
        categoryEndsAt: null,
        pot: m.pot,
        betting: s.betting ? { ...s.betting, awaitingAction: null, availableActions: [], deadline: null } : null,
        clue: {
          clue: m.clue,
          revealIndex: m.clue.length,
          clueLength: m.clueLength,
          revealRate: m.revealRate,
          complete: false,
          deadline: null,
        },
        buzzer: { P1: "AVAILABLE", P2: "AVAILABLE", currentlyAnswering: null, answerDeadline: null },
        lastAnswer: null,
      };
    case "CLUE_TICK":
      return s.clue ? { ...s, clue: { ...s.clue, clue: m.clue, revealIndex: m.revealIndex } } : s;
    case "CLUE_COMPLETE":
      return s.clue ? { ...s, clue: { ...s.clue, complete: true, deadline: m.deadline } } : s;
    case "BUZZED": {
      const buzzer = s.buzzer ?? { P1: "AVAILABLE", P2: "AVAILABLE", currentlyAnswering: null, answerDeadline: null };
      return {
        ...s,
        phase: "ANSWER",
        buzzer: { ...buzzer, [m.player]: "BUZZED", currentlyAnswering: m.player, answerDeadline: m.answerDeadline },
      };
    }
    case "ANSWER_SUBMITTED": {
      const lastAnswer = { player: m.player, answer: m.answer, correct: m.correct, timedOut: m.timedOut === true };
      if (!s.buzzer) return { ...s, lastAnswer };
      return {
        ...s,
        lastAnswer,
        buzzer: {
          ...s.buzzer,
          [m.player]: m.correct ? "BUZZED" : "FAILED",
          currentlyAnswering: null,
          answerDeadline: null,
        },
      };
    }
    case "CLUE_RESUMED":
      return {
        ...s,
        phase: "CLUE",
        clue: s.clue
          ? { ...s.clue, clue: m.clue, revealIndex: m.revealIndex, deadline: m.deadline }
          : {
              clue: m.clue,
              revealIndex: m.revealIndex,
              clueLength: m.clue.length,
              revealRate: 0,
              complete: m.deadline !== null,
              deadline: m.deadline,
            },
      };
    case "PHASE_RESOLUTION": {
      const entry: RecapEntry = {
        questionIndex: m.questionIndex,
        category: s.category ?? "",
        outcome: m.outcome,
        correctAnswer: m.correctAnswer,
        answers: { P1: m.P1Answer, P2: m.P2Answer },
        balanceChanges: m.balanceChanges,
      };
      return {
        ...s,
        phase: "RESOLUTION",
        questionIndex: m.questionIndex,
        balances: m.newBalances,
        pot: 0,
        betting: null,
        buzzer: s.buzzer ? { ...s.buzzer, currentlyAnswering: null, answerDeadline: null } : null,
        clue: s.clue ? { ...s.clue, deadline: null } : null,
        resolution: { ...entry, nextPhaseAt: m.nextPhaseAt },
        recap: [...s.recap.filter((r) => r.questionIndex !== m.questionIndex), entry],
      };
    }
    case "PHASE_COMPLETE":
      return {
        ...s,
        ...questionReset,
        phase: "COMPLETE",
        category: null,
        balances: m.finalBalances,
        result: { winner: m.winner, finalBalances: m.finalBalances, forfeitedBy: m.forfeitedBy ?? null },
        recap: m.recap,
        playAgain: { P1: false, P2: false },
        clockStopped: false,
        frozenAt: s.connection === "online" ? null : s.frozenAt,
        tally: m.tally,
      };
    case "PLAY_AGAIN_REQUESTED":
      // The end screen's own line says "Bo wants a rematch!": a notice would say it twice.
      return { ...s, playAgain: m.ready };
    case "SPECTATING":
      return { ...s, spectating: true, you: null };
    case "ERROR": {
      // A wrong code gets its own screen rather than a passing toast.
      if (m.code === "room_not_found" && !s.synced) return { ...s, notFound: true };
      // A full room makes the newcomer a spectator, and the spectator banner already says so.
      if (m.code === "room_full") return s;
      return toast(s, m.code, m.message);
    }
  }
}

/** A player at the table, connected. */
const here = (name: string | null): PlayerPresence => ({
  joined: true,
  connected: true,
  reconnectDeadline: null,
  name,
});

function withPlayer(p: PerSeat<PlayerPresence>, seat: Seat, v: PlayerPresence): PerSeat<PlayerPresence> {
  return { ...p, [seat]: v };
}

function applyBet(s: TriviaClient, m: Extract<ServerMessage, { type: "BET_PLACED" }>): TriviaClient {
  const lastBet = { player: m.player, action: m.action, amount: m.amount, auto: m.auto === true };
  const base = { ...s, pot: m.pot, balances: m.balances, foldsRemaining: m.foldsRemaining, lastBet };
  if (!s.betting) return base;
  const b = s.betting;
  const puts = m.action !== "FOLD";
  return {
    ...base,
    betting: {
      ...b,
      awaitingAction: m.awaitingAction,
      availableActions: m.availableActions,
      raiseOptions: m.raiseOptions,
      deadline: m.deadline,
      raises: m.action === "RAISE" ? b.raises + 1 : b.raises,
      bets: puts ? { ...b.bets, [m.player]: m.amount } : b.bets,
      contributions: puts ? { ...b.contributions, [m.player]: m.amount } : b.contributions,
    },
  };
}

/** ROOM_STATE replaces everything the server knows; only local bits (the line, notes) survive. */
function fromRoomState(s: TriviaClient, m: RoomStateMsg, at: number): TriviaClient {
  const r = m.resolution;
  const resolution: Resolution | null =
    r?.outcome !== undefined
      ? {
          questionIndex: r.questionIndex ?? m.questionIndex,
          category: r.category ?? m.category ?? "",
          outcome: r.outcome,
          correctAnswer: r.correctAnswer ?? "",
          answers: r.answers ?? { P1: null, P2: null },
          balanceChanges: r.balanceChanges ?? { P1: 0, P2: 0 },
          nextPhaseAt: r.nextPhaseAt,
        }
      : null;
  return {
    ...initialTriviaState(m.roomId),
    ...baseOf(s),
    connection: s.connection,
    notice: s.notice,
    nextNotice: s.nextNotice,
    synced: true,
    spectating: m.you === null,
    you: m.you,
    // Each sample is the true offset minus that message's delay, so the largest sample since
    // the page first synced is the best estimate: a late message must not add seconds to a countdown.
    clockOffset: s.synced ? Math.max(s.clockOffset, m.serverNow - at) : m.serverNow - at,
    phase: m.phase,
    matchNumber: m.matchNumber,
    startingBalance: m.config.startingBalance,
    foldsPerPlayer: m.config.foldsPerPlayer,
    balances: m.balances,
    questionIndex: m.questionIndex,
    questionsPerMatch: m.questionsPerMatch,
    foldsRemaining: m.foldsRemaining,
    players: m.players,
    category: m.category,
    categoryEndsAt: m.categoryEndsAt,
    firstActor: m.firstActor,
    pot: m.pot,
    betting: m.betting,
    clue: m.clue,
    buzzer: m.buzzer,
    resolution,
    result: m.result,
    recap: m.recap,
    playAgain: m.playAgain,
    clockStopped: m.clockStopped,
    frozenAt: m.clockStopped ? at : null,
    tally: m.tally,
  };
}

/** The duel waits (the server stopped its clock, or this page is reconnecting): countdowns hold still and no move can be made. */
export const paused = (s: TriviaClient): boolean => s.frozenAt !== null;
