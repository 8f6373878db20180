import { isRuleError } from "../../engine/errors";
import type { GameModule } from "../../engine/module";
import type { From, Outbound, Step } from "../../engine/rules";
import type { InputRow } from "../input-log";
import type { RoomRecord } from "../live-store";
import { applyMembership, type Membership } from "../membership";
import { noteSent, sentFrom } from "../sent-log";

/**
 * The live record after one logged row: its state, the seating the row's membership leaves,
 * the log position, and who its messages went to.
 */
export function advanced(
  rec: RoomRecord,
  row: Omit<InputRow, "seq">,
  state: unknown,
  seq: number,
  out: Outbound[],
): RoomRecord {
  const seating = applyMembership(rec, row.intent, row.meta as Membership | null);
  const seats = Object.values(seating.members);
  const sent = noteSent(
    rec.sent ?? sentFrom(rec.seq),
    seq,
    out.map((o) => o.to),
    seats,
  );
  return { ...rec, ...seating, state, seq, sent, version: rec.version + 1, touchedAt: row.at };
}

/** One logged row applied to a live copy: the record it leads to, and its step (what it said). */
export function replayRow(rec: RoomRecord, game: GameModule, row: InputRow): { next: RoomRecord; step: Step<unknown> } {
  const step =
    row.kind === "tick"
      ? game.rules.tick(rec.state, row.at)
      : game.rules.act(rec.state, row.actor as From, row.intent, row.at);
  if (isRuleError(step)) throw new Error(`room ${rec.code}: logged input ${row.seq} is refused on replay`);
  return { next: advanced(rec, row, step.state, row.seq, step.out), step };
}
