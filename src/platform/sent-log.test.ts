import { describe, expect, it } from "vitest";
import { missedSince, noteSent, SENT_KEPT, sentFrom } from "./sent-log";

const seats = ["P1", "P2", "P3"];

describe("the sent log", () => {
  it("records each audience's listeners once per step", () => {
    let log = sentFrom(0);
    log = noteSent(log, 1, ["all"], seats);
    log = noteSent(log, 2, [{ seat: "P2" }, { seat: "P2" }], seats);
    log = noteSent(log, 3, [{ except: "P1" }], seats);
    log = noteSent(log, 4, ["players"], seats);
    log = noteSent(log, 5, ["spectators"], seats);
    expect(log.seats).toEqual({ P1: [1, 4], P2: [1, 2, 3, 4], P3: [1, 3, 4] });
    expect(log.spectators).toEqual([1, 3, 5]);
  });

  it("a step that sent nothing changes nothing, and seats that left are dropped", () => {
    const log = noteSent(sentFrom(0), 1, ["all"], seats);
    expect(noteSent(log, 2, [], seats)).toBe(log);
    expect(noteSent(log, 2, [{ seat: "P1" }], ["P1"]).seats).toEqual({ P1: [1, 2] });
  });

  it("a gap over other people's steps is no loss; a gap over one's own is", () => {
    let log = sentFrom(0);
    log = noteSent(log, 1, ["all"], seats);
    log = noteSent(log, 2, [{ seat: "P2" }], seats);
    log = noteSent(log, 3, ["all"], seats);
    // P1 has 1 and then 3: step 2 was P2's alone.
    expect(missedSince(log, "P1", 1, 3)).toBe(false);
    // P2 has 1 and then 3: it lost 2.
    expect(missedSince(log, "P2", 1, 3)).toBe(true);
    // Without the message that showed the gap, anything after `seq` counts.
    expect(missedSince(log, "P1", 1)).toBe(true);
    expect(missedSince(log, "P1", 3)).toBe(false);
    expect(missedSince(log, null, 1, 3)).toBe(false);
    expect(missedSince(log, null, 0, 3)).toBe(true);
  });

  it("what it cannot know counts as missed: before it was kept, and steps it let go", () => {
    const rebuilt = noteSent(sentFrom(10), 11, ["all"], seats);
    expect(missedSince(rebuilt, "P1", 9, 11)).toBe(true);
    expect(missedSince(rebuilt, "P1", 10, 11)).toBe(false);
    let log = sentFrom(0);
    for (let seq = 1; seq <= SENT_KEPT + 4; seq++) log = noteSent(log, seq, [{ seat: "P1" }], seats);
    expect(log.seats.P1).toHaveLength(SENT_KEPT);
    // P2 heard nothing in all that time, and the log still knows it.
    expect(missedSince(log, "P2", 0, SENT_KEPT + 5)).toBe(false);
    // P1's first steps are gone: a gap from before them cannot be judged.
    expect(missedSince(log, "P1", 1, 6)).toBe(true);
    expect(missedSince(log, "P1", 6, 7)).toBe(false);
  });
});
