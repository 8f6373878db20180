import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ackedInputsMissingFromLog, type FleetSummary, runFleet, startFleet } from "./support/cluster-bots";
import { describeWithPostgres } from "./support/needs";
import { freshDatabase } from "./support/pg-database";
import { serverPerFile, startServer, type TestServer } from "./support/server";
import { until } from "./support/waits";

/**
 * The bot fleet the scale-out tests drive through a load balancer, here against one
 * ordinary server: every game reaches its own end, and every input a bot saw acknowledged
 * is in the durable log. Where every socket drops, the rooms' reconnect grace is set to
 * 300 s (30 s at this time scale) rather than the games' 30 s (3 s here): eight rooms
 * reconnecting at once on a machine loaded with other work have seen 1.5 s and 3 s run out.
 */
const TIME_SCALE = 0.1;

const server = serverPerFile({ TIME_SCALE: String(TIME_SCALE) });

async function missing(summary: FleetSummary) {
  await server.log.drain();
  return ackedInputsMissingFromLog(server.db, summary.acked);
}

describe("the cluster bot fleet against one server", () => {
  it("plays eight rooms of the four games to their end, every acknowledged input in the log", async () => {
    const summary = await runFleet({ baseUrl: server.url, games: 8, timeScale: TIME_SCALE, seed: 7 });
    expect(summary.unfinished).toEqual([]);
    expect(summary.planned).toEqual({ "trivia-duel": 2, "card-table": 2, outrank: 2, "serpent-race": 2 });
    expect(summary.finished).toEqual(summary.planned);
    expect(summary.acked).toHaveLength(summary.inputs.acked);
    for (const game of ["trivia-duel", "card-table", "outrank", "serpent-race"])
      expect(summary.acked.filter((a) => a.game === game).length).toBeGreaterThan(3);
    expect(await missing(summary)).toEqual([]);

    // The check can fail: an intent nobody sent, and a second ack of a card played once, are missing.
    const played = summary.acked.find((a) => (a.intent as { type: string }).type === "play")!;
    const forged = { ...played, intent: { ...(played.intent as object), cardId: "no-such-card" } };
    const again = { ...played };
    // An ack that said the step changed nothing owes no row.
    const repeat = { ...played, unchanged: true as const };
    const report = await ackedInputsMissingFromLog(server.db, [...summary.acked, forged, again, repeat]);
    expect(report).toEqual([
      { input: forged, why: "not_in_log" },
      { input: again, why: "not_in_log" },
    ]);
  });

  it("every socket dropped mid-game: the bots come back to their seats and every game still finishes", async () => {
    // All eight set up at once, so every room is early in its game when the sockets drop;
    // the round-limited games run long enough that none can end while the SerpentRace rooms,
    // the slowest to set up, are still getting under way.
    const fleet = startFleet({
      baseUrl: server.url,
      games: 8,
      timeScale: TIME_SCALE,
      seed: 11,
      setupConcurrency: 8,
      rounds: { "card-table": 8, outrank: 4 },
      graceSec: 300,
      reconnectWindowMs: 60_000,
    });
    await fleet.seated;
    await until("play in every room", () => fleet.progress().every((p) => p.acked >= 2 || p.finished));
    const cut = fleet.bots().filter((b) => !b.finished);
    const seats = new Map(cut.map((b) => [b, b.seat]));
    // As a node dying under them: every connection's transport closes at once.
    for (const ns of ["/trivia", "/cards", "/outrank", "/game"])
      for (const socket of server.io.of(ns).sockets.values()) socket.conn.close();
    const summary = await fleet.done;
    expect(summary.unfinished).toEqual([]);
    expect(summary.finished).toEqual(summary.planned);
    // A room whose end was already on the wire when its sockets dropped needs no reconnect;
    // every other room played on after the cut: each of its bots came back to its own seat.
    const resumed = cut.filter((b) => cut.some((o) => o.room === b.room && o.reconnects > 0));
    expect(new Set(resumed.map((b) => b.game))).toEqual(
      new Set(["trivia-duel", "card-table", "outrank", "serpent-race"]),
    );
    for (const b of resumed) {
      expect(b.reconnects, b.name).toBeGreaterThanOrEqual(1);
      expect(b.seat, b.name).toBe(seats.get(b));
      expect(b.outcome, b.name).not.toMatch(/forfeit/);
    }
    expect(summary.reconnects).toBeGreaterThanOrEqual(resumed.length);
    expect(await missing(summary)).toEqual([]);
  });
});

describeWithPostgres("the cluster bot fleet's log check on PostgreSQL", () => {
  let pgServer: TestServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await freshDatabase("cluster_bots");
    drop = db.drop;
    pgServer = await startServer({ TIME_SCALE: String(TIME_SCALE), DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await pgServer?.close();
    await drop?.();
  });

  it("matches acked inputs to jsonb rows whatever their key order, and finds one the log lacks", async () => {
    const summary = await runFleet({ baseUrl: pgServer.url, games: 4, timeScale: TIME_SCALE, seed: 3 });
    expect(summary.unfinished).toEqual([]);
    expect(pgServer.dbKind).toBe("postgres");
    expect(await ackedInputsMissingFromLog(pgServer.db, summary.acked)).toEqual([]);
    const roll = summary.acked.find((a) => a.game === "serpent-race" && a.seat !== "GM")!;
    const forged = { ...roll, seat: "P9" };
    expect(await ackedInputsMissingFromLog(pgServer.db, [...summary.acked, forged])).toEqual([
      { input: forged, why: "not_in_log" },
    ]);
  });
});
