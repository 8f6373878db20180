import { describe, expect, it } from "vitest";
import { SeqTracker, seqOf } from "./sync";

describe("following the room's seq", () => {
  it("applies messages in order, several per step, and asks nothing", () => {
    const t = new SeqTracker();
    for (const seq of [4, 4, 5, 6, 6, 7]) expect(t.see(seq)).toEqual({ apply: true, ask: null });
    expect(t.seq).toBe(7);
  });

  it("a message without a seq (a refusal, an acknowledgement) is applied and changes nothing", () => {
    const t = new SeqTracker();
    t.see(3);
    expect(t.see(undefined)).toEqual({ apply: true, ask: null });
    expect(t.seq).toBe(3);
  });

  it("a gap: the message is applied, and the client asks what it holds", () => {
    const t = new SeqTracker();
    t.see(3);
    expect(t.see(6)).toEqual({ apply: true, ask: { seq: 3, next: 6 } });
    expect(t.seq).toBe(6);
  });

  it("after a refusal the client may ask whether it missed a step: once it has one, and one question at a time", () => {
    const t = new SeqTracker();
    expect(t.check()).toBeNull();
    t.see(4);
    expect(t.check()).toEqual({ seq: 4 });
    // Asked again while the first is unanswered: it waits its turn.
    expect(t.check()).toBeNull();
    expect(t.answered({ ok: true, seq: 4, full: false })).toEqual({ seq: 4 });
  });

  it("a message older than what the client has is stale and dropped", () => {
    const t = new SeqTracker();
    t.see(9);
    expect(t.see(8)).toEqual({ apply: false, ask: null });
    expect(t.seq).toBe(9);
  });

  it("one question at a time: gaps seen meanwhile wait, and a full view settles those it covers", () => {
    const t = new SeqTracker();
    t.see(1);
    expect(t.see(3).ask).toEqual({ seq: 1, next: 3 });
    // The answer's full view (stamped 5) arrives first, then its acknowledgement.
    expect(t.see(5)).toEqual({ apply: true, ask: null });
    expect(t.see(8)).toEqual({ apply: true, ask: null });
    expect(t.answered({ ok: true, seq: 5, full: true })).toEqual({ seq: 5, next: 8 });
    expect(t.answered({ ok: true, seq: 8, full: false })).toBeNull();
    // Nothing in flight now: the next gap is asked at once.
    expect(t.see(10).ask).toEqual({ seq: 8, next: 10 });
  });

  it("an unanswered question lets the next one go", () => {
    const t = new SeqTracker();
    t.see(1);
    t.see(3);
    t.see(5);
    expect(t.answered(null)).toEqual({ seq: 3, next: 5 });
  });

  it("a new connection starts afresh: its join's full view sets the seq, whatever it is", () => {
    const t = new SeqTracker();
    t.see(40);
    t.see(42);
    t.reset();
    expect(t.seq).toBeNull();
    // A room made again under the same code counts from the start.
    expect(t.see(2)).toEqual({ apply: true, ask: null });
    expect(t.answered(null)).toBeNull();
  });

  it("reads the seq from a message, or from the argument after a named event's payload", () => {
    expect(seqOf({ type: "ROOM_STATE", seq: 12 })).toBe(12);
    expect(seqOf({ seq: 3 })).toBe(3);
    expect(seqOf({ type: "ERROR" })).toBeUndefined();
    expect(seqOf(undefined)).toBeUndefined();
    expect(seqOf({ seq: "3" })).toBeUndefined();
  });
});
