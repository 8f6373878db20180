import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { loadQuestionBank } from "../src/games/trivia-duel/content/index";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { Player } from "./support/client";
import { scanTrivia } from "./support/secrecy";
import { serverPerFile } from "./support/server";

// Bets have 750 ms here (15 s at 0.05): at 0.02 a loaded CI machine sometimes answered late.
const server = serverPerFile({ TIME_SCALE: "0.05" });

/** The key a client's own questions belong to (as the web client keeps one per browser). */
const OWNER = "trivia-owner-key-0123456789";

async function createRoom(body: unknown = {}): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/trivia/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parlor-owner": OWNER },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { roomId: string }).roomId;
}

async function state(code: string): Promise<TriviaState> {
  return (await server.live.get(code))!.state as TriviaState;
}

async function join(code: string, id = randomUUID()) {
  const p = new Player(server.url, "/trivia");
  p.send({ type: "JOIN_ROOM", roomId: code, playerId: id });
  const rs = await p.next("ROOM_STATE");
  return { p, id, rs };
}

async function pair(body: unknown = {}) {
  const code = await createRoom(body);
  const a = await join(code);
  const b = await join(code);
  expect(a.rs.you).toBe("P1");
  expect(b.rs.you).toBe("P2");
  return { code, a, b };
}

const answerFor = async (code: string) => {
  const s = await state(code);
  return s.questions[s.questionIndex]!.acceptedAnswers[0]!;
};

describe("Trivia Duel over Socket.IO", () => {
  it("plays a complete match: bets, a correct buzz, a fold and a no-buzz draw", async () => {
    const { code, a, b } = await pair();
    const firstQuestions = (await state(code)).questions;
    // Q1: P1 bets 50, P2 matches, P1 buzzes and answers right.
    await a.p.next("PHASE_CATEGORY");
    await a.p.next("PHASE_BETTING", (m) => m.awaitingAction === "P1");
    a.p.send({ type: "BET", amount: 50 });
    await b.p.next("BET_PLACED", (m) => m.pot === 50 && m.awaitingAction === "P2");
    b.p.send({ type: "MATCH" });
    await a.p.next("PHASE_CLUE", (m) => m.pot === 100 && m.clue === "");
    await a.p.next("CLUE_TICK");
    a.p.send({ type: "BUZZ" });
    await b.p.next("BUZZED", (m) => m.player === "P1");
    a.p.send({ type: "ANSWER", text: (await answerFor(code)).toUpperCase() });
    const r1 = await b.p.next("PHASE_RESOLUTION");
    expect(r1).toMatchObject({
      outcome: "P1_WIN",
      balanceChanges: { P1: 50, P2: -50 },
      newBalances: { P1: 550, P2: 450 },
    });
    // Q2: P2 acts first and folds.
    await a.p.next("PHASE_BETTING", (m) => m.awaitingAction === "P2");
    b.p.send({ type: "FOLD" });
    expect(await a.p.next("PHASE_RESOLUTION")).toMatchObject({ outcome: "P2_FOLD", balanceChanges: { P1: 0, P2: 0 } });
    // Q3: P1 bets 10, P2 raises to 25, P1 matches; nobody buzzes.
    await a.p.next("PHASE_BETTING", (m) => m.awaitingAction === "P1");
    a.p.send({ type: "BET", amount: 10 });
    await b.p.next("BET_PLACED", (m) => m.awaitingAction === "P2");
    b.p.send({ type: "RAISE", amount: 25 });
    await a.p.next("BET_PLACED", (m) => m.action === "RAISE" && m.awaitingAction === "P1");
    a.p.send({ type: "MATCH" });
    await a.p.next("CLUE_COMPLETE", () => true, 15_000);
    expect(await b.p.next("PHASE_RESOLUTION")).toMatchObject({ outcome: "DRAW", balanceChanges: { P1: 0, P2: 0 } });
    const done = await a.p.next("PHASE_COMPLETE");
    expect(done).toMatchObject({ winner: "P1", finalBalances: { P1: 550, P2: 450 } });
    for (const who of [a, b]) expect(scanTrivia(who.p.inbox, firstQuestions)).toEqual([]);
    a.p.close();
    b.p.close();
  });

  it("the second joiner hears the match start its own join caused", async () => {
    const { a, b } = await pair();
    const types = b.p.inbox.map((m) => m.type);
    expect(types).toContain("MATCH_STARTED");
    expect(types).toContain("PHASE_CATEGORY");
    // ROOM_STATE follows them, so the client ends on the full picture.
    expect(types.indexOf("MATCH_STARTED")).toBeLessThan(types.indexOf("ROOM_STATE"));
    a.p.close();
    b.p.close();
  });

  it("a reconnect inside the window gets ROOM_STATE for its seat and play goes on", async () => {
    const { code, a, b } = await pair();
    await a.p.next("PHASE_BETTING");
    b.p.close();
    await a.p.next("PLAYER_DISCONNECTED", (m) => m.player === "P2");
    const again = await join(code, b.id);
    expect(again.rs).toMatchObject({ type: "ROOM_STATE", you: "P2", roomId: code });
    expect(["BETTING", "RESOLUTION", "CATEGORY"]).toContain(again.rs.phase);
    await a.p.next("PLAYER_RECONNECTED", (m) => m.player === "P2");
    expect((await state(code)).phase).not.toBe("COMPLETE");
    a.p.close();
    again.p.close();
  });

  it("no reconnect within the window: the opponent wins by forfeit", async () => {
    const { a, b } = await pair();
    await a.p.next("PHASE_BETTING");
    b.p.close();
    // 30 s at TIME_SCALE 0.05 is 1.5 s.
    const done = await a.p.next("PHASE_COMPLETE", () => true, 5000);
    expect(done).toMatchObject({ winner: "P1", forfeit: true, forfeitedBy: "P2" });
    a.p.close();
  });

  it("a third joiner is told room_full and watches as a spectator", async () => {
    const { code, a, b } = await pair();
    const c = new Player(server.url, "/trivia");
    c.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
    expect(await c.next("ERROR")).toMatchObject({ code: "room_full" });
    expect(await c.next("ROOM_STATE")).toMatchObject({ you: null });
    c.send({ type: "BUZZ" });
    expect(await c.next("ERROR")).toMatchObject({ code: "spectator" });
    await c.next("PHASE_BETTING");
    for (const p of [a.p, b.p, c]) p.close();
  });

  it("leaving before the match frees the seat, and the same player can take it again", async () => {
    const code = await createRoom();
    const a = await join(code);
    a.p.send({ type: "LEAVE" });
    await a.p.next("PLAYER_LEFT", (m) => m.player === "P1");
    a.p.close();
    const back = await join(code, a.id);
    expect(back.rs).toMatchObject({ you: "P1", phase: "WAITING" });
    back.p.close();
  });

  it("a guessed or reused seat id never takes over someone else's seat", async () => {
    const { code, a, b } = await pair();
    const intruder = new Player(server.url, "/trivia");
    intruder.send({ type: "JOIN_ROOM", roomId: code, playerId: "P1P1P1P1" });
    expect(await intruder.next("ROOM_STATE")).toMatchObject({ you: null });
    for (const p of [a.p, b.p, intruder]) p.close();
  });

  it("answers malformed messages with ERROR and changes nothing", async () => {
    // Long timers (600 s is 12 s at this time scale) keep the room still while we probe it.
    const { code, a, b } = await pair({ config: { betTimeLimitSec: 600, reconnectGraceSec: 600 } });
    await a.p.next("PHASE_BETTING");
    const before = (await server.live.get(code))!.version;
    const bad: [unknown, string][] = [
      [{ type: "BET", amount: "10" }, "bad_action"],
      [{ type: "BET" }, "bad_action"],
      [{ type: "ANSWER" }, "bad_action"],
      [{ type: "ANSWER", text: "x".repeat(100 * 1024) }, "message_too_large"],
      [{ type: "DANCE" }, "unknown_type"],
      [{ amount: 5 }, "unknown_type"],
      [42, "bad_message"],
      [{ type: "BET", amount: 10, extra: true }, "bad_action"],
      [{ type: "JOIN_ROOM", roomId: "x", playerId: "short" }, "bad_message"],
    ];
    for (const [msg, codeWanted] of bad) {
      a.p.send(msg);
      expect(await a.p.next("ERROR")).toMatchObject({ code: codeWanted });
    }
    // Rule refusals too: BUZZ during betting, and betting out of turn.
    a.p.send({ type: "BUZZ" });
    expect(await a.p.next("ERROR")).toMatchObject({ code: "not_clue_phase" });
    b.p.send({ type: "BET", amount: 10 });
    expect(await b.p.next("ERROR")).toMatchObject({ code: "not_your_turn" });
    expect((await server.live.get(code))!.version).toBe(before);
    a.p.close();
    b.p.close();
  });

  it("JOIN_ROOM with an unknown room id creates that room", async () => {
    const code = `NEW${Math.floor(Math.random() * 1e6)}`;
    const a = await join(code);
    expect(a.rs).toMatchObject({ roomId: code, you: "P1", phase: "WAITING" });
    a.p.close();
  });

  it("creates a bring-your-own-questions room and refuses bad bodies", async () => {
    // The document's schema says `id: string`: any id of 1-64 characters is taken.
    const questions = [1, 2, 3].map((n) => ({
      id: n === 1 ? "Question #1 (mine) ✓" : `q_custom_${n}`,
      category: "Custom",
      clue: `Custom clue ${n} `.repeat(20),
      acceptedAnswers: [`answer${n}`],
      displayAnswer: `Answer${n}`,
    }));
    const code = await createRoom({ config: { betTimeLimitSec: 20 }, questions });
    const s = await state(code);
    expect(s.config.betTimeLimitSec).toBe(20);
    expect(s.customPool).toHaveLength(3);
    expect(s.customPool?.[0]?.id).toBe("Question #1 (mine) ✓");
    // The room names its questions by hash (the log holds a few bytes); they are stored once,
    // as the sender's, and a second room with the same questions shares them.
    const logged = await server.log.openRoomByCode(code);
    expect(logged?.options).toEqual({ config: expect.anything(), questionSet: { hash: expect.any(String) } });
    expect(JSON.stringify(logged?.options)).not.toContain("Custom clue");
    const again = await createRoom({ questions });
    const named = (logged!.options as { questionSet: unknown }).questionSet;
    expect((await server.log.openRoomByCode(again))?.options).toMatchObject({ questionSet: named });
    expect((await state(again)).customPool).toBe(s.customPool);
    const stored = await sql<{ n: number; bytes: number }>`SELECT COUNT(*)::int AS n, SUM(bytes)::int AS bytes
      FROM content_blobs WHERE game = 'trivia-duel'`.execute(server.db);
    expect(stored.rows[0]).toMatchObject({ n: 1 });
    expect(stored.rows[0]!.bytes).toBeGreaterThan(JSON.stringify(questions).length - 10);
    // Stored content belongs to someone: without an owner key, a room may not bring questions.
    const anonymous = await fetch(`${server.url}/api/v1/trivia/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ questions }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("owner_required");
    const long = await fetch(`${server.url}/api/v1/trivia/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ questions: questions.map((q, i) => (i ? q : { ...q, id: "x".repeat(65) })) }),
    });
    expect(long.status).toBe(400);
    const bad = await fetch(`${server.url}/api/v1/trivia/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ questions: questions.slice(0, 2) }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_body");
  });
});

describe("a room's own questions: bounded text, every byte counted", () => {
  const base = (n: number) => ({
    id: `bounded-${n}`,
    category: "Bounded",
    clue: `Bounded clue number ${n}, long enough to read.`,
    acceptedAnswers: [`answer ${n}`],
    displayAnswer: `Answer ${n}`,
  });
  const three = () => [1, 2, 3].map(base);
  async function send(questions: unknown[]) {
    const r = await fetch(`${server.url}/api/v1/trivia/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-parlor-owner": OWNER },
      body: JSON.stringify({ questions }),
    });
    const body = (await r.json()) as { roomId?: string; error?: { code: string; message: string } };
    return { status: r.status, ...body };
  }
  const withFirst = (over: Record<string, unknown>) => {
    const qs: Record<string, unknown>[] = three();
    qs[0] = { ...qs[0], ...over };
    return qs;
  };

  it("refuses an oversized field, naming it and its limit", async () => {
    const long = await send(withFirst({ acceptedAnswers: ["fine", "y".repeat(101)] }));
    expect(long).toMatchObject({ status: 400, error: { code: "invalid_body" } });
    expect(long.error!.message).toBe("questions.0.acceptedAnswers.1: an accepted answer may be at most 100 characters");
    const clue = await send(withFirst({ clue: "c".repeat(1001) }));
    expect(clue.error!.message).toBe("questions.0.clue: the clue may be at most 1000 characters");
  });

  it("refuses text that is blank, unprintable, unanswerable or not in the schema", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ category: "   " }, "questions.0.category: the category is empty"],
      [{ clue: "A clue with a NUL \u0000 in it" }, "questions.0.clue: the clue may not hold control characters"],
      [{ displayAnswer: "half a pair \ud800" }, "questions.0.displayAnswer: the displayed answer may not hold control"],
      [{ acceptedAnswers: ["?!"] }, "questions.0.acceptedAnswers.0: an accepted answer needs a letter or a digit"],
      [{ notes: "n".repeat(100_000) }, "questions.0: Unrecognized key"],
    ];
    for (const [over, message] of cases) {
      const r = await send(withFirst(over));
      expect({ over: Object.keys(over)[0], status: r.status, code: r.error?.code }).toEqual({
        over: Object.keys(over)[0],
        status: 400,
        code: "invalid_body",
      });
      expect(r.error!.message.startsWith(message)).toBe(true);
    }
  });

  it("bounds a whole set in bytes as stored, and charges the owner every stored byte", async () => {
    // 50 questions whose every text is at its character limit in a four-byte character: far
    // more bytes than the same characters in ASCII.
    const wide = (n: number) => "\u{1F600}".repeat(n / 2);
    const heavy = Array.from({ length: 50 }, (_, q) => ({
      id: `heavy-${q}`,
      category: "Heavy",
      clue: `${q} ${wide(996)}`,
      acceptedAnswers: Array.from({ length: 20 }, (_, a) => `a${a} ${wide(94)}`),
      displayAnswer: `${q}`,
    }));
    const big = await send(heavy);
    expect(big).toMatchObject({ status: 413, error: { code: "questions_too_large" } });
    expect(big.error!.message).toMatch(
      /^These questions take \d+ KB as stored; a room's own questions may take 192 KB\.$/,
    );

    // A set within the limit is stored as it was checked, and its row counts its UTF-8 bytes.
    const accented = three().map((q, i) => ({ ...q, id: `accented-${i}`, clue: `Élan, façade, naïveté ${i}` }));
    const ok = await send(accented);
    expect(ok.status).toBe(201);
    const logged = await server.log.openRoomByCode(ok.roomId!);
    const hash = (logged!.options as { questionSet: { hash: string } }).questionSet.hash;
    const row = await sql<{
      bytes: number;
      body: unknown;
    }>`SELECT bytes, body FROM content_blobs WHERE hash = ${hash}`.execute(server.db);
    expect(row.rows[0]!.bytes).toBe(Buffer.byteLength(JSON.stringify(accented)));
    expect(row.rows[0]!.bytes).toBeGreaterThan(JSON.stringify(accented).length);
  });
});

describe("the room form's REST", () => {
  it("lists the built-in categories with their question counts, and a room draws only the chosen ones", async () => {
    const r = await fetch(`${server.url}/api/v1/trivia/categories`);
    expect(r.status).toBe(200);
    const { categories } = (await r.json()) as { categories: { name: string; questions: number }[] };
    const bank = loadQuestionBank();
    const counts = new Map<string, number>();
    for (const q of bank) counts.set(q.category, (counts.get(q.category) ?? 0) + 1);
    // Every category of the bank, once, in name order, with how many questions it holds.
    expect(categories).toEqual(
      [...counts].map(([name, questions]) => ({ name, questions })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(categories.reduce((n, c) => n + c.questions, 0)).toBe(bank.length);

    // The form's choices reach the room: timers, one category, strict matching.
    const pick = categories.find((c) => c.questions >= 5)!;
    const config = {
      questionsPerMatch: 5,
      betTimeLimitSec: 40,
      answerTimeLimitSec: 20,
      strictMatching: true,
      categories: [pick.name],
    };
    const { code, a, b } = await pair({ config });
    const s = await state(code);
    expect(s.config).toMatchObject(config);
    expect(s.questions.map((q) => q.category)).toEqual(Array(5).fill(pick.name));
    expect(a.rs.config).toMatchObject({ betTimeLimitSec: 40, answerTimeLimitSec: 20, strictMatching: true });
    a.p.close();
    b.p.close();

    // A category the bank does not have, or too few questions for the match, is refused.
    const refused = async (body: unknown) => {
      const res = await fetch(`${server.url}/api/v1/trivia/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
    };
    expect(await refused({ config: { categories: ["Knitting"] } })).toEqual({ status: 400, code: "unknown_category" });
    expect(await refused({ config: { categories: [pick.name], questionsPerMatch: pick.questions + 1 } })).toEqual({
      status: 400,
      code: "too_few_questions",
    });
  });
});

describe("operations endpoints", () => {
  it("serves health, metrics and OpenAPI", async () => {
    const health = await (await fetch(`${server.url}/healthz`)).json();
    expect(health).toMatchObject({ status: "ok" });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    for (const name of ["parlor_live_rooms", "parlor_sockets", "parlor_inputs_total", "parlor_input_latency_seconds"])
      expect(metrics).toContain(name);
    const api = (await (await fetch(`${server.url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(api.paths)).toContain("/api/v1/trivia/rooms");
  });
});
