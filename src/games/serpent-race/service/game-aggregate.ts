import type { GameDeck } from "../content/schema";
import { type SerpentState, stillIn } from "../state";
import type { GameRow } from "./game-store";

export const LOGIN_TYPES = ["PUBLIC", "PRIVATE", "ORGANIZATION"] as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Player names: the room's when it is open (it knows who joined), else the stored record's. */
export function playerNames(row: GameRow, state: SerpentState | null): string[] {
  return state ? state.players.filter(stillIn).map((p) => p.name) : row.players;
}

/**
 * The document's `GameAggregate` for its gamemaster: the record, its decks with their cards
 * (the gamemaster chose them, and may read them anyway) and who has joined.
 */
export function gameAggregate(row: GameRow, decks: GameDeck[], state: SerpentState | null) {
  const winner = state?.winner ? (state.players.find((p) => p.seat === state.winner)?.name ?? null) : row.winner;
  return {
    id: row.id,
    gamecode: row.code,
    maxplayers: row.maxPlayers,
    logintype: row.loginType,
    boardsize: row.boardSize,
    createdby: row.createdBy,
    orgid: row.orgId,
    gamedecks: decks,
    players: playerNames(row, state),
    startdate: iso(state?.startedAt ?? row.startedAt),
    enddate: iso(state?.endedAt ?? row.endedAt),
    finished: state ? state.phase === "ended" : row.finished,
    winner,
    totaltiles: row.boardSize,
    /** Not in the document: where the game is ("waiting", "active", "ended"). */
    gamePhase: state?.phase ?? (row.finished ? "ended" : row.startedAt === null ? "waiting" : "active"),
  };
}
