import { z } from "zod";
import { ApiRefusal, bearerToken, type RouteDef, type RouteInput, type ServiceContext } from "../../../engine/module";
import { dailyPublic } from "../generate";
import type { GridSize, Mode } from "../params";
import { utcDate } from "../seed";
import type { GameState } from "../state";
import { view } from "../view";
import { BingoAction, GridSizeSchema, IsoDate, ModeSchema, NewGameBody } from "../wire";
import { dayOf } from "./days";
import { ownGame, playTurn, seedFor, startOrResume } from "./games";
import {
  ActionReply,
  DailyQuery,
  DailyReply,
  DayQuery,
  GameReply,
  LeaderboardQuery,
  LeaderboardReply,
  MyGamesReply,
  ShareReply,
  StartReply,
  StreaksReply,
} from "./schemas";
import { setupOf } from "./setup";
import { bestStreak, shareText } from "./share";
import { attemptsOn, board, daysPlayed, type GameRow, standingOf } from "./store";
import { streaks } from "./streaks";

const StartBody = NewGameBody.extend({
  /** What the leaderboard calls this player (1–24 characters); kept from their first game. */
  displayName: z.string().trim().min(1).max(24).optional(),
}).strict();

const size = (q: string | undefined): GridSize => {
  const parsed = GridSizeSchema.safeParse(Number(q ?? 3));
  if (!parsed.success) throw new ApiRefusal(400, "invalid_size", "size is 3 or 4.");
  return parsed.data;
};
const mode = (q: string | undefined): Mode => {
  const parsed = ModeSchema.safeParse(q ?? "classic");
  if (!parsed.success) throw new ApiRefusal(400, "invalid_mode", 'mode is "classic" or "assisted".');
  return parsed.data;
};

/** A date the player may ask for: today's (UTC) or earlier; the default is today. */
function dateOf(ctx: ServiceContext, q: string | undefined): string {
  const today = utcDate(ctx.now());
  if (q === undefined) return today;
  if (!IsoDate.safeParse(q).success) throw new ApiRefusal(400, "invalid_date", "Dates are written YYYY-MM-DD.");
  if (q > today) throw new ApiRefusal(400, "future_date", "That day's puzzle is not out yet.");
  return q;
}

async function whoIs(ctx: ServiceContext, req: RouteInput) {
  return (await ctx.identity?.fromToken(bearerToken(req.headers))) ?? null;
}

async function mustBe(ctx: ServiceContext, req: RouteInput) {
  const who = await whoIs(ctx, req);
  if (!who)
    throw new ApiRefusal(
      401,
      "identity_required",
      "Send the playerToken you were given as Authorization: Bearer <token>.",
    );
  return who;
}

/** The game the path names, when it is the caller's own. */
async function yourGame(ctx: ServiceContext, req: RouteInput) {
  const who = await mustBe(ctx, req);
  return ownGame(ctx, req.params.gameId ?? "", who.id);
}

/** Where a finished game stands on its day's board (its rank, or the rank it would have had); nothing while in play. */
async function standing(ctx: ServiceContext, row: GameRow, state: GameState) {
  if (state.status === "playing") return {};
  return { standing: await standingOf(ctx.db, { ...row, score: state.score, status: state.status }) };
}

/**
 * The name an account's games show: the account's own (cut to the leaderboard's 40
 * characters), so nobody ranks under another player's name.
 */
async function accountName(ctx: ServiceContext, userId: string): Promise<string | undefined> {
  const user = await ctx.accounts?.user(userId.slice("user:".length));
  return user?.displayName.slice(0, 40);
}

/** Competition ranking: tied scores share a rank (1, 2, 2, 4). */
function ranked<T extends { score: number }>(rows: T[]): (T & { rank: number })[] {
  return rows.map((r, i) => {
    let first = i;
    while (first > 0 && rows[first - 1]!.score === r.score) first--;
    return { ...r, rank: first + 1 };
  });
}

/** Cricket Bingo over REST (docs/protocols/cricket-bingo.md). */
export const bingoRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/daily",
    summary: "The day's grid (never its deck): ?date=YYYY-MM-DD (today, UTC, by default)&size=3|4",
    query: DailyQuery,
    responses: { 200: DailyReply },
    refusals: [400],
    async handle(ctx, req) {
      const date = dateOf(ctx, req.query.date);
      const day = dayOf(date, size(req.query.size), { seed: seedFor(ctx, date), catalog: setupOf(ctx).catalog() });
      return { status: 200, body: dailyPublic(day) };
    },
  },
  {
    method: "POST",
    path: "/games",
    summary:
      "Start (or resume) your attempt at a day's puzzle: an account's game of today is ranked; anonymous games and earlier days are not",
    auth: "optional-bearer",
    responses: { 200: StartReply, 201: StartReply },
    refusals: [400, 401, 410],
    body: StartBody,
    perMinute: 60,
    async handle(ctx, req) {
      const b = req.body as z.infer<typeof StartBody>;
      const date = dateOf(ctx, b.date);
      // A token that no longer proves anyone (an account's expired access token, a forged one) is
      // refused, not quietly replaced by a new guest: the player meant to play as someone.
      let who = bearerToken(req.headers) ? await mustBe(ctx, req) : null;
      let playerToken: string | undefined;
      if (!who) {
        if (!ctx.identity) throw new Error("cricket-bingo needs the platform's identities");
        const made = await ctx.identity.issueAnonymous();
        who = made.identity;
        playerToken = made.token;
      }
      // A ranked attempt belongs to an account: an anonymous identity costs nothing, so it
      // would be as many "one attempt a day" as anyone likes (docs/games/cricket-bingo.md, "Decisions").
      const account = who.kind === "user";
      const displayName =
        (account ? await accountName(ctx, who.id) : undefined) ??
        b.displayName ??
        `Player ${who.id.slice(-4).toUpperCase()}`;
      const ranked = account && date === utcDate(ctx.now());
      const g = await startOrResume(ctx, { playerId: who.id, displayName }, date, b.gridSize, b.mode, ranked);
      return {
        status: g.created ? 201 : 200,
        body: {
          gameId: g.row.id,
          ...(playerToken ? { playerToken } : {}),
          ranked: g.row.ranked,
          state: view(g.state),
          ...(await standing(ctx, g.row, g.state)),
        },
      };
    },
  },
  {
    method: "GET",
    path: "/games/:gameId",
    summary: "Your game's state (the deck stays hidden)",
    auth: "bearer",
    responses: { 200: GameReply },
    refusals: [401, 404, 410],
    async handle(ctx, req) {
      const { row, state } = await yourGame(ctx, req);
      return {
        status: 200,
        body: { gameId: row.id, ranked: row.ranked, state: view(state), ...(await standing(ctx, row, state)) },
      };
    },
  },
  {
    method: "POST",
    path: "/games/:gameId/actions",
    summary:
      "Play a turn: PLACE or WILDCARD on a cell (categoryId), or SKIP; deckIndex names the card decided on (a stale one is refused)",
    auth: "bearer",
    responses: { 200: ActionReply },
    refusals: [400, 401, 404, 409, 410],
    body: BingoAction,
    perMinute: 240,
    async handle(ctx, req) {
      const who = await mustBe(ctx, req);
      const { row, state, result } = await playTurn(ctx, req.params.gameId ?? "", who.id, req.body as BingoAction);
      return { status: 200, body: { state: view(state), result, ...(await standing(ctx, row, state)) } };
    },
  },
  {
    method: "GET",
    path: "/games/:gameId/share",
    summary: "A spoiler-free text to share: the grid as squares, the score, the best streak, the date",
    auth: "bearer",
    responses: { 200: ShareReply },
    refusals: [401, 404, 410],
    async handle(ctx, req) {
      const { state } = await yourGame(ctx, req);
      return { status: 200, body: { text: shareText(state, bestStreak(state)) } };
    },
  },
  {
    method: "GET",
    path: "/leaderboard",
    summary: "A day's top 50 (finished ranked games; classic and assisted apart) and your own rank",
    query: LeaderboardQuery,
    auth: "optional-bearer",
    responses: { 200: LeaderboardReply },
    refusals: [400],
    async handle(ctx, req) {
      const date = dateOf(ctx, req.query.date);
      const gridSize = size(req.query.size);
      const m = mode(req.query.mode);
      const rows = ranked(await board(ctx.db, date, gridSize, m));
      const who = await whoIs(ctx, req);
      const mine = who ? rows.find((r) => r.playerId === who.id) : undefined;
      const entry = (r: (typeof rows)[number]) => ({
        rank: r.rank,
        displayName: r.displayName,
        score: r.score,
        result: r.status,
      });
      return {
        status: 200,
        body: {
          date,
          gridSize,
          mode: m,
          players: rows.length,
          top: rows.slice(0, 50).map(entry),
          you: mine ? entry(mine) : null,
        },
      };
    },
  },
  {
    method: "GET",
    path: "/me/games",
    summary:
      "Your attempts at a day (?date=, today by default): one per grid size at most, each in the mode it was started in",
    query: DayQuery,
    auth: "bearer",
    responses: { 200: MyGamesReply },
    refusals: [400, 401],
    async handle(ctx, req) {
      const who = await mustBe(ctx, req);
      const date = dateOf(ctx, req.query.date);
      const games = (await attemptsOn(ctx.db, who.id, date)).map((g) => ({
        gameId: g.id,
        gridSize: g.gridSize,
        mode: g.mode,
        ranked: g.ranked,
        status: g.status,
        score: g.score,
      }));
      return { status: 200, body: { date, games } };
    },
  },
  {
    method: "GET",
    path: "/me/streaks",
    summary: "Your runs of consecutive days played and won (on the day, ranked or not), per grid size",
    auth: "bearer",
    responses: { 200: StreaksReply },
    refusals: [401],
    async handle(ctx, req) {
      const who = await mustBe(ctx, req);
      const today = utcDate(ctx.now());
      const out: Record<string, { played: number; won: number }> = {};
      for (const s of [3, 4] as const) out[String(s)] = streaks(await daysPlayed(ctx.db, who.id, s), today);
      return { status: 200, body: { streaks: out } };
    },
  },
];
