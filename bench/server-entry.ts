/**
 * The Parlor server as the bench runs it: a child process, real PGlite on disk in
 * DATA_DIR, real durations (TIME_SCALE=1), silent logs. Started by the benches (bench/harness.ts).
 *
 * Bench only: GET /bench/answer/:roomId tells the bots the current question's first
 * accepted answer, so they can answer right on purpose. The route is registered here,
 * never in src/, and a normal server does not have it.
 */
import type { AddressInfo } from "node:net";
import { gameModules, serviceModules } from "../src/games/registry";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { buildServer } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { startAllocationProfile } from "./alloc-profile";
import { failChild, serveChild } from "./children";

try {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir || dataDir.startsWith("memory://"))
    throw new Error("bench/server-entry needs DATA_DIR set to a temp dir");
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // BENCH_DATABASE_URL measures the PostgreSQL mode instead of embedded PGlite.
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    TIME_SCALE: process.env.TIME_SCALE ?? "1",
    // BENCH_PGLITE_THREAD=main measures PGlite on the event loop's thread.
    PGLITE_THREAD: process.env.BENCH_PGLITE_THREAD ?? "auto",
    LOG_LEVEL: "silent",
    WEB_DIR: process.env.WEB_DIR ?? "dist/web",
    // Hundreds of bot rooms from one address: per-client limits would be the thing measured.
    REST_PER_MINUTE: "1000000",
    ROOMS_PER_MINUTE: "1000000",
    SOCKET_JOINS_PER_MINUTE: "1000000",
    SOCKET_MESSAGES_PER_SECOND: "1000",
    // Seat requests have a fixed allowance per client: rooms send an X-Forwarded-For of
    // their own, believed from loopback, so each counts as a client (see CahRoomRun).
    TRUST_PROXY: "127.0.0.1",
  });
  const server = await buildServer(config, gameModules, serviceModules);

  server.app.get<{ Params: { roomId: string } }>(
    "/bench/answer/:roomId",
    { schema: { hide: true } },
    async (req, reply) => {
      const rec = await server.live.get(req.params.roomId.toUpperCase());
      if (!rec) return reply.code(404).send({ error: "no such room" });
      const s = rec.state as TriviaState;
      const q = s.questions[s.questionIndex];
      return { matchNumber: s.matchNumber, questionIndex: s.questionIndex, answer: q?.acceptedAnswers[0] ?? null };
    },
  );

  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const port = (server.app.server.address() as AddressInfo).port;
  // BENCH_ALLOC_PROF=file profiles the server's allocations (see alloc-profile.ts).
  const allocFile = process.env.BENCH_ALLOC_PROF;
  const writeAllocs = allocFile ? await startAllocationProfile(allocFile) : async () => {};
  serveChild(port, async () => {
    await writeAllocs();
    await server.close();
  });
} catch (err) {
  failChild(err);
}
