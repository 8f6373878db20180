import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { io } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { Player } from "./support/client";
import { withDateFrozen } from "./support/frozen-date";
import { call } from "./support/rest";
import { register } from "./support/serpent-client";
import { serverPerFile, startServer } from "./support/server";
import { socketOpens, until } from "./support/waits";

/** What a security probe found at the HTTP edge, each fixed at its cause. */
const METRICS_TOKEN = "metrics-token-0123456789";
const server = serverPerFile({
  METRICS_ALLOW: "10.9.9.",
  METRICS_TOKEN,
  ALLOWED_ORIGINS: "https://friends.example",
});

/** A room made, or the refusal: its status (REST) and its code and message, whatever the format. */
type Outcome = { made: boolean; status?: number; code?: string; message?: string };

/**
 * POST a JSON body from a loopback address of our choosing (127.0.0.x), and read either
 * error format: Parlor's `{ error: { code, message } }` or the flat `{ error, code }`.
 */
function rest(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  from = "127.0.0.1",
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const u = new URL(`${url}${path}`);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        localAddress: from,
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => {
          const b = JSON.parse(text) as { error?: string | { code: string; message: string }; code?: string };
          const status = res.statusCode ?? 0;
          if (status < 300) return resolve({ made: true, status });
          if (typeof b.error === "object") return resolve({ made: false, status, ...b.error });
          resolve({ made: false, status, code: String(b.code), message: String(b.error) });
        });
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

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

  it("counts every room an address makes against one allowance, whichever game or route makes it", async () => {
    // A burst of five, then one a minute: five rooms through five different doors, then none.
    const budget = await startServer({ ROOMS_PER_MINUTE: "1" });
    const players: Player[] = [];
    try {
      const teacher = await register(budget.url, "Ms Budget");
      const builtin = (
        (await call(budget.url, "GET", "/api/v1/decks")).body.decks as { deckid: string; builtin: boolean }[]
      )
        .filter((d) => d.builtin)
        .map((d) => d.deckid);
      const doors: [string, () => Promise<Outcome>][] = [
        ["Trivia Duel REST", () => rest(budget.url, "/api/v1/trivia/rooms", {})],
        ["Card Table REST", () => rest(budget.url, "/api/v1/cards/rooms", {})],
        ["Outrank REST", () => rest(budget.url, "/api/v1/outrank/rooms", {})],
        [
          "SerpentRace game start",
          () =>
            rest(
              budget.url,
              "/api/v1/game/start",
              { deckids: builtin, maxplayers: 4, logintype: 0 },
              { authorization: `Bearer ${teacher.accessToken}` },
            ),
        ],
        [
          "Trivia Duel join that creates",
          async () => {
            const p = new Player(budget.url, "/trivia");
            players.push(p);
            p.send({ type: "JOIN_ROOM", roomId: `BUDGET${players.length}`, playerId: randomUUID() });
            const m = await until(
              "a room or a refusal",
              () => p.inbox.find((x) => x.type === "ROOM_STATE" || x.type === "ERROR"),
              { ms: 10_000 },
            );
            return m.type === "ROOM_STATE"
              ? { made: true }
              : { made: false, code: String(m.code), message: String(m.message) };
          },
        ],
      ];
      const first: string[] = [];
      for (const [name, make] of doors) first.push(`${name}: ${(await make()).made ? "made" : "refused"}`);
      expect(first).toEqual(doors.map(([name]) => `${name}: made`));
      // Spent: every door now gives the same refusal.
      const refusals: string[] = [];
      for (const [name, make] of doors) {
        const r = await make();
        refusals.push(`${name}: ${r.made ? "made" : `${r.status ?? "socket"} ${r.code} ${r.message}`}`);
      }
      const why = "rate_limited Too many new rooms from your network; wait a minute.";
      expect(refusals).toEqual([
        `Trivia Duel REST: 429 ${why}`,
        `Card Table REST: 429 ${why}`,
        `Outrank REST: 429 ${why}`,
        `SerpentRace game start: 429 ${why}`,
        `Trivia Duel join that creates: socket ${why}`,
      ]);
      // The allowance is the address's: another one still has its own.
      const other = await rest(budget.url, "/api/v1/cards/rooms", {}, {}, "127.0.0.2");
      expect(other.made).toBe(true);
    } finally {
      for (const p of players) p.close();
      await budget.close();
    }
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
    const text = await ok.text();
    expect(text).toContain("parlor_live_rooms");
    // Embedded PGlite's WebAssembly memory, which the process's heap figures leave out.
    const wasm = /^parlor_pglite_memory_bytes\{part="wasm"\} (\d+)$/m.exec(text);
    expect(Number(wasm?.[1])).toBeGreaterThan(16 * 2 ** 20);
  });

  it("lets sockets in from this server's own pages and listed origins only", async () => {
    const tryOrigin = (origin: string) => socketOpens(server.url, "/trivia", { origin });
    expect(await tryOrigin("https://evil.example")).toBe(false);
    expect(await tryOrigin("https://friends.example")).toBe(true);
    expect(await tryOrigin(server.url)).toBe(true);
    // Its default public origin: localhost on the port it listens on.
    expect(await tryOrigin(`http://localhost:${server.port}`)).toBe(true);
  });

  it("refuses a page on a rebound name, whose Origin and Host agree, and trusts PUBLIC_ORIGIN", async () => {
    // DNS rebinding: the attacker's name now points at this server, so the browser sends
    // their origin with a Host header to match. Agreeing with the Host proves nothing.
    const rebound = `rebound.example:${server.port}`;
    expect(await socketOpens(server.url, "/trivia", { origin: `http://${rebound}`, host: rebound })).toBe(false);
    const named = await startServer({ PUBLIC_ORIGIN: "https://games.example" });
    try {
      const at = (origin: string, host: string) => socketOpens(named.url, "/trivia", { origin, host });
      expect(await at("https://games.example", "games.example")).toBe(true);
      // Behind a proxy the Host may be anything; the configured origin is what counts.
      expect(await at("https://games.example", `127.0.0.1:${named.port}`)).toBe(true);
      expect(await at("https://other.example", "other.example")).toBe(false);
      // An address cannot be rebound: a page served from this server by IP (a phone on the LAN) still connects.
      expect(await at(`http://127.0.0.1:${named.port}`, `127.0.0.1:${named.port}`)).toBe(true);
      expect(await at(`http://127.0.0.1:${named.port}`, `games.example`)).toBe(false);
    } finally {
      await named.close();
    }
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
    // A burst of ten connections and ten joins, then one of each a minute: a sequence of
    // joins however slow on a loaded machine gets no more than the burst.
    const guard = await startServer({ SOCKET_JOINS_PER_MINUTE: "1" });
    try {
      const seat = (code: string) =>
        fetch(`${guard.url}/api/v1/cards/rooms/${code}/seats`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Guesser" }),
        }).then((r) => r.status);
      const statuses: number[] = [];
      await withDateFrozen(async () => {
        for (let i = 0; i < 62; i++) statuses.push(await seat(`GUESS${i}`));
      });
      expect(statuses.slice(0, 60).every((st) => st === 404)).toBe(true);
      expect(statuses.slice(60)).toEqual([429, 429]);
      // Socket joins: the burst of ten, and no more.
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
