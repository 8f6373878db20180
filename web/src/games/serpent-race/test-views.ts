import type { BoardData, PlayerView, StateData } from "./wire";

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
    pending: {
      kind: "roll",
      playerId: "P1",
      playerName: "Ann",
      deadline: null,
      fieldType: null,
      card: null,
      cardData: null,
      jokerCard: null,
      guessRequest: null,
      decisionRequest: null,
    },
    ...patch,
  });
}
