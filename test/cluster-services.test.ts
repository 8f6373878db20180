import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LogEntry } from "../src/engine/replay";
import { replay } from "../src/engine/replay";
import type { From } from "../src/engine/rules";
import { triviaWire } from "../src/games/trivia-duel/protocol";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { CahBot, seatToken } from "./support/cah-bot";
import { Player } from "./support/client";
import { describeWithPostgres, describeWithRedis, postgresUrl, redisUrl } from "./support/needs";
import { freshDatabase, onServer } from "./support/pg-database";
import { dropPrefix, redisClient, testPrefix } from "./support/redis";
import { startServer, type TestServer } from "./support/server";
import { dropOnce, triviaDuel } from "./support/sync-scenes";
import { until } from "./support/waits";

/**
 * Two real nodes (two servers in this process, each on its own loopback port) sharing the
 * machine's Redis and a PostgreSQL database of their own: a room made on one is played from
 * both, every broadcast reaches every socket whichever node it is on, and every timer fires
 * once.
 */
const prefix = testPrefix("nodes");
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let a: TestServer;
let b: TestServer;
const players: { socket: { disconnect(): unknown } }[] = [];

beforeAll(async () => {
  if (!postgresUrl || !redisUrl) return;
  database = await freshDatabase("nodes");
  const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, TIME_SCALE: "0.05" };
  // Started together: their start-up work (migrations, keys, built-in content) takes turns.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  await Promise.all([a.recovery, b.recovery]);
});

afterAll(async () => {
  for (const p of players) p.socket.disconnect();
  await a?.close();
  await b?.close();
  const redis = redisClient();
  await dropPrefix(redis, prefix);
  redis.disconnect();
  await database?.drop();
});

/**
 * A Trivia Duel with P1 on node A and P2 on node B, in the betting, and then what a lost
 * broadcast leaves: P1's bet logged and stored, and never sent to anyone.
 */
async function betStoredNeverSent() {
  const config = { betTimeLimitSec: 300, postClueTimeoutSec: 300, answerTimeLimitSec: 300, reconnectGraceSec: 600 };
  const code = await triviaRoom(a, config);
  const p1 = player(a, "/trivia");
  p1.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
  await p1.next("ROOM_STATE");
  const p2 = player(b, "/trivia");
  p2.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
  await p2.next("ROOM_STATE");
  for (const p of [p1, p2]) await p.next("PHASE_BETTING", (m) => m.awaitingAction === "P1");
  const rec = (await a.live.get(code))!;
  const rules = a.host.game("trivia-duel").rules;
  const frame = triviaWire.parse({ type: "BET", amount: 50 }, "message");
  if (frame.kind !== "intent") throw new Error("BET is an intent");
  const at = Date.now();
  const step = rules.act(rec.state, "P1", frame.intent, at);
  if ("error" in step) throw new Error(step.error.code);
  await a.log.append(rec.uid, { kind: "act", actor: "P1", intent: frame.intent, meta: null, at, seq: rec.seq + 1 });
  const stored = { ...rec, state: step.state, seq: rec.seq + 1, version: rec.version + 1, touchedAt: at };
  expect(await a.live.cas(code, rec.version, stored)).toBe(true);
  return { code, players: [p1, p2] };
}

/** Both players get the room as stored (the bet in the pot, P2 to act), and play goes on from it. */
async function heardTheBet([p1, p2]: Player[]) {
  for (const p of [p1!, p2!]) {
    const state = await p.next("ROOM_STATE", (m) => m.pot === 50, 20_000);
    expect(state).toMatchObject({ phase: "BETTING", betting: { awaitingAction: "P2" } });
  }
  p2!.send({ type: "MATCH" });
  for (const p of [p1!, p2!]) await p.next("PHASE_CLUE", (m) => m.pot === 100);
}

/** POST a Trivia Duel room to one node; the raw response (the storage test wants a refusal). */
function postTriviaRoom(server: TestServer, config?: Record<string, number>) {
  return fetch(`${server.url}/api/v1/trivia/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parlor-owner": "cluster-owner-key-0123456789" },
    body: JSON.stringify(config ? { config } : {}),
  });
}

/** A Trivia Duel room made on one node: its code. */
async function triviaRoom(server: TestServer, config?: Record<string, number>): Promise<string> {
  const res = await postTriviaRoom(server, config);
  expect(res.status).toBe(201);
  return ((await res.json()) as { roomId: string }).roomId;
}

function player(server: TestServer, ns: string) {
  const p = new Player(server.url, ns);
  players.push(p);
  return p;
}

describeWithPostgres("two nodes on one Redis and one PostgreSQL", () => {
  describeWithRedis("(scale-out mode)", () => {
    it("both nodes run in scale-out mode, with the same signing keys", () => {
      expect(a.cluster).not.toBeNull();
      expect(b.cluster).not.toBeNull();
    });

    it("a Trivia Duel made on node A is played from both nodes; timers fire once", async () => {
      // The phases that end by timer keep their default (short, at this time scale); the
      // windows within which this test must act (bet, buzz, answer) and the reconnect grace
      // are long, so a busy machine cannot time its moves out or forfeit a seat under it.
      const config = { betTimeLimitSec: 300, postClueTimeoutSec: 300, answerTimeLimitSec: 300, reconnectGraceSec: 600 };
      const code = await triviaRoom(a, config);
      // Node B knows the room A made, and so does the live store they share.
      expect((await b.live.get(code))?.game).toBe("trivia-duel");

      const p1 = player(a, "/trivia");
      p1.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
      expect((await p1.next("ROOM_STATE")).you).toBe("P1");
      const p2 = player(b, "/trivia");
      p2.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
      expect((await p2.next("ROOM_STATE")).you).toBe("P2");
      // A third socket, on node B, watches.
      const watcher = player(b, "/trivia");
      watcher.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });

      // The category phase ends by a timer, on whichever node takes the job.
      for (const p of [p1, p2, watcher]) await p.next("PHASE_BETTING", (m) => m.awaitingAction === "P1");
      p1.send({ type: "BET", amount: 50 }); // on node A
      for (const p of [p1, p2, watcher]) await p.next("BET_PLACED", (m) => m.pot === 50);
      p2.send({ type: "MATCH" }); // on node B
      for (const p of [p1, p2, watcher]) await p.next("PHASE_CLUE", (m) => m.pot === 100);
      await p1.next("CLUE_TICK");
      p2.send({ type: "BUZZ" }); // on node B
      for (const p of [p1, p2, watcher]) await p.next("BUZZED", (m) => m.player === "P2");
      const s = (await a.live.get(code))!.state as TriviaState;
      p2.send({ type: "ANSWER", text: s.questions[s.questionIndex]!.acceptedAnswers[0]! });
      for (const p of [p1, p2, watcher])
        expect(await p.next("PHASE_RESOLUTION")).toMatchObject({
          outcome: "P2_WIN",
          newBalances: { P1: 450, P2: 550 },
        });
      // The next question's betting comes by timer again: once, to everyone.
      for (const p of [p1, p2, watcher]) await p.next("PHASE_BETTING", (m) => m.awaitingAction === "P2");
      // P2 bets: once everyone has heard it, everything the room said before it is in.
      p2.send({ type: "BET", amount: 50 });
      for (const p of [p1, p2, watcher]) await p.next("BET_PLACED", (m) => m.pot === 50);
      for (const p of [p1, p2, watcher]) {
        const bettings = p.inbox.filter((m) => m.type === "PHASE_BETTING");
        expect(bettings.map((m) => m.awaitingAction)).toEqual(["P1", "P2"]);
        expect(p.inbox.filter((m) => m.type === "PHASE_RESOLUTION")).toHaveLength(1);
        // Both players stayed connected throughout, on either node: no seat was ever seen away.
        expect(p.inbox.filter((m) => m.type === "PLAYER_DISCONNECTED")).toEqual([]);
      }

      // The log is one gap-free sequence that replays to the live state, and no tick in it
      // is a repeat (a timer that fired twice would log a tick that changes nothing).
      const rec = (await b.live.get(code))!;
      const rows = await b.log.inputs(rec.uid);
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      const rules = b.host.game("trivia-duel").rules;
      let state = replay<TriviaState>(rules, rec.origin, []);
      for (const row of rows) {
        const entry: LogEntry =
          row.kind === "tick"
            ? { kind: "tick", at: row.at }
            : { kind: "act", from: row.actor as From, intent: row.intent, at: row.at };
        const next = stepOnce(rules, state, entry);
        if (row.kind === "tick") expect(JSON.stringify(next)).not.toBe(JSON.stringify(state));
        state = next;
      }
      expect(JSON.parse(JSON.stringify(state))).toEqual(rec.state);
      expect(rows.filter((r) => r.kind === "tick").length).toBeGreaterThanOrEqual(3);
    });

    it("a Card Table made on node A, seats from tokens either node signed, played to the end from both", async () => {
      const created = await fetch(`${a.url}/api/v1/cards/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-parlor-owner": "cluster-owner-key-0123456789" },
        body: JSON.stringify({ settings: { endCondition: "rounds", endValue: 2, handSize: 5 } }),
      });
      expect(created.status).toBe(201);
      const roomId = ((await created.json()) as { roomId: string }).roomId;
      // Tokens signed by one node, used on the other: the nodes share their signing key.
      const seats = [
        { token: await seatToken(a.url, roomId, "Ann"), on: b },
        { token: await seatToken(b.url, roomId, "Bo"), on: a },
        { token: await seatToken(a.url, roomId, "Cy"), on: b },
      ];
      const bots = seats.map((x, i) => new CahBot(x.on.url, roomId, x.token, ["Ann", "Bo", "Cy"][i]!));
      players.push(...bots);
      for (const bot of bots) await bot.until("seat", (v) => v.you !== null, 10_000);
      expect(bots.map((x) => x.me).sort()).toEqual(["P1", "P2", "P3"]);
      // The lead is whoever connected first (the seats came over REST, nobody present).
      await bots[0]!.until("a lead", (v) => v.roles.lead !== null, 10_000);
      const lead = bots.find((x) => x.me === bots[0]!.state.roles.lead)!;
      const start = lead.action({ type: "startGame" });
      const reply = await lead.reply(start);
      expect(reply.type, JSON.stringify(reply)).toBe("ack");
      // Every bot, on either node, plays from its own view until the game ends for all.
      for (const bot of bots) await bot.until("game end", (v) => v.status === "ended", 30_000);
      for (const bot of bots) {
        // Each socket got only its own seat's view: its hand, nobody else's.
        for (const m of bot.inbox.filter((x) => x.type === "state")) {
          // biome-ignore lint/suspicious/noExplicitAny: structural scan of a view
          const v = m.state as any;
          expect(v.you).toBe(bot.me);
          for (const p of v.players) if (p.id !== v.you) expect(p.hand).toEqual([]);
        }
        expect(bot.inbox.some((x) => x.type === "event" && (x.event as { type: string }).type === "gameEnded")).toBe(
          true,
        );
      }
    });

    it("a connection that drops comes back through the other node, joins again, keeps its seat and plays on", async () => {
      const code = await triviaRoom(a, { reconnectGraceSec: 600 });
      const p1 = new Player(a.url, "/trivia", { reconnection: true });
      players.push(p1);
      const playerId = randomUUID();
      p1.send({ type: "JOIN_ROOM", roomId: code, playerId });
      expect((await p1.next("ROOM_STATE")).you).toBe("P1");
      // The transport drops (not a clean disconnect). There is no connection-state recovery
      // (docs/scale-out.md, "Fan-out"): the client reconnects as a new connection and joins
      // again with its playerId, as every client does after a drop, here on the other node.
      const back = new Promise<boolean>((resolve) => p1.socket.once("connect", () => resolve(p1.socket.recovered)));
      (p1.socket.io as unknown as { uri: string }).uri = b.url;
      (p1.socket.io.engine as unknown as { close(): void }).close();
      expect(await back).toBeFalsy();
      p1.send({ type: "JOIN_ROOM", roomId: code, playerId });
      await p1.next("ROOM_STATE", (m) => m.you === "P1");
      const p2 = player(b, "/trivia");
      p2.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
      await p1.next("PLAYER_JOINED", (m) => m.player === "P2");
      await p1.next("PHASE_BETTING", (m) => m.awaitingAction === "P1");
      p1.send({ type: "BET", amount: 10 });
      await p2.next("BET_PLACED", (m) => m.pot === 10);
      expect(((await b.live.get(code))!.state as TriviaState).players.P1.presence).toBe("active");
    });

    it("PostgreSQL away for a moment: refused with storage_unavailable, nothing changes, play resumes", async () => {
      const code = await triviaRoom(a, { betTimeLimitSec: 600 });
      const p1 = player(a, "/trivia");
      p1.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
      // Seated first, so P1 (the two joins on two nodes would otherwise race for the seats).
      expect((await p1.next("ROOM_STATE")).you).toBe("P1");
      const p2 = player(b, "/trivia");
      p2.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
      await p1.next("PHASE_BETTING", (m) => m.awaitingAction === "P1");
      const before = await a.live.get(code);
      const name = database!.name;
      // No new connections, and the open ones cut: the database is gone for both nodes.
      await onServer(
        `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
      );
      try {
        p1.send({ type: "BET", amount: 50 });
        expect(await p1.next("ERROR")).toMatchObject({ code: "storage_unavailable" });
        const refused = await postTriviaRoom(b);
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({ error: { code: "storage_unavailable" } });
        expect(await a.live.get(code)).toEqual(before);
      } finally {
        await onServer(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      // Back: the same input goes through, and everyone hears it. Connections the server was
      // still closing may fail a moment longer; each such try is refused the same way.
      const placed = () => p2.inbox.some((m) => m.type === "BET_PLACED" && m.pot === 50);
      const errors = () => p1.inbox.filter((m) => m.type === "ERROR");
      for (let tries = 0; !placed(); tries++) {
        expect(tries).toBeLessThan(20);
        const seen = errors().length;
        p1.send({ type: "BET", amount: 50 });
        await until("the bet placed or refused", () => placed() || errors().length > seen);
        for (const e of errors().slice(seen)) expect(e).toMatchObject({ code: "storage_unavailable" });
      }
      for (const p of [p1, p2]) await p.next("BET_PLACED", (m) => m.pot === 50);
      const rec = (await a.live.get(code))!;
      const rows = await a.log.inputs(rec.uid);
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      expect(rec.seq).toBe(rows.length);
    });

    it("a node that died between storing a change and broadcasting it: a live node resends the room's state", async () => {
      const { code, players } = await betStoredNeverSent();
      // A third node killed mid-turn also leaves the room on its list, with its heartbeat gone.
      const redis = redisClient();
      await redis.sadd(`${prefix}nodes`, "deadnode0001");
      await redis.sadd(`${prefix}node:deadnode0001:rooms`, code);
      redis.disconnect();
      // The first presence sweep of a live node (every 5 s) notices: both players, on either
      // node, get the room as stored, and P2 learns it is theirs to match or fold.
      await heardTheBet(players);
    });

    it("a broadcast lost with every node alive: the next message's gap makes it good", async () => {
      // P1 through node A, P2 through node B; the betting's announcement, sent by whichever
      // node runs the category timer, reaches neither.
      const code = await triviaRoom(a, { betTimeLimitSec: 300, postClueTimeoutSec: 300, reconnectGraceSec: 600 });
      const dropped = dropOnce([a, b], "/trivia", code, (m) => m.type === "PHASE_BETTING");
      const duel = await triviaDuel([a, b], code, players);
      const betting = await dropped;
      // P1 bets without having heard it may: each player's next message is a step past the
      // lost one, so each asks, and gets the room as it is now.
      duel.players[0]!.send({ type: "BET", amount: 50 });
      for (const [i, p] of duel.players.entries()) {
        const state = await p.next("ROOM_STATE", (m) => (m.seq as number) > betting.seq);
        expect(state).toMatchObject({ phase: "BETTING", pot: 50, betting: { awaitingAction: "P2" } });
        expect(p.inbox.some((m) => m.type === "PHASE_BETTING")).toBe(false);
        const { answers } = duel.follow[i]!;
        await until("the answer", () => answers.length > 0);
        expect(answers.map((x) => x.ack)).toEqual([{ ok: true, seq: state.seq, full: true }]);
      }
      duel.players[1]!.send({ type: "MATCH" });
      for (const p of duel.players) await p.next("PHASE_CLUE", (m) => m.pot === 100);
      expect(duel.follow.map((f) => f.full())).toEqual([1, 1]);
    });

    it("a node's fan-out connection drops: what it missed meanwhile reaches its sockets when it is back", async () => {
      const code = await triviaRoom(a, { betTimeLimitSec: 300, postClueTimeoutSec: 300, reconnectGraceSec: 600 });
      const duel = await triviaDuel([a, b], code, players);
      const [p1, p2] = duel.players as [Player, Player];
      for (const p of duel.players) await p.next("PHASE_BETTING", (m) => m.awaitingAction === "P1");
      // Node B stops hearing the adapter (pub/sub keeps nothing for it), and P1 bets on node A.
      const fanout = b.cluster!.fanoutRedis;
      fanout.disconnect();
      p1.send({ type: "BET", amount: 50 });
      const bet = await p1.next("BET_PLACED", (m) => m.pot === 50);
      fanout.connect().catch(() => {});
      // Back: node B resends its room, so P2 is current without waiting for the room's next step.
      const state = await p2.next("ROOM_STATE", (m) => (m.seq as number) >= (bet.seq as number));
      expect(state).toMatchObject({ phase: "BETTING", pot: 50, betting: { awaitingAction: "P2" } });
      expect(p2.inbox.some((m) => m.type === "BET_PLACED")).toBe(false);
    });

    it("a seat is disconnected only when its last socket on any node has gone", async () => {
      const code = await triviaRoom(b);
      const id = randomUUID();
      const onA = player(a, "/trivia");
      onA.send({ type: "JOIN_ROOM", roomId: code, playerId: id });
      expect((await onA.next("ROOM_STATE")).you).toBe("P1");
      // The same player in a second tab, through the other node.
      const onB = player(b, "/trivia");
      onB.send({ type: "JOIN_ROOM", roomId: code, playerId: id });
      expect((await onB.next("ROOM_STATE")).you).toBe("P1");
      const connected = async () => ((await a.live.get(code))!.state as TriviaState).players.P1.presence === "active";
      // The room's presence hash holds a field per seat, credential and node with a socket.
      const redis = redisClient();
      const holders = () => redis.hlen(`${prefix}presence:${code}`);
      expect(await holders()).toBe(2);
      onA.socket.disconnect();
      // Node A has let its socket go (and decided on it, in the same step): the seat is still held.
      await until("node A to give up its hold on the seat", async () => (await holders()) === 1);
      expect(await connected()).toBe(true);
      onB.socket.disconnect();
      await until("the seat disconnected", async () => !(await connected()));
      redis.disconnect();
    });
  });
});

function stepOnce(rules: ReturnType<TestServer["host"]["game"]>["rules"], state: TriviaState, entry: LogEntry) {
  if (entry.kind === "tick") return rules.tick(state, entry.at).state as TriviaState;
  const step = rules.act(state, entry.from, entry.intent, entry.at);
  if ("error" in step) throw new Error(`logged input refused on replay: ${step.error.code}`);
  return step.state as TriviaState;
}
