import { describe, expect, it } from "vitest";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { recoverRooms } from "../src/platform/recovery";
import type { SharedMode } from "../src/platform/room-host";
import { memoryDbPerFile, memoryHost } from "./support/memory-db";

const h = memoryDbPerFile();

function hostOn(clock: () => number, roomCode?: () => string, shared?: SharedMode) {
  return memoryHost(h, { clock, ...(roomCode ? { roomCode } : {}), ...(shared ? { shared } : {}) });
}

describe("recovery after a restart", () => {
  it("restores rooms in batches, and a room asked for first is restored on the spot", async () => {
    let now = 4_000_000_000_000;
    const clock = () => now;
    const first = hostOn(clock);
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const code = await first.host.createRoom("trivia-duel", {});
      await first.host.join("trivia-duel", code, { credential: `player-${code}` });
      codes.push(code);
    }
    now += 1000;
    const second = hostOn(clock);
    // The restore loop runs in batches of 4; a player reconnects to some room before it is reached.
    const pending = recoverRooms(second.host, second.log, { batchSize: 4, now: clock });
    const late = codes.at(-1)!;
    const back = await second.host.join("trivia-duel", late, { credential: `player-${late}` });
    expect(back.seat).toBe("P1");
    expect(((await second.host.exists(late))!.state as TriviaState).players.P1.presence).toBe("active");
    await pending;
    expect(await second.live.size()).toBeGreaterThanOrEqual(30);
    for (const code of codes) expect(await second.live.has(code)).toBe(true);
    // The reconnected player was not marked away again by the loop.
    expect(((await second.host.exists(late))!.state as TriviaState).players.P1.presence).toBe("active");
  });

  it("while rooms are being restored, a new room never takes the code of one not restored yet", async () => {
    let now = 4_050_000_000_000;
    const clock = () => now;
    const first = hostOn(clock);
    const old = await first.host.createRoom("trivia-duel", {});
    await first.host.join("trivia-duel", old, { credential: "restored-player-1" });
    const uid = (await first.live.get(old))!.uid;
    now += 1000;
    // The next server draws that very code first.
    const draws = [old, old, "ZZ2345"];
    const second = hostOn(clock, () => draws.shift() ?? "ZZ6789");
    // Recovery has started but not reached that room (what recoverRooms sets while it runs).
    let asked = 0;
    second.host.setRestoreOnDemand(async () => {
      asked++;
      return null;
    });
    const fresh = await second.host.createRoom("trivia-duel", {});
    expect(fresh).toBe("ZZ2345");
    expect(await second.live.has(old)).toBe(false);
    second.host.setRestoreOnDemand(null);
    // The old room comes back whole when the loop reaches it, under its own code.
    await recoverRooms(second.host, second.log, { now: clock });
    expect((await second.live.get(old))?.uid).toBe(uid);
    expect((await second.log.openRoomByCode(old))?.uid).toBe(uid);
    expect(asked).toBe(0);
  });

  it("closes a lobby nobody started within minutes, but keeps a game in progress for hours", async () => {
    let now = 4_100_000_000_000;
    const { host } = hostOn(() => now);
    const lobby = await host.createRoom("trivia-duel", {});
    await host.join("trivia-duel", lobby, { credential: "lonely-lobby-1" });
    const playing = await host.createRoom("card-table", { settings: { packIds: ["base"] } });
    for (const c of ["idle-ann-1", "idle-bo-2", "idle-cy-3"]) await host.join("card-table", playing, { credential: c });
    await host.input(playing, { seat: "P1", credential: "idle-ann-1" }, { type: "startGame" });
    now += 11 * 60_000;
    const limits = { playingMs: 120 * 60_000, quietMs: 10 * 60_000 };
    expect(await host.closeIdle(limits)).toBe(1);
    expect(await host.exists(lobby)).toBeNull();
    expect(await host.exists(playing)).not.toBeNull();
  });

  it("shared with other nodes, a node says which rooms it works on, and a closed room's seats are forgotten", async () => {
    let now = 4_200_000_000_000;
    const touched = new Set<string>();
    const forgotten: string[] = [];
    const { host } = hostOn(() => now, undefined, {
      touch: async (code) => void touched.add(code),
      forget: async (code) => void forgotten.push(code),
    });
    const lobby = await host.createRoom("trivia-duel", {});
    await host.join("trivia-duel", lobby, { credential: "forgotten-lobby-1" });
    expect([...touched]).toContain(lobby);
    now += 11 * 60_000;
    expect(await host.closeIdle({ playingMs: 120 * 60_000, quietMs: 10 * 60_000 })).toBe(1);
    expect(forgotten).toEqual([lobby]);
  });
});
