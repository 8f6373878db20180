import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiRefusal, type RouteDef, type ServiceContext } from "../../../engine/module";
import { ROOM_CODE_PATTERN } from "../../../engine/room-code";
import type { GameDeck } from "../content/schema";
import { boardData } from "../flow";
import { BOARD_SIZE, BoardSize } from "../options";
import { SERPENT_RACE_ID } from "../rules";
import type { SerpentState } from "../state";
import type { DeckRef } from "./deck-cache";
import { mustUser, userOf } from "./deck-routes";
import { deckCards, latestDeck, mayUse } from "./deck-store";
import { gameAggregate, LOGIN_TYPES, playerNames } from "./game-aggregate";
import { type GameRow, gameByCode, gameById, gamesOf, insertGame } from "./game-store";
import type { HostedOptions } from "./hosted-rules";

/** RULINGS SerpentRace 6: a game token lasts 24 hours. */
const GAME_TOKEN_TTL = "24h";

const StartBody = z.object({
  deckids: z.array(z.string().min(1).max(200)).min(1, "choose at least one deck").max(20),
  maxplayers: z.number().int().min(2).max(10),
  logintype: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Not in the document: which organisation an ORGANIZATION game is for (default: your only one). */
  orgid: z.string().min(1).max(100).optional(),
  /** Not in the document: RULINGS SerpentRace 1's physical dice. */
  physicalDice: z.boolean().optional(),
  /** Not in the document: the board's fields (RULINGS SerpentRace 3: 100 unless chosen). */
  boardSize: BoardSize.optional(),
});

const JoinBody = z.object({
  gameCode: z.string().regex(ROOM_CODE_PATTERN, "a game code is letters and digits"),
  playerName: z.string().trim().min(1).max(40).optional(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function roomState(ctx: ServiceContext, row: GameRow): Promise<SerpentState | null> {
  const rec = await ctx.rooms?.get(row.code);
  // A code may have been reused by another game once this one's room closed.
  if (!rec || rec.game !== SERPENT_RACE_ID) return null;
  const state = rec.state as SerpentState;
  return state.gameId === row.id ? state : null;
}

async function loadDecks(ctx: ServiceContext, refs: DeckRef[]): Promise<GameDeck[]> {
  const out: GameDeck[] = [];
  for (const ref of refs) {
    const row = await latestDeck(ctx.db, ref.id);
    const cards = await deckCards(ctx.db, ref.id, ref.version);
    out.push({
      deckid: ref.id,
      name: row?.name ?? ref.id,
      decktype: row?.decktype ?? 0,
      cards: cards ?? [],
    } as GameDeck);
  }
  return out;
}

/** The organisation an ORGANIZATION game is for: the one named, or the creator's only one. */
async function orgFor(ctx: ServiceContext, userId: string, named: string | undefined): Promise<string> {
  const orgs = (await ctx.accounts?.myOrgs(userId)) ?? [];
  if (named) {
    if (!orgs.some((o) => o.id === named))
      throw new ApiRefusal(403, "not_a_member", "You can only create a game for an organisation you belong to.");
    return named;
  }
  if (orgs.length === 1) return orgs[0]!.id;
  throw new ApiRefusal(
    400,
    "orgid_required",
    orgs.length === 0
      ? "An organisation game needs an organisation: create or join one first."
      : "You belong to several organisations: name one with orgid.",
  );
}

const STATUS_OF: Record<string, number> = {
  room_full: 409,
  game_started: 409,
  game_ended: 409,
  name_taken: 409,
  left_game: 409,
  not_enough_players: 409,
  players_not_ready: 409,
  room_not_found: 404,
};

/** The document's three game endpoints, and two lookups the web client needs. */
export const gameRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/api/v1/game/start",
    absolute: true,
    errors: "flat",
    perMinute: 20,
    summary: "Create a game with the chosen decks (gamemaster; access token required)",
    body: StartBody,
    async handle(ctx, req) {
      const userId = await mustUser(ctx, req);
      const b = req.body as z.infer<typeof StartBody>;
      const refs: DeckRef[] = [];
      for (const id of new Set(b.deckids)) {
        const row = await latestDeck(ctx.db, id);
        if (!row || !(await mayUse(ctx.db, row, userId)))
          throw new ApiRefusal(404, "deck_not_found", `Deck not found: ${id}.`);
        refs.push({ id, version: row.version });
      }
      const orgId = b.logintype === 2 ? await orgFor(ctx, userId, b.orgid) : null;
      const id = randomUUID();
      const boardSize = b.boardSize ?? BOARD_SIZE.default;
      const options: HostedOptions = {
        deckRefs: refs,
        maxPlayers: b.maxplayers,
        boardSize,
        physicalDice: b.physicalDice ?? false,
        answerSeconds: 60,
        decisionSeconds: 120,
        guessSeconds: 30,
        drawDelaySeconds: 2,
        absentSkipSeconds: 30,
        loginType: b.logintype,
        createdBy: userId,
        orgId,
        gameId: id,
      };
      const rooms = ctx.rooms;
      if (!rooms) throw new Error("SerpentRace needs the room directory");
      const code = await rooms.create(SERPENT_RACE_ID, options);
      const row: GameRow = {
        id,
        code,
        createdBy: userId,
        orgId,
        loginType: b.logintype,
        maxPlayers: b.maxplayers,
        boardSize,
        deckRefs: refs,
        createdAt: ctx.now(),
        startedAt: null,
        endedAt: null,
        finished: false,
        winner: null,
        players: [],
      };
      await insertGame(ctx.db, row);
      return { status: 200, body: gameAggregate(row, await loadDecks(ctx, refs), null) };
    },
  },
  {
    method: "POST",
    path: "/api/v1/game/join",
    absolute: true,
    errors: "flat",
    // A whole class joins at once, often from one school address behind NAT.
    perMinute: 120,
    summary: "Join a game by code: PUBLIC needs a name, PRIVATE an account, ORGANIZATION a member's account",
    body: JoinBody,
    async handle(ctx, req) {
      const b = req.body as z.infer<typeof JoinBody>;
      const code = b.gameCode.toUpperCase();
      const row = await gameByCode(ctx.db, code);
      const state = row ? await roomState(ctx, row) : null;
      if (!row || !state) throw new ApiRefusal(404, "game_not_found", "Game not found.");
      const userId = await userOf(ctx, req);
      if (row.loginType !== 0 && userId === null)
        throw new ApiRefusal(401, "unauthorized", "This game is for signed-in players: log in first.");
      if (row.loginType === 2 && !(row.orgId && userId && (await ctx.accounts?.roleIn(row.orgId, userId))))
        throw new ApiRefusal(403, "not_a_member", "This game is for members of its organisation.");
      const user = userId ? await ctx.accounts?.user(userId) : null;
      const playerName = b.playerName ?? user?.displayName;
      if (!playerName) throw new ApiRefusal(400, "player_name_required", "Enter a name to join.");
      // The document's payload. Its `playerId` is the seat ("P1"), the id the race's events,
      // `currentPlayer` and `turnSequence` use, so a client compares its own id with them;
      // the account (when signed in) is `userId` (ours).
      const claims = { gameId: row.id, gameCode: code, playerName, ...(userId ? { userId } : {}) };
      const seated = await ctx.rooms!.seat(code, {
        name: playerName,
        claims,
        seatClaim: "playerId",
        ttl: GAME_TOKEN_TTL,
        // An account keeps its place: joining again (another device) gives the same seat.
        ...(userId ? { subject: `account:${userId}` } : {}),
      });
      if (!seated.ok) throw new ApiRefusal(STATUS_OF[seated.code] ?? 409, seated.code, seated.message);
      const after = await roomState(ctx, row);
      const me = after?.players.find((p) => p.seat === seated.seat);
      return {
        status: 200,
        body: {
          id: row.id,
          gamecode: code,
          playerName: me?.name ?? playerName,
          playerCount: after?.players.filter((p) => !p.left).length ?? 0,
          maxPlayers: row.maxPlayers,
          gameType: LOGIN_TYPES[row.loginType],
          isAuthenticated: userId !== null,
          gameToken: seated.token,
        },
      };
    },
  },
  {
    method: "POST",
    path: "/api/v1/game/:gameId/start",
    absolute: true,
    errors: "flat",
    perMinute: 30,
    summary: "Start the race (its gamemaster only; every joined player ready, at least two)",
    async handle(ctx, req) {
      const userId = await mustUser(ctx, req);
      const gameId = req.params.gameId ?? "";
      if (!UUID.test(gameId)) throw new ApiRefusal(400, "invalid_game_id", "Invalid gameId.");
      const row = await gameById(ctx.db, gameId);
      const state = row ? await roomState(ctx, row) : null;
      if (!row || !state) throw new ApiRefusal(404, "game_not_found", "Game not found.");
      if (row.createdBy !== userId)
        throw new ApiRefusal(403, "not_gamemaster", "Only the gamemaster can start the game.");
      const r = await ctx.rooms!.act(row.code, "GM", { event: "start", data: {} });
      if (!r.ok) throw new ApiRefusal(STATUS_OF[r.code] ?? 409, r.code, r.message);
      const after = (await roomState(ctx, row)) as SerpentState;
      // The record's start time is written by the projection (game-projection.ts).
      const players = playerNames(row, after);
      const fresh = { ...row, startedAt: after.startedAt };
      return {
        status: 200,
        body: {
          message: "Game started successfully",
          gameId: row.id,
          playerCount: players.length,
          game: gameAggregate(fresh, await loadDecks(ctx, row.deckRefs), after),
          boardData: boardData(after),
        },
      };
    },
  },
  {
    method: "GET",
    path: "/api/v1/game/code/:code",
    absolute: true,
    errors: "flat",
    perMinute: 60,
    summary: "What a joining player needs to know about a game: its type, size and phase (no account needed)",
    async handle(ctx, req) {
      const code = (req.params.code ?? "").toUpperCase();
      const row = ROOM_CODE_PATTERN.test(code) ? await gameByCode(ctx.db, code) : null;
      const state = row ? await roomState(ctx, row) : null;
      if (!row || !state) throw new ApiRefusal(404, "game_not_found", "Game not found.");
      return {
        status: 200,
        body: {
          gamecode: code,
          gameType: LOGIN_TYPES[row.loginType],
          maxPlayers: row.maxPlayers,
          playerCount: state.players.filter((p) => !p.left).length,
          gamePhase: state.phase,
        },
      };
    },
  },
  {
    method: "GET",
    path: "/api/v1/game/mine",
    absolute: true,
    errors: "flat",
    summary: "Your games as gamemaster, newest first (no cards)",
    async handle(ctx, req) {
      const userId = await mustUser(ctx, req);
      const rows = await gamesOf(ctx.db, userId);
      const games = [];
      for (const row of rows) {
        const state = await roomState(ctx, row);
        const { gamedecks: _decks, ...rest } = gameAggregate(row, [], state);
        games.push({ ...rest, open: state !== null });
      }
      return { status: 200, body: { games } };
    },
  },
  {
    method: "GET",
    path: "/api/v1/game/:gameId",
    absolute: true,
    errors: "flat",
    summary: "A game's full record, for its gamemaster",
    async handle(ctx, req) {
      const userId = await mustUser(ctx, req);
      const gameId = req.params.gameId ?? "";
      if (!UUID.test(gameId)) throw new ApiRefusal(400, "invalid_game_id", "Invalid gameId.");
      const row = await gameById(ctx.db, gameId);
      if (!row) throw new ApiRefusal(404, "game_not_found", "Game not found.");
      if (row.createdBy !== userId)
        throw new ApiRefusal(403, "not_gamemaster", "Only the gamemaster can read this game.");
      const state = await roomState(ctx, row);
      return { status: 200, body: gameAggregate(row, await loadDecks(ctx, row.deckRefs), state) };
    },
  },
];
