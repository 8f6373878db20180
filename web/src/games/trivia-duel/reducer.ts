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

export interface Toast {
  id: number;
  code: string;
  message: string;
}

/** News about the other player worth a line on screen ("Bo is back"), shown for a few seconds. */
export interface Notice {
  id: number;
  text: string;
}

export type Resolution = RecapEntry & { nextPhaseAt: number | null };

/** Everything the room screen renders. Only the server's messages and the socket change it. */
export interface TriviaClient {
  roomId: string;
  connection: Connection;
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
  /** RULINGS #8: the duel's clock stands still while a player is away. */
  clockStopped: boolean;
  /** Matches won by each side, and ties, since these two sat down. */
  tally: Tally;
  notice: Notice | null;
  /** The intent we sent and have not yet seen answered; its buttons stay disabled. */
  pending: ClientIntent["type"] | null;
  toasts: Toast[];
  nextToastId: number;
}

export type TriviaAction =
  | { kind: "server"; msg: ServerMessage; at: number }
  | { kind: "connection"; status: Connection }
  | { kind: "sent"; intent: ClientIntent["type"] }
  | { kind: "dismiss"; id: number }
  | { kind: "notice-done"; id: number };

const MAX_TOASTS = 3;
const absent: PlayerPresence = { joined: false, connected: false, reconnectDeadline: null, name: null };

export function initialTriviaState(roomId: string): TriviaClient {
  return {
    roomId,
    connection: "connecting",
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
    categoryEndsAt: null,
    firstActor: null,
    pot: 0,
    betting: null,
    bettingSkipped: false,
    lastBet: null,
    clue: null,
    buzzer: null,
    lastAnswer: null,
    resolution: null,
    result: null,
    recap: [],
    playAgain: { P1: false, P2: false },
    clockStopped: false,
    tally: { P1: 0, P2: 0, ties: 0 },
    notice: null,
    pending: null,
    toasts: [],
    nextToastId: 1,
  };
}

/** Messages that answer something we sent; any of them frees the pending buttons. */
const ANSWERS_INTENT = new Set<ServerMessage["type"]>([
  "ROOM_STATE",
  "MATCH_STARTED",
  "PHASE_CATEGORY",
  "PHASE_BETTING",
  "BET_PLACED",
  "PHASE_CLUE",
  "BUZZED",
  "ANSWER_SUBMITTED",
  "CLUE_RESUMED",
  "PHASE_RESOLUTION",
  "PHASE_COMPLETE",
  "PLAY_AGAIN_REQUESTED",
  "ERROR",
]);

export function triviaReducer(s: TriviaClient, a: TriviaAction): TriviaClient {
  switch (a.kind) {
    case "connection":
      // A dropped socket loses whatever was in flight; the rejoin brings a fresh ROOM_STATE.
      return { ...s, connection: a.status, pending: a.status === "online" ? s.pending : null };
    case "sent":
      return { ...s, pending: a.intent };
    case "dismiss":
      return { ...s, toasts: s.toasts.filter((t) => t.id !== a.id) };
    case "notice-done":
      return s.notice?.id === a.id ? { ...s, notice: null } : s;
    case "server": {
      const next = applyMessage(s, a.msg, a.at);
      return ANSWERS_INTENT.has(a.msg.type) && next.pending !== null ? { ...next, pending: null } : next;
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
        players: withPlayer(s.players, m.player, {
          joined: true,
          connected: true,
          reconnectDeadline: null,
          name: m.name,
        }),
        tally: { P1: 0, P2: 0, ties: 0 },
      };
    case "PLAYER_LEFT":
      return { ...s, players: withPlayer(s.players, m.player, absent), playAgain: { P1: false, P2: false } };
    case "PLAYER_DISCONNECTED":
      return {
        ...s,
        clockStopped: m.clockStopped,
        players: withPlayer(s.players, m.player, {
          ...s.players[m.player],
          joined: true,
          connected: false,
          reconnectDeadline: m.reconnectDeadline,
        }),
      };
    case "PLAYER_RECONNECTED": {
      const wasAway = s.players[m.player].joined && !s.players[m.player].connected;
      const next = {
        ...s,
        players: withPlayer(s.players, m.player, {
          joined: true,
          connected: true,
          reconnectDeadline: null,
          name: m.name,
        }),
      };
      // The other side hears that their opponent is back (a ROOM_STATE follows with the new deadlines).
      if (!wasAway || m.player === s.you) return next;
      const who = m.name ?? (m.player === "P1" ? "Player 1" : "Player 2");
      return { ...next, notice: { id: s.nextToastId, text: `${who} is back.` }, nextToastId: s.nextToastId + 1 };
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
        tally: m.tally,
      };
    case "PLAY_AGAIN_REQUESTED": {
      const next = { ...s, playAgain: m.ready };
      if (m.player === s.you || s.you === null) return next;
      const who = s.players[m.player].name ?? (m.player === "P1" ? "Player 1" : "Player 2");
      return {
        ...next,
        notice: { id: s.nextToastId, text: `${who} wants a rematch.` },
        nextToastId: s.nextToastId + 1,
      };
    }
    case "SPECTATING":
      return { ...s, spectating: true, you: null };
    case "ERROR": {
      // A wrong code gets its own screen rather than a passing toast.
      if (m.code === "room_not_found" && !s.synced) return { ...s, notFound: true };
      // A full room makes the newcomer a spectator, and the spectator banner already says so.
      if (m.code === "room_full") return s;
      const toast = { id: s.nextToastId, code: m.code, message: m.message };
      return { ...s, toasts: [...s.toasts, toast].slice(-MAX_TOASTS), nextToastId: s.nextToastId + 1 };
    }
  }
}

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

/** ROOM_STATE replaces everything the server knows; only local bits (socket, toasts) survive. */
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
    connection: s.connection,
    toasts: s.toasts,
    notice: s.notice,
    nextToastId: s.nextToastId,
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
    tally: m.tally,
  };
}
