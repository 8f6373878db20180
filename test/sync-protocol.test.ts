import { randomUUID } from "node:crypto";
import { io } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { RESYNC_EVENT, type ResyncAck } from "../src/engine/resync";
import { Player } from "./support/client";
import { followRoom } from "./support/seq-follower";
import { register } from "./support/serpent-client";
import { createDecks, playToEnd, startRace } from "./support/serpent-driver";
import { serverPerFile } from "./support/server";
import { dropOnce, triviaDuel, triviaRoom } from "./support/sync-scenes";
import { until } from "./support/waits";

/**
 * The versioned sync on one server: every message about a room carries its seq, a client
 * that sees a gap asks (`resync`), and the answer is a full view only when the client
 * really missed something of its own.
 */
const open: { close(): void }[] = [];
const server = serverPerFile({ TIME_SCALE: "0.1", SEAT_TOKEN_SECRET: "sync-protocol-seat-secret-0123456789" });
afterAll(async () => {
  for (const c of open) c.close();
});

describe("the versioned sync", () => {
  it("a broadcast lost on the way: the next message's gap brings the full view, and play goes on", async () => {
    // The category phase ends by a timer; its betting announcement is lost.
    const code = await triviaRoom(server);
    const dropped = dropOnce([server], "/trivia", code, (m) => m.type === "PHASE_BETTING");
    const duel = await triviaDuel([server, server], code, open);
    const betting = await dropped;
    expect(duel.players.every((p) => p.inbox.every((m) => m.type !== "PHASE_BETTING"))).toBe(true);
    // P1 bets without having heard it may: the bet's message is one step past the lost one.
    duel.players[0]!.send({ type: "BET", amount: 50 });
    for (const [i, p] of duel.players.entries()) {
      const state = await p.next("ROOM_STATE", (m) => (m.seq as number) > betting.seq);
      expect(state).toMatchObject({ phase: "BETTING", pot: 50, betting: { awaitingAction: "P2" } });
      await until("the full view's answer", () => duel.follow[i]!.full() === 1);
      const { req } = duel.follow[i]!.answers[0]!;
      expect(req.seq).toBeLessThan(betting.seq);
      expect(req.next).toBeGreaterThan(betting.seq);
    }
    duel.players[1]!.send({ type: "MATCH" });
    for (const p of duel.players) await p.next("PHASE_CLUE", (m) => m.pot === 100);
    // One question each, and only the one.
    expect(duel.follow.map((f) => f.answers.length)).toEqual([1, 1]);
  });

  it("a whole race with the sync rule, nothing lost: no full view is ever sent", async () => {
    const who = await register(server.url, "Ms Rivera");
    const gm = { accessToken: who.accessToken, deckids: await createDecks(server.url, who.accessToken) };
    const race = await startRace(server.url, ["Ann", "Bo", "Cy"], { waitMs: 20_000, spectator: true, gm });
    open.push(...race.clients);
    const follow = race.clients.map((c) => followRoom(c.socket));
    await playToEnd(race, ["joker-approve", "joker-reject", "luck"]);
    // Each socket ends on the last step that spoke to it, as the room's record has it.
    const sent = (await server.live.get(race.code))!.sent!;
    const lastTo = (seat: string | null) => (seat === null ? sent.spectators : sent.seats[seat])!.at(-1);
    const audiences = ["GM", ...Object.keys(race.seats), null];
    expect(race.clients).toEqual([race.gm, ...Object.values(race.seats), race.spectator]);
    for (const [i, f] of follow.entries()) {
      expect(f.full()).toBe(0);
      expect(f.answers.every((a) => a.ack?.ok === true)).toBe(true);
      expect(f.stale()).toBe(0);
      await until("the last step", () => f.seq() === lastTo(audiences[i]!));
    }
  });

  it("resync: a socket in no room is refused; a bad request is refused; a current one is told so", async () => {
    const s = io(`${server.url}/trivia`, { transports: ["websocket"], forceNew: true, reconnection: false });
    open.push(s);
    const ask = (body: unknown) =>
      new Promise<ResyncAck>((resolve) => s.emit(RESYNC_EVENT, body, (a: ResyncAck) => resolve(a)));
    expect(await ask({ seq: 0 })).toMatchObject({ ok: false, error: "not_in_room" });
    expect(await ask({ seq: -1 })).toMatchObject({ ok: false, error: "bad_message" });
    expect(await ask("nonsense")).toMatchObject({ ok: false, error: "bad_message" });
    const code = await triviaRoom(server);
    const p = new Player(server.url, "/trivia");
    open.push(p);
    p.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
    const joined = await p.next("ROOM_STATE");
    expect(typeof joined.seq).toBe("number");
    const seq = joined.seq as number;
    const current = await new Promise<ResyncAck>((resolve) =>
      p.socket.emit(RESYNC_EVENT, { seq }, (a: ResyncAck) => resolve(a)),
    );
    expect(current).toEqual({ ok: true, seq, full: false });
    // Asked from before anything it holds, it gets its full view first.
    const behind = await new Promise<ResyncAck>((resolve) =>
      p.socket.emit(RESYNC_EVENT, { seq: 0 }, (a: ResyncAck) => resolve(a)),
    );
    expect(behind).toEqual({ ok: true, seq, full: true });
    expect(await p.next("ROOM_STATE")).toMatchObject({ seq, you: "P1" });
  });
});
