import { accountApi } from "../../kit/account";
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

export const listDecks = async (): Promise<DeckSummary[]> =>
  (await accountApi<{ decks: DeckSummary[] }>("/api/v1/decks")).decks;

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
}

export const createGame = (g: NewGame): Promise<CreatedGame> =>
  accountApi<CreatedGame>("/api/v1/game/start", { body: g });

export const gameInfo = (code: string): Promise<GameInfo> =>
  accountApi<GameInfo>(`/api/v1/game/code/${encodeURIComponent(code)}`);

/** PUBLIC games need a name; PRIVATE and ORGANIZATION games the signed-in account (the name is optional). */
export const joinGame = (code: string, playerName?: string): Promise<Joined> =>
  accountApi<Joined>("/api/v1/game/join", { body: { gameCode: code, ...(playerName ? { playerName } : {}) } });

export const startRace = (gameId: string): Promise<{ message: string }> =>
  accountApi<{ message: string }>(`/api/v1/game/${encodeURIComponent(gameId)}/start`, { method: "POST" });

export const myGames = async (): Promise<MyGame[]> =>
  (await accountApi<{ games: MyGame[] }>("/api/v1/game/mine")).games;

// ---------------------------------------------------------------- kept in this browser

export interface Seat {
  token: string;
  name: string;
}

const seatKey = (code: string) => `parlor.serpent.seat.${code.toUpperCase()}`;
const gmKey = (code: string) => `parlor.serpent.gm.${code.toUpperCase()}`;
const endedKey = (code: string) => `parlor.serpent.ended.${code.toUpperCase()}`;

function read<T>(key: string): T | null {
  const raw = stored(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** The game token (24 h) that takes this browser's place again after a refresh or a lost line. */
export function loadSeat(code: string): Seat | null {
  const s = read<Partial<Seat>>(seatKey(code));
  return typeof s?.token === "string" && s.token ? { token: s.token, name: s.name ?? "" } : null;
}
export const saveSeat = (code: string, seat: Seat): void => store(seatKey(code), JSON.stringify(seat));
export const forgetSeat = (code: string): void => forget(seatKey(code));

/** This browser runs the game as its gamemaster (the account's access token proves it). */
export const isGamemasterHere = (code: string): boolean => stored(gmKey(code)) !== null;
export const markGamemaster = (code: string, gameId: string): void => store(gmKey(code), gameId);
export const forgetGamemaster = (code: string): void => forget(gmKey(code));

/** A finished race's results, shown again after a refresh (the room is gone by then). */
export const loadEnded = (code: string): EndedData | null => read<EndedData>(endedKey(code));
export const saveEnded = (code: string, ended: EndedData): void => store(endedKey(code), JSON.stringify(ended));

/** The server keeps names to 40 characters. */
export const NAME_MAX = 40;
export const cleanName = (raw: string): string => raw.replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
