import { type LogEntry, replay } from "../engine/replay";
import type { From } from "../engine/rules";
import type { InputLog, RoomRow } from "./input-log";
import type { RoomRecord } from "./live-store";
import { applyMembership, emptySeating, type Membership } from "./membership";
import type { RoomHost } from "./room-host";

export interface RecoveryOptions {
  /** Rooms read from the log at a time: memory stays bounded however many rooms are open. */
  batchSize?: number;
  onError?: (err: unknown, context: string) => void;
  now?: () => number;
  /**
   * Scale-out: other nodes share the live store. Rooms already live there are left alone
   * (not rebuilt), and a room missing from it is rebuilt on demand for as long as the node
   * runs (the live store may lose rooms that the log still has, e.g. Redis restarted).
   */
  shared?: boolean;
}

/**
 * After a restart: rebuild every open room from its log, in batches, while the server
 * already serves. A room asked for before the loop reaches it (a player reconnecting) is
 * rebuilt at once. Returns the number of rooms restored.
 */
export async function recoverRooms(host: RoomHost, log: InputLog, opts: RecoveryOptions = {}): Promise<number> {
  const batchSize = opts.batchSize ?? 200;
  const now = opts.now ?? Date.now;
  const rebuild = async (room: RoomRow): Promise<RoomRecord | null> => {
    if (!host.hasGame(room.game)) return null;
    try {
      return await rebuildRoom(host, log, room, now());
    } catch (err) {
      opts.onError?.(err, `recover ${room.code}`);
      return null;
    }
  };
  host.setRestoreOnDemand(async (code) => {
    const room = await log.openRoomByCode(code);
    return room ? rebuild(room) : null;
  });
  let restored = 0;
  try {
    let after: string | null = null;
    for (;;) {
      const rooms = await log.openRooms({ after, limit: batchSize });
      if (rooms.length === 0) break;
      after = rooms.at(-1)!.uid;
      for (const room of rooms) {
        if (opts.shared && (await host.isLive(room.code))) continue;
        const rec = await rebuild(room);
        if (rec && (await host.restore(rec))) restored++;
      }
    }
  } finally {
    if (!opts.shared) host.setRestoreOnDemand(null);
  }
  return restored;
}

async function rebuildRoom(host: RoomHost, log: InputLog, room: RoomRow, now: number): Promise<RoomRecord> {
  await host.prepareFor(room.game, room.options);
  const rows = await log.inputs(room.uid);
  const origin = {
    roomId: room.code,
    options: room.options,
    seed: room.seed,
    createdAt: room.createdAt,
    timeScale: room.timeScale,
  };
  const entries: LogEntry[] = rows.map((r) =>
    r.kind === "tick" ? { kind: "tick", at: r.at } : { kind: "act", from: r.actor as From, intent: r.intent, at: r.at },
  );
  const state = replay(host.game(room.game).rules, origin, entries);
  let seating = emptySeating();
  for (const r of rows) seating = applyMembership(seating, r.intent, r.meta as Membership | null);
  return {
    uid: room.uid,
    code: room.code,
    game: room.game,
    origin,
    state,
    version: 0,
    seq: rows.at(-1)?.seq ?? 0,
    ...seating,
    touchedAt: now,
  };
}
