import type { Kysely } from "kysely";
import type { Database } from "../../../src/platform/db/schema";
import type { AckedInput } from "./records";

/** JSON with every object's keys sorted: jsonb keeps its own key order, so both sides are compared in this one. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

export interface MissingInput {
  input: AckedInput;
  why: "no_such_room" | "not_in_log";
}

const CHUNK = 500;
const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The acknowledged inputs the durable log does not hold. No protocol's ack carries a
 * sequence number, so each record is matched to an `act` row of its room by (actor seat,
 * intent) as a multiset: n acks of the same intent by the same seat need n such rows. Intents
 * are compared as JSON with sorted keys, exactly as the server logged them (records carry the
 * intent the game's wire adapter reads from what was sent). Rows no ack accounts for (a request
 * applied whose ack was lost with its socket, presence, timers) are allowed, and so is an ack
 * that said the step changed nothing (`unchanged`: nothing was logged for it).
 *
 * A record's room is the room with its code and game created last before its first ack (a
 * code may be reused once an older room closed). Run it after the log has caught up (the
 * embedded server's `log.drain()`); an empty answer means none is missing.
 */
export async function ackedInputsMissingFromLog(db: Kysely<Database>, records: AckedInput[]): Promise<MissingInput[]> {
  const firstAck = new Map<string, number>();
  for (const r of records) {
    const key = `${r.game}\u0000${r.room}`;
    firstAck.set(key, Math.min(firstAck.get(key) ?? Number.POSITIVE_INFINITY, r.ackedAt));
  }
  const codes = [...new Set(records.map((r) => r.room))];
  const rooms: { uid: string; code: string; game: string; created_at: number }[] = [];
  for (const part of chunks(codes)) {
    if (part.length === 0) continue;
    rooms.push(
      ...(await db
        .selectFrom("rooms")
        .select(["uid", "code", "game", "created_at"])
        .where("code", "in", part)
        .execute()),
    );
  }
  const uidOf = new Map<string, string>();
  for (const [key, first] of firstAck) {
    const [game, code] = key.split("\u0000");
    const mine = rooms
      .filter((r) => r.code === code && r.game === game && Number(r.created_at) <= first)
      .sort((a, b) => Number(b.created_at) - Number(a.created_at))[0];
    if (mine) uidOf.set(key, mine.uid);
  }
  const logged = new Map<string, number>();
  for (const part of chunks([...new Set(uidOf.values())])) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom("room_inputs")
      .select(["room_uid", "actor", "intent"])
      .where("room_uid", "in", part)
      .where("kind", "=", "act")
      .execute();
    for (const row of rows) {
      const intent = typeof row.intent === "string" ? JSON.parse(row.intent) : row.intent;
      const k = `${row.room_uid}\u0000${row.actor}\u0000${canonicalJson(intent)}`;
      logged.set(k, (logged.get(k) ?? 0) + 1);
    }
  }
  const missing: MissingInput[] = [];
  for (const input of records) {
    if (input.unchanged) continue;
    const uid = uidOf.get(`${input.game}\u0000${input.room}`);
    if (!uid) {
      missing.push({ input, why: "no_such_room" });
      continue;
    }
    const k = `${uid}\u0000${input.seat}\u0000${canonicalJson(input.intent)}`;
    const left = logged.get(k) ?? 0;
    if (left > 0) logged.set(k, left - 1);
    else missing.push({ input, why: "not_in_log" });
  }
  return missing;
}
