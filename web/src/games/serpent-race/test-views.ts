import { blankPending } from "../../../../src/games/serpent-race/view";
import { initialClient, type SerpentAction, type SerpentClient, serpentReducer } from "./reducer";
import type {
  BoardData,
  PendingView,
  PlayerView,
  ServerEventData,
  ServerEventName,
  ServerMessage,
  StateData,
} from "./wire";

/** Views for the client's unit tests, shaped as the server sends them (src/games/serpent-race/view.ts). */
export const T0 = Date.parse("2026-03-02T09:00:00.000Z");
export const iso = (ms: number): string => new Date(ms).toISOString();

export function player(playerId: string, playerName: string, patch: Partial<PlayerView> = {}): PlayerView {
  return {
    playerId,
    playerName,
    boardPosition: 0,
    turnOrder: -1,
    ready: false,
    connected: true,
    left: false,
    extraTurns: 0,
    turnsToLose: 0,
    answers: {},
    ...patch,
  };
}

/**
 * A 100-field board: field 5 positive, 7 negative, 9 luck, 12 positive, the rest plain;
 * step values 1 on every field.
 */
export function board(): BoardData {
  const types: Record<number, "positive" | "negative" | "luck"> = {
    5: "positive",
    7: "negative",
    9: "luck",
    12: "positive",
  };
  return {
    gameId: "game-1",
    fields: Array.from({ length: 100 }, (_, i) => ({
      position: i + 1,
      type: types[i + 1] ?? "regular",
      stepValue: 1,
      patternModifier: i + 1 <= 20 ? 2 : -1,
    })),
    generationComplete: true,
    generatedAt: iso(T0),
  };
}

const SETTINGS: StateData["settings"] = {
  maxPlayers: 10,
  boardSize: 100,
  physicalDice: false,
  loginType: 0,
  answerSeconds: 60,
  decisionSeconds: 120,
  guessSeconds: 30,
  drawDelaySeconds: 2,
  absentSkipSeconds: 30,
  timeScale: 1,
};

export function lobbyView(patch: Partial<StateData> = {}): StateData {
  return {
    gameCode: "K7QM2D",
    gameId: "game-1",
    phase: "waiting",
    you: { seat: "P1", role: "player", playerId: "P1" },
    settings: SETTINGS,
    gamemaster: { name: "Ms Rivera", connected: true },
    players: [player("P1", "Ann"), player("P2", "Ben")],
    readyCount: 0,
    allReady: false,
    boardData: null,
    turnSequence: [],
    currentPlayer: null,
    currentPlayerName: null,
    turnNumber: 0,
    isExtraTurn: false,
    pending: null,
    winner: null,
    winnerName: null,
    finalPositions: null,
    chat: [],
    serverTime: iso(T0),
    ...patch,
  };
}

/** What the race waits for, as the server's views and events say it. */
export function pending(
  kind: PendingView["kind"],
  playerId: string,
  playerName: string,
  patch: Partial<PendingView> = {},
): PendingView {
  return { ...blankPending(kind, playerId, playerName), ...patch };
}

/** The race under way, Ann (P1) to roll first, Ben second; `you` is Ann unless told. */
export function raceView(patch: Partial<StateData> = {}): StateData {
  return lobbyView({
    phase: "active",
    players: [player("P1", "Ann", { turnOrder: 0, ready: true }), player("P2", "Ben", { turnOrder: 1, ready: true })],
    readyCount: 2,
    allReady: true,
    boardData: board(),
    turnSequence: ["P1", "P2"],
    currentPlayer: "P1",
    currentPlayerName: "Ann",
    turnNumber: 1,
    pending: pending("roll", "P1", "Ann"),
    ...patch,
  });
}

// ---------------------------------------------------------------- messages for the reducer's tests

export const msg = (m: ServerMessage, local = T0): SerpentAction => ({ kind: "server", msg: m, at: local });
export const sync = (v: StateData, local = T0) => msg({ event: "game:state", data: v }, local);
/** An event as the server sends it, stamped `ms` (and arriving then). */
export function ev<E extends ServerEventName>(
  event: E,
  data: Omit<ServerEventData<E>, "timestamp">,
  ms = T0,
): SerpentAction {
  return msg({ event, data: { ...data, timestamp: iso(ms) } } as unknown as ServerMessage, ms);
}
export const run = (s: SerpentClient, ...as: SerpentAction[]) => as.reduce(serpentReducer, s);
export const synced = (v: StateData) => run(initialClient("K7QM2D"), sync(v));
export const who = (id: string, name: string) => ({ playerId: id, playerName: name });
/** `game:turn-changed` to this player, with what then waits. */
export const turnChanged = (id: string, name: string, turnNumber: number, waits: PendingView) =>
  ev("game:turn-changed", {
    currentPlayer: id,
    currentPlayerName: name,
    turnNumber,
    message: `${name}'s turn.`,
    pending: waits,
  });
/** `game:extra-turn-remaining`: this player plays again, none left after this one. */
export const extraTurn = (id: string, name: string, turnNumber: number, waits: PendingView) =>
  ev("game:extra-turn-remaining", {
    ...who(id, name),
    remainingExtraTurns: 0,
    turnNumber,
    message: "extra",
    pending: waits,
  });
export const err = (code: string, message: string) =>
  msg({ event: "game:error", data: { code, message, timestamp: iso(T0) } });
