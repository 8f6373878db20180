import { accessToken, currentAccount, signOut } from "../../kit/account";
import { ApiError } from "../../kit/api";
import { forgetPlayerToken, playerToken, savePlayerToken } from "./local";
import type {
  ActionReply,
  BingoAction,
  GameReply,
  GridSize,
  LeaderboardReply,
  Mode,
  MyGamesReply,
  StartReply,
  StreaksReply,
} from "./wire";

const BASE = "/api/v1/bingo";
const OFFLINE = "Could not reach the Parlor server. Check your connection and try again.";

/**
 * Who plays: the signed-in account (its access token, renewed as needed: ranked games), or
 * else this browser's anonymous player token, if it has one (unranked games).
 */
async function identityToken(): Promise<{ token: string; account: boolean } | null> {
  if (currentAccount()) {
    const token = await accessToken();
    if (token) return { token, account: true };
  }
  const anon = playerToken();
  return anon ? { token: anon, account: false } : null;
}

/** Whether this browser has an identity the server knows (an account, or an earlier game's token). */
export const hasIdentity = (): boolean => currentAccount() !== null || playerToken() !== null;

/**
 * The kit's `api()` with this player's identity: every call carries `Authorization: Bearer
 * <token>` (the account's when signed in, else the browser's player token), and errors read
 * as the kit's do (a network failure in plain words, the server's own message otherwise).
 */
export async function bingoApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const who = await identityToken();
  if (who) headers.authorization = `Bearer ${who.token}`;
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    throw new ApiError(OFFLINE, 0, "offline");
  }
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok) {
    const code = body?.error?.code ?? "http_error";
    // A token the server no longer accepts: an account's session has ended (sign in again);
    // an anonymous token is dropped, so the next start makes a fresh identity.
    if (code === "identity_required") {
      if (who?.account) void signOut();
      else forgetPlayerToken();
    }
    const message =
      res.status === 429
        ? "Too many requests from here just now; wait a moment and try again."
        : code === "identity_required"
          ? who?.account
            ? "Your sign-in has ended. Sign in again to go on with your ranked game."
            : "This browser's Cricket Bingo pass is no longer valid. Start a game again to get a new one."
          : res.status >= 500 && !body?.error?.message
            ? "The server had a problem; try again in a moment."
            : (body?.error?.message ?? `The server said ${res.status}.`);
    throw new ApiError(message, res.status, code);
  }
  return body as T;
}

/**
 * Start or resume (docs/games/cricket-bingo.md, Decisions D7: asking again returns the same
 * attempt) and keep any new token.
 */
export async function startGame(a: {
  size: GridSize;
  mode: Mode;
  /** Absent for today's puzzle: the server's own UTC date decides which day is ranked. */
  date?: string;
  displayName?: string;
}): Promise<StartReply> {
  const reply = await bingoApi<StartReply>("/games", {
    body: {
      gridSize: a.size,
      mode: a.mode,
      ...(a.date ? { date: a.date } : {}),
      ...(a.displayName ? { displayName: a.displayName } : {}),
    },
  });
  if (reply.playerToken) savePlayerToken(reply.playerToken);
  return reply;
}

export const act = (gameId: string, action: BingoAction) =>
  bingoApi<ActionReply>(`/games/${encodeURIComponent(gameId)}/actions`, { body: action });

export const getGame = (gameId: string) => bingoApi<GameReply>(`/games/${encodeURIComponent(gameId)}`);

export const shareText = async (gameId: string): Promise<string> =>
  (await bingoApi<{ text: string }>(`/games/${encodeURIComponent(gameId)}/share`)).text;

export const leaderboard = (date: string, size: GridSize, mode: Mode) =>
  bingoApi<LeaderboardReply>(`/leaderboard?date=${date}&size=${size}&mode=${mode}`);

/** Streaks need an identity; a browser that never played (and is not signed in) has none to show. */
export const myStreaks = async (): Promise<StreaksReply | null> =>
  hasIdentity() ? bingoApi<StreaksReply>("/me/streaks") : null;

/**
 * This player's attempts at a day (one per size at most, each in its own mode), so the
 * setup screen can show what is already taken; a browser that never played has none.
 */
export const myGames = async (date: string): Promise<MyGamesReply> =>
  hasIdentity() ? bingoApi<MyGamesReply>(`/me/games?date=${date}`) : { date, games: [] };
