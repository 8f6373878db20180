import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Player } from "./support/client";
import { startServer, type TestServer } from "./support/server";
import { socketOpens } from "./support/waits";

/** What a security probe found at the HTTP edge, each fixed at its cause. */
let server: TestServer;
const METRICS_TOKEN = "metrics-token-0123456789";
beforeAll(async () => {
  server = await startServer({
    ROOMS_PER_MINUTE: "5",
    METRICS_ALLOW: "10.9.9.",
    METRICS_TOKEN,
    ALLOWED_ORIGINS: "https://friends.example",
  });
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("the HTTP edge", () => {
  it("answers a broken JSON body with a 400 that says why, not an empty object", async () => {
    const r = await post("/api/v1/trivia/rooms", '{"config": ');
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: "invalid_json", message: expect.any(String) } });
    const big = await post("/api/v1/trivia/rooms", JSON.stringify({ pad: "x".repeat(1_100_000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: "body_too_large" } });
  });

  it("limits room creation per client, with a stable code", async () => {
    // Five a minute; the test above already made two requests to this route.
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post("/api/v1/trivia/rooms", "{}")).status);
    expect(codes).toEqual([201, 201, 201, 429]);
    const r = await post("/api/v1/trivia/rooms", "{}");
    expect(await r.json()).toMatchObject({ error: { code: "rate_limited" } });
  });

  it("limits rooms made by joining an unknown Trivia code, like rooms made over REST", async () => {
    // Five a minute here (a burst of five): the sixth unknown code is refused and no room appears.
    const outcomes: string[] = [];
    const players: Player[] = [];
    for (let i = 0; i < 6; i++) {
      const p = new Player(server.url, "/trivia");
      players.push(p);
      p.send({ type: "JOIN_ROOM", roomId: `MADE${i}X`, playerId: `maker-${i}-0000000` });
      for (let t = 0; t < 200 && !p.inbox.some((m) => m.type === "ROOM_STATE" || m.type === "ERROR"); t++)
        await new Promise((r) => setTimeout(r, 25));
      const m = p.inbox.find((x) => x.type === "ROOM_STATE" || x.type === "ERROR");
      outcomes.push(m?.type === "ERROR" ? String(m.code) : String(m?.roomId));
    }
    expect(outcomes).toEqual(["MADE0X", "MADE1X", "MADE2X", "MADE3X", "MADE4X", "rate_limited"]);
    expect(await server.live.get("MADE5X")).toBeNull();
    // Joining a room that exists costs no allowance: a second player still gets in.
    const second = new Player(server.url, "/trivia");
    players.push(second);
    second.send({ type: "JOIN_ROOM", roomId: "MADE0X", playerId: "second-player-0000" });
    expect(await second.next("ROOM_STATE")).toMatchObject({ roomId: "MADE0X", you: "P2" });
    for (const p of players) p.close();
  });

  it("sends security headers on the API", async () => {
    const r = await fetch(`${server.url}/api/v1/games`);
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    expect(r.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(r.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("opens /metrics only to the configured network or token", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(403);
    const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("parlor_live_rooms");
  });

  it("lets sockets in from this server's own pages and listed origins only", async () => {
    const tryOrigin = (origin: string) => socketOpens(server.url, "/trivia", { origin });
    expect(await tryOrigin("https://evil.example")).toBe(false);
    expect(await tryOrigin("https://friends.example")).toBe(true);
    expect(await tryOrigin(server.url)).toBe(true);
  });

  it("finds a room's game from its code alone, and says 404 for a code nobody made", async () => {
    const slow = await startServer();
    try {
      const made = await fetch(`${slow.url}/api/v1/cards/rooms`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const { roomId } = (await made.json()) as { roomId: string };
      const found = await fetch(`${slow.url}/api/v1/rooms/${roomId.toLowerCase()}`);
      expect(await found.json()).toEqual({ roomId, game: "card-table", title: "Card Table", slug: "cards" });
      const missing = await fetch(`${slow.url}/api/v1/rooms/ZZZZZZ`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: "room_not_found" } });
      expect((await fetch(`${slow.url}/readyz`)).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it("throttles guessing room codes on the seat route and by socket joins", async () => {
    const guard = await startServer({ SOCKET_JOINS_PER_MINUTE: "20" });
    try {
      const seat = (code: string) =>
        fetch(`${guard.url}/api/v1/cards/rooms/${code}/seats`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Guesser" }),
        }).then((r) => r.status);
      const statuses: number[] = [];
      for (let i = 0; i < 62; i++) statuses.push(await seat(`GUESS${i}`));
      expect(statuses.slice(0, 60).every((st) => st === 404)).toBe(true);
      expect(statuses.slice(60)).toEqual([429, 429]);
      // Socket joins: a burst of ten, then two a minute at this setting.
      const outcomes: string[] = [];
      for (let i = 0; i < 14; i++) {
        outcomes.push(
          await new Promise<string>((resolve) => {
            const s = io(`${guard.url}/trivia`, { transports: ["websocket"], forceNew: true, reconnection: false });
            s.on("connect_error", () => resolve("refused"));
            s.on("message", (m: { type: string; code?: string }) => {
              if (m.type === "ERROR" || m.type === "ROOM_STATE") {
                s.close();
                resolve(m.type === "ERROR" ? String(m.code) : "joined");
              }
            });
            s.send({ type: "JOIN_ROOM", roomId: `JOIN${i}`, playerId: `guesser-${i}-000`, create: false });
          }),
        );
      }
      expect(outcomes.slice(0, 5)).toEqual(Array(5).fill("room_not_found"));
      expect(outcomes.slice(10).every((o) => o === "refused" || o === "rate_limited")).toBe(true);
    } finally {
      await guard.close();
    }
  });
});
