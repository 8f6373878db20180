import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Publisher } from "../src/platform/room-host";
import { memoryDbPerFile, memoryHost } from "./support/memory-db";

/**
 * A step that changes nothing (the same settings again, a presence the seat already has)
 * is neither logged nor published: a flood of valid repeats costs no storage and no
 * broadcast. Here at the room host, with every write and every message counted.
 */
const h = memoryDbPerFile();

describe("a step that changes nothing", () => {
  it("writes no log row and publishes nothing", async () => {
    let published = 0;
    const publisher: Publisher = {
      publish: () => void published++,
      publishViews: () => void published++,
    };
    const { host, log, live } = memoryHost(h, { publisher, services: { db: h.db, now: Date.now } });
    const code = await host.createRoom("card-table", { settings: { packIds: ["base"], handSize: 7 } });
    const lead = { seat: "P1", credential: "noop-lead-credential" };
    await host.join("card-table", code, { credential: lead.credential, name: "Ann" });
    const duel = await host.createRoom("trivia-duel", {});
    const player = { seat: "P1", credential: "noop-duel-credential" };
    await host.join("trivia-duel", duel, { credential: player.credential, name: "Bo" });
    const uids = [(await live.get(code))!.uid, (await live.get(duel))!.uid];
    const rows = async () => {
      await log.drain();
      const r = await sql<{
        n: number;
      }>`SELECT COUNT(*)::int AS n FROM room_inputs WHERE room_uid IN (${sql.join(uids)})`.execute(h.db);
      return r.rows[0]!.n;
    };
    const versions = async () => [(await live.get(code))!.version, (await live.get(duel))!.version];
    const before = { rows: await rows(), published, versions: await versions() };
    expect(before.rows).toBeGreaterThan(0);

    // The settings it already has, a presence it already has, a lock it already has, a
    // connection that is already known: accepted, and nothing else.
    expect(await host.input(code, lead, { type: "configure", settings: { handSize: 7 } })).toMatchObject({ ok: true });
    expect(await host.input(code, lead, { type: "setPresence", presence: "active" })).toMatchObject({ ok: true });
    expect(await host.input(code, lead, { type: "lockTable", locked: false })).toMatchObject({ ok: true });
    expect(await host.presence(duel, player.seat, "connected", player.credential)).toMatchObject({ ok: true });
    expect({ rows: await rows(), published, versions: await versions() }).toEqual(before);

    // A change is logged once and published.
    expect(await host.input(code, lead, { type: "configure", settings: { handSize: 8 } })).toEqual({ ok: true });
    expect(await rows()).toBe(before.rows + 1);
    expect(published).toBeGreaterThan(before.published);
  });
});
