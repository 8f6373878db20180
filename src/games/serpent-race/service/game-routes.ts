import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiRefusal, type RouteDef, type ServiceContext } from "../../../engine/module";
import { ROOM_CODE_PATTERN } from "../../../engine/room-code";
import type { GameDeck } from "../content/schema";
import { boardData } from "../flow";
import { BOARD_SIZE, BoardSize, TIMER_SECONDS } from "../options";
import { SERPENT_RACE_ID } from "../rules";
import { type SerpentState, stillIn } from "../state";
import { cardsFor, readsAnswers } from "./deck-answers";
import type { DeckRef } from "./deck-cache";
import { mustUser, userOf } from "./deck-routes";
import { deckCards, deckVersion, latestDeck, mayUse } from "./deck-store";
import { gameAggregate, LOGIN_TYPES, playerNames } from "./game-aggregate";
import { type GameRow, type GameSettings, gameByCode, gameById, gamesOf, insertGame, markNext } from "./game-store";
import { HostedOptions } from "./hosted-rules";

/** A game token lasts 24 hours (docs/games/serpent-race.md, Decisions D12). */
const GAME_TOKEN_TTL = "24h";

const StartBody = z.object({
  deckids: z.array(z.string().min(1).max(200)).min(1, "choose at least one deck").max(20),
  maxplayers: z.number().int().min(2).max(10),
  logintype: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Not in the document: which organisation an ORGANIZATION game is for (default: your only one). */
  orgid: z.string().min(1).max(100).optional(),
  /** Not in the document: physical dice (docs/games/serpent-race.md, Decisions D1). */
  physicalDice: z.boolean().optional(),
  /** Not in the document: the board's fields (docs/games/serpent-race.md, Decisions D4: 100 unless chosen). */
  boardSize: BoardSize.optional(),
  /** Not in the document: the timers, in whole seconds (the document's 60, 120, 30 and 2 unless chosen). */
  answerSeconds: seconds(TIMER_SECONDS.answerSeconds),
  decisionSeconds: seconds(TIMER_SECONDS.decisionSeconds),
  guessSeconds: seconds(TIMER_SECONDS.guessSeconds),
  drawDelaySeconds: seconds(TIMER_SECONDS.drawDelaySeconds),
});
type StartBody = z.infer<typeof StartBody>;

function seconds(range: { min: number; max: number }) {
  return z
    .number()
    .int()
    .min(range.min, `at least ${range.min} seconds`)
    .max(range.max, `at most ${range.max} seconds`)
    .optional();
}

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

/**
 * A game's decks for its gamemaster's record: each version the game plays, with the answers
 * only of the decks the gamemaster may read them in (their own, or their organisation's as
 * its owner or admin); the questions alone of the others (the shipped decks, a colleague's).
 */
async function loadDecks(ctx: ServiceContext, refs: DeckRef[], userId: string): Promise<GameDeck[]> {
  const out: GameDeck[] = [];
  for (const ref of refs) {
    const row = (await deckVersion(ctx.db, ref.id, ref.version)) ?? (await latestDeck(ctx.db, ref.id));
    const cards = (await deckCards(ctx.db, ref.id, ref.version)) ?? [];
    const withAnswers = row !== null && (await readsAnswers(ctx.accounts, row, userId));
    out.push({
      deckid: ref.id,
      name: row?.name ?? ref.id,
      decktype: row?.decktype ?? 0,
      cards: cardsFor(cards, withAnswers),
    } as GameDeck);
  }
  return out;
}

/** The game whose id a route names, for its gamemaster only (400, 401, 403, 404 as the document's routes). */
async function gamemastersGame(
  ctx: ServiceContext,
  req: Parameters<RouteDef["handle"]>[1],
  what: string,
): Promise<{ row: GameRow; userId: string }> {
  const userId = await mustUser(ctx, req);
  const gameId = req.params.gameId ?? "";
  if (!UUID.test(gameId)) throw new ApiRefusal(400, "invalid_game_id", "Invalid gameId.");
  const row = await gameById(ctx.db, gameId);
  if (!row) throw new ApiRefusal(404, "game_not_found", "Game not found.");
  if (row.createdBy !== userId) throw new ApiRefusal(403, "not_gamemaster", `Only the gamemaster can ${what}.`);
  return { row, userId };
}

interface NewGame {
  refs: DeckRef[];
  maxPlayers: number;
  loginType: 0 | 1 | 2;
  orgId: string | null;
  boardSize: number;
  settings: Required<GameSettings>;
}

/** The settings a start body asks for, each defaulted as the document has it. */
function settingsOf(b: StartBody | GameSettings): Required<GameSettings> {
  return {
    physicalDice: b.physicalDice ?? false,
    answerSeconds: b.answerSeconds ?? TIMER_SECONDS.answerSeconds.default,
    decisionSeconds: b.decisionSeconds ?? TIMER_SECONDS.decisionSeconds.default,
    guessSeconds: b.guessSeconds ?? TIMER_SECONDS.guessSeconds.default,
    drawDelaySeconds: b.drawDelaySeconds ?? TIMER_SECONDS.drawDelaySeconds.default,
  };
}

/**
 * Make the game's room and its record; the gamemaster's view of it (the document's
 * GameAggregate). `client` is the requesting address: a new room spends its allowance.
 */
async function createGame(ctx: ServiceContext, userId: string, g: NewGame, client: string) {
  const id = randomUUID();
  const options: HostedOptions = {
    deckRefs: g.refs,
    maxPlayers: g.maxPlayers,
    boardSize: g.boardSize,
    ...g.settings,
    graceSeconds: 30,
    loginType: g.loginType,
    createdBy: userId,
    orgId: g.orgId,
    gameId: id,
    watchKey: randomBytes(24).toString("base64url"),
  };
  const rooms = ctx.rooms;
  if (!rooms) throw new Error("SerpentRace needs the room directory");
  const code = await rooms.create(SERPENT_RACE_ID, options, { client });
  const row: GameRow = {
    id,
    code,
    createdBy: userId,
    orgId: g.orgId,
    loginType: g.loginType,
    maxPlayers: g.maxPlayers,
    boardSize: g.boardSize,
    deckRefs: g.refs,
    createdAt: ctx.now(),
    startedAt: null,
    endedAt: null,
    finished: false,
    winner: null,
    players: [],
    settings: g.settings,
    nextId: null,
  };
  await insertGame(ctx.db, row);
  return gameAggregate(row, await loadDecks(ctx, g.refs, userId), null);
}

/** The newest version of each deck id the user may use (in order, once each); missing ones are refused or left out. */
async function deckRefsOf(ctx: ServiceContext, ids: string[], userId: string, missing: "refuse" | "skip") {
  const refs: DeckRef[] = [];
  for (const id of new Set(ids)) {
    const row = await latestDeck(ctx.db, id);
    if (!row || !(await mayUse(ctx.db, row, userId))) {
      if (missing === "skip") continue;
      throw new ApiRefusal(404, "deck_not_found", `Deck not found: ${id}.`);
    }
    refs.push({ id, version: row.version });
  }
  if (refs.length === 0) throw new ApiRefusal(404, "deck_not_found", "None of the game's decks is there any more.");
  return refs;
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
      const b = req.body as StartBody;
      const refs = await deckRefsOf(ctx, b.deckids, userId, "refuse");
      const orgId = b.logintype === 2 ? await orgFor(ctx, userId, b.orgid) : null;
      const game = await createGame(
        ctx,
        userId,
        {
          refs,
          maxPlayers: b.maxplayers,
          loginType: b.logintype,
          orgId,
          boardSize: b.boardSize ?? BOARD_SIZE.default,
          settings: settingsOf(b),
        },
        req.client,
      );
      return { status: 200, body: game };
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
          playerCount: after?.players.filter(stillIn).length ?? 0,
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
          game: gameAggregate(fresh, await loadDecks(ctx, row.deckRefs, userId), after),
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
          playerCount: state.players.filter(stillIn).length,
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
      const { row, userId } = await gamemastersGame(ctx, req, "read this game");
      const state = await roomState(ctx, row);
      return { status: 200, body: gameAggregate(row, await loadDecks(ctx, row.deckRefs, userId), state) };
    },
  },
  {
    method: "GET",
    path: "/api/v1/game/:gameId/projector",
    absolute: true,
    errors: "flat",
    auth: "bearer",
    summary:
      "The projector link of a game, for its gamemaster (ours): a screen that opens it watches the game, PRIVATE and ORGANIZATION ones included",
    async handle(ctx, req) {
      const { row } = await gamemastersGame(ctx, req, "open a projector");
      const rec = await ctx.rooms?.get(row.code);
      const options = rec && rec.game === SERPENT_RACE_ID ? HostedOptions.safeParse(rec.options).data : undefined;
      if (!options || options.gameId !== row.id || !options.watchKey)
        throw new ApiRefusal(404, "game_not_found", "This game is closed.");
      const key = options.watchKey;
      return {
        status: 200,
        body: { gamecode: row.code, key, path: `/serpent/${row.code}/projector?key=${encodeURIComponent(key)}` },
      };
    },
  },
  {
    method: "POST",
    path: "/api/v1/game/:gameId/again",
    absolute: true,
    errors: "flat",
    auth: "bearer",
    perMinute: 20,
    summary:
      "A new race with the same players (ours): after the end, its gamemaster makes a game with the same settings and the newest versions of its decks; asked again, the same new game",
    async handle(ctx, req) {
      const { row, userId } = await gamemastersGame(ctx, req, "start a new race");
      const state = await roomState(ctx, row);
      if (!(state ? state.phase === "ended" : row.finished))
        throw new ApiRefusal(409, "game_not_ended", "The race is still on: a new one can follow when it ends.");
      if (row.nextId) {
        const next = await gameById(ctx.db, row.nextId);
        if (next) return { status: 200, body: gameAggregate(next, await loadDecks(ctx, next.deckRefs, userId), null) };
      }
      const refs = await deckRefsOf(
        ctx,
        row.deckRefs.map((r) => r.id),
        userId,
        "skip",
      );
      const orgId = row.loginType === 2 ? await orgFor(ctx, userId, row.orgId ?? undefined) : null;
      const game = await createGame(
        ctx,
        userId,
        {
          refs,
          maxPlayers: row.maxPlayers,
          loginType: row.loginType,
          orgId,
          boardSize: row.boardSize,
          settings: settingsOf(row.settings),
        },
        req.client,
      );
      const nextId = await markNext(ctx.db, row.id, game.id);
      if (nextId !== game.id) {
        // Another click made the next game first: that one is the players'.
        const next = (await gameById(ctx.db, nextId)) as GameRow;
        return { status: 200, body: gameAggregate(next, await loadDecks(ctx, next.deckRefs, userId), null) };
      }
      return { status: 200, body: game };
    },
  },
  {
    method: "GET",
    path: "/api/v1/game/:gameId/next",
    absolute: true,
    errors: "flat",
    summary:
      "The code of the race its gamemaster made after this one (ours), or null while there is none: the players' end screens ask, to join it",
    async handle(ctx, req) {
      const gameId = req.params.gameId ?? "";
      if (!UUID.test(gameId)) throw new ApiRefusal(400, "invalid_game_id", "Invalid gameId.");
      const row = await gameById(ctx.db, gameId);
      if (!row) throw new ApiRefusal(404, "game_not_found", "Game not found.");
      const next = row.nextId ? await gameById(ctx.db, row.nextId) : null;
      return { status: 200, body: { gamecode: next?.code ?? null } };
    },
  },
];
