import { accountApi } from "../../kit/account";
import { seatStore } from "../../kit/seats";
import { forget, store, stored } from "../../kit/storage";
import type { EndedData, LoginTypeName } from "./wire";

/**
 * SerpentRace's REST, as the document names it (/api/v1/game/…, /api/v1/decks) plus the
 * platform's organisations, and what this browser keeps between visits: the game token
 * that proves a player's place, which games it runs as gamemaster, and a finished race's
 * results (its room closes at the end, so a refresh could not fetch them again).
 */

export interface DeckSummary {
  deckid: string;
  version: number;
  name: string;
  /** 0 POSITIVE, 1 NEGATIVE, 2 LUCK, 3 JOKER. */
  decktype: number;
  cardCount: number;
  visibility: "private" | "org" | "public";
  orgid: string | null;
  builtin: boolean;
  mine: boolean;
}

export interface OrgSummary {
  id: string;
  name: string;
  role: "owner" | "admin" | "member";
  /** Only for owners and admins. */
  inviteCode?: string;
}

export interface CreatedGame {
  id: string;
  gamecode: string;
  maxplayers: number;
  logintype: number;
}

export interface GameInfo {
  gamecode: string;
  gameType: LoginTypeName;
  maxPlayers: number;
  playerCount: number;
  gamePhase: "waiting" | "active" | "ended";
}

export interface Joined {
  id: string;
  gamecode: string;
  playerName: string;
  gameType: LoginTypeName;
  gameToken: string;
}

export interface MyGame {
  id: string;
  gamecode: string;
  logintype: number;
  players: string[];
  gamePhase: "waiting" | "active" | "ended";
  open: boolean;
  startdate: string | null;
}

/** Every deck the account may use (the listing comes a page at a time: the deck editor reads them all). */
export { listDecks } from "./decks/api";

export const listOrgs = async (): Promise<OrgSummary[]> =>
  (await accountApi<{ orgs: OrgSummary[] }>("/api/v1/orgs")).orgs;

export const createOrg = (name: string): Promise<OrgSummary> =>
  accountApi<OrgSummary>("/api/v1/orgs", { body: { name } });

export const joinOrg = (inviteCode: string): Promise<OrgSummary> =>
  accountApi<OrgSummary>("/api/v1/orgs/join", { body: { inviteCode } });

export interface NewGame {
  deckids: string[];
  maxplayers: number;
  logintype: 0 | 1 | 2;
  orgid?: string;
  physicalDice?: boolean;
  boardSize?: number;
  answerSeconds?: number;
  decisionSeconds?: number;
  guessSeconds?: number;
  drawDelaySeconds?: number;
}

export const createGame = (g: NewGame): Promise<CreatedGame> =>
  accountApi<CreatedGame>("/api/v1/game/start", { body: g });

export const gameInfo = (code: string): Promise<GameInfo> =>
  accountApi<GameInfo>(`/api/v1/game/code/${encodeURIComponent(code)}`);

/** PUBLIC games need a name; PRIVATE and ORGANIZATION games the signed-in account (the name is optional). */
export const joinGame = (code: string, playerName?: string): Promise<Joined> =>
  accountApi<Joined>("/api/v1/game/join", { body: { gameCode: code, ...(playerName ? { playerName } : {}) } });

/** A new race with the same settings, decks and players, after the end (its gamemaster only; the same one if asked twice). */
export const raceAgain = (gameId: string): Promise<CreatedGame> =>
  accountApi<CreatedGame>(`/api/v1/game/${encodeURIComponent(gameId)}/again`, { method: "POST" });

/** The code of the race the gamemaster made after this one, or null while there is none. */
export const nextRace = async (gameId: string): Promise<string | null> =>
  (await accountApi<{ gamecode: string | null }>(`/api/v1/game/${encodeURIComponent(gameId)}/next`)).gamecode;

/** The projector link of a game (its gamemaster only): the path of a screen that may watch it. */
export const projectorLink = async (gameId: string): Promise<string> =>
  (await accountApi<{ path: string }>(`/api/v1/game/${encodeURIComponent(gameId)}/projector`)).path;

export const startRace = (gameId: string): Promise<{ message: string }> =>
  accountApi<{ message: string }>(`/api/v1/game/${encodeURIComponent(gameId)}/start`, { method: "POST" });

export const myGames = async (): Promise<MyGame[]> =>
  (await accountApi<{ games: MyGame[] }>("/api/v1/game/mine")).games;

// ---------------------------------------------------------------- kept in this browser

/** The game token (24 h) that takes this browser's place again after a refresh or a lost line. */
export const serpentSeats = seatStore("serpent");

const gmKey = (code: string) => `parlor.serpent.gm.${code.toUpperCase()}`;
const endedKey = (code: string) => `parlor.serpent.ended.${code.toUpperCase()}`;
const gameKey = (code: string) => `parlor.serpent.game.${code.toUpperCase()}`;

function read<T>(key: string): T | null {
  const raw = stored(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** This browser runs the game as its gamemaster (the account's access token proves it). */
export const isGamemasterHere = (code: string): boolean => stored(gmKey(code)) !== null;
export const markGamemaster = (code: string, gameId: string): void => store(gmKey(code), gameId);
export const forgetGamemaster = (code: string): void => forget(gmKey(code));

/** A finished race's results, shown again after a refresh (the room is gone by then). */
export const loadEnded = (code: string): EndedData | null => read<EndedData>(endedKey(code));
export const saveEnded = (code: string, ended: EndedData): void => store(endedKey(code), JSON.stringify(ended));

/** The game id behind a code, for the end screen after a refresh (it asks for the next race by it). */
export const loadGameId = (code: string): string | null => stored(gameKey(code));
export const saveGameId = (code: string, gameId: string): void => store(gameKey(code), gameId);

/** The server keeps names to 40 characters. */
export const NAME_MAX = 40;
