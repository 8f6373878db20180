import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRefusal, type ServiceContext } from "../../../engine/module";
import { connectDb, type DbHandle } from "../../../platform/db/connect";
import { migrate } from "../../../platform/db/migrations";
import { createBingoModule } from "../index";
import { forgetStates, ownGame, playTurn, startOrResume } from "./games";
import { bingoMigrations } from "./migrations";
import { appendTurn, daysPlayed, findAttempt, type GameRow, getGame, insertGame, turnsOf } from "./store";
import { streaks } from "./streaks";

/** Cricket Bingo's tables on an embedded database: the attempt key, its migration, turn conflicts. */
let handle: DbHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
  forgetStates();
});

async function database(migrations = bingoMigrations) {
  handle = await connectDb({ dataDir: "memory://", pgliteThread: "main" });
  await migrate(handle.db as never, migrations);
  return handle.db;
}

const DATE = "2027-03-14";

/** A service context with Cricket Bingo started on it, as the server does at start. */
async function context(db: ServiceContext["db"]): Promise<ServiceContext> {
  const ctx: ServiceContext = { db, now: () => 1_000, secret: async () => "store-test-daily-seed-secret" };
  await createBingoModule().init!(ctx);
  return ctx;
}

describe("cricket bingo's store", () => {
  it("the one-attempt migration keeps every game, the first of a day and size stays the attempt", async () => {
    const first = { bingo_0001_games_and_turns: bingoMigrations.bingo_0001_games_and_turns! };
    const db = await database(first);
    // Under the old key a player could hold a classic and an assisted game of the same day and size.
    const game = (id: string, player: string, size: number, mode: string, createdAt: number, score: number) =>
      sql`INSERT INTO bingo_games (id, player_id, display_name, date, grid_size, mode, ranked, content_version,
          status, score, created_at, finished_at)
        VALUES (${id}, ${player}, ${player}, ${DATE}, ${size}, ${mode}, true, 'v1', 'won', ${score}, ${createdAt}, ${createdAt + 1})`.execute(
        db,
      );
    await game("a-assisted", "user:a", 3, "assisted", 100, 900);
    await game("a-classic", "user:a", 3, "classic", 200, 1600);
    await game("a-big", "user:a", 4, "classic", 300, 700);
    await game("b-classic", "user:b", 3, "classic", 150, 800);
    await sql`INSERT INTO bingo_turns (game_id, seq, at, action) VALUES ('a-classic', 1, 201, '{"type":"SKIP"}')`.execute(
      db,
    );

    await migrate(db as never, bingoMigrations);

    // The assisted game came first, so it is the attempt; the classic one is kept, unranked.
    expect((await findAttempt(db, "user:a", DATE, 3))?.id).toBe("a-assisted");
    expect((await findAttempt(db, "user:a", DATE, 4))?.id).toBe("a-big");
    expect((await findAttempt(db, "user:b", DATE, 3))?.id).toBe("b-classic");
    expect(await getGame(db, "a-classic")).toMatchObject({ mode: "classic", ranked: false, score: 1600 });
    expect(await getGame(db, "a-assisted")).toMatchObject({ ranked: true });
    expect(await getGame(db, "b-classic")).toMatchObject({ ranked: true });
    expect(await turnsOf(db, "a-classic")).toHaveLength(1);
    // A new game of the same player, day and size is refused by the key itself.
    await expect(
      sql`INSERT INTO bingo_games (id, player_id, display_name, date, grid_size, mode, ranked, content_version,
          status, score, created_at) VALUES ('a-third', 'user:a', 'a', ${DATE}, 3, 'classic', true, 'v1', 'playing', 0, 400)`.execute(
        db,
      ),
    ).rejects.toThrow();
  });

  it("ranked games are accounts' only; games before that keep their day and play on their public seed", async () => {
    const upTo2 = {
      bingo_0001_games_and_turns: bingoMigrations.bingo_0001_games_and_turns!,
      bingo_0002_one_attempt_per_size: bingoMigrations.bingo_0002_one_attempt_per_size!,
    };
    const db = await database(upTo2);
    const game = (id: string, player: string, ranked: boolean) =>
      sql`INSERT INTO bingo_games (id, player_id, display_name, date, grid_size, mode, ranked, content_version,
          status, score, created_at, finished_at)
        VALUES (${id}, ${player}, ${player}, ${DATE}, 3, 'classic', ${ranked}, 'v1', 'won', 500, 100, 101)`.execute(db);
    await game("anon-today", "anon:x", true);
    await game("user-today", "user:y", true);
    await game("anon-practice", "anon:z", false);

    await migrate(db as never, bingoMigrations);

    expect(await getGame(db, "anon-today")).toMatchObject({ ranked: false, onTheDay: true, seed: null });
    expect(await getGame(db, "user-today")).toMatchObject({ ranked: true, onTheDay: true, seed: null });
    expect(await getGame(db, "anon-practice")).toMatchObject({ ranked: false, onTheDay: false });
    // The anonymous player's streak still counts the day.
    expect(streaks(await daysPlayed(db, "anon:x", 3), DATE)).toEqual({ played: 1, won: 1 });
  });

  it("a turn number already logged is not written again", async () => {
    const db = await database();
    const ctx = await context(db);
    const g = await startOrResume(ctx, { playerId: "anon:c", displayName: "C" }, DATE, 3, "classic", false);
    const after = { status: "playing" as const, score: 0, streakBest: 0 };
    expect(await appendTurn(db, g.row.id, { seq: 1, at: 1, action: { type: "SKIP" } }, after)).toBe(true);
    const place = { type: "PLACE" as const, categoryId: g.state.grid[0]!.id };
    expect(await appendTurn(db, g.row.id, { seq: 1, at: 2, action: place }, { ...after, score: 100 })).toBe(false);
    expect(await turnsOf(db, g.row.id)).toEqual([{ seq: 1, at: 1, action: { type: "SKIP" } }]);
    expect(await getGame(db, g.row.id)).toMatchObject({ score: 0 });
  });

  it("a turn played elsewhere first is a 409 turn_conflict, and the game is read again", async () => {
    const db = await database();
    const ctx = await context(db);
    const who = { playerId: "anon:d", displayName: "D" };
    const g = await startOrResume(ctx, who, DATE, 3, "classic", false);
    await playTurn(ctx, g.row.id, who.playerId, { type: "SKIP" });
    // Another server (or this one before a stale copy) logs turn 2 behind this process's back.
    const after = { status: "playing" as const, score: 0, streakBest: 0 };
    await appendTurn(db, g.row.id, { seq: 2, at: 1_000, action: { type: "SKIP" } }, after);
    const refused = await playTurn(ctx, g.row.id, who.playerId, { type: "SKIP" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect(refused).toMatchObject({ status: 409, code: "turn_conflict" });
    expect(await turnsOf(db, g.row.id)).toHaveLength(2);
    // The next read sees both logged turns, and play goes on from there.
    expect((await ownGame(ctx, g.row.id, who.playerId)).state).toMatchObject({ deckIndex: 2, remainingPlayers: 18 });
    const next = await playTurn(ctx, g.row.id, who.playerId, { type: "SKIP" });
    expect(next.state).toMatchObject({ deckIndex: 3, remainingPlayers: 17 });
  });

  it("streaks are counted per grid size, from games played on their day only (ranked or not)", async () => {
    const db = await database();
    const row = (date: string, gridSize: 3 | 4, onTheDay: boolean, status: GameRow["status"]): GameRow => ({
      id: `${date}-${gridSize}`,
      playerId: "anon:e",
      displayName: "E",
      date,
      gridSize,
      mode: "classic",
      ranked: false,
      onTheDay,
      contentVersion: "v1",
      seed: null,
      status,
      score: 0,
      createdAt: 0,
      finishedAt: null,
    });
    for (const g of [
      row("2027-03-12", 3, true, "won"),
      row("2027-03-13", 3, true, "won"),
      row("2027-03-14", 3, true, "won"),
      row("2027-03-12", 4, true, "won"),
      row("2027-03-13", 4, false, "won"), // practice: breaks the 4×4 run
      row("2027-03-14", 4, true, "lost"),
    ])
      expect(await insertGame(db, g)).toBe(true);
    expect(streaks(await daysPlayed(db, "anon:e", 3), "2027-03-14")).toEqual({ played: 3, won: 3 });
    expect(streaks(await daysPlayed(db, "anon:e", 4), "2027-03-14")).toEqual({ played: 1, won: 0 });
    expect(streaks(await daysPlayed(db, "anon:other", 3), "2027-03-14")).toEqual({ played: 0, won: 0 });
  });
});
