import { describe, expect, it } from "vitest";
import { Context } from "./context";
import { deadlineIn, gameClock, gameNow, later, type Pausable } from "./pause";

interface S extends Pausable<"lead" | "short"> {
  due: number | null;
  playing: boolean;
  log: string[];
}

const state = (): S => ({ pause: null, pausedMs: 0, due: 5000, playing: true, log: [] });

const clock = gameClock<S, Context<S>>({
  shift: (s, by) => {
    s.due = later(s.due, by);
  },
  canPause: (s) => s.playing,
  paused: (ctx, reason) => ctx.s.log.push(`paused ${reason} at ${ctx.now}`),
  resumed: (ctx, by) => ctx.s.log.push(`resumed after ${by}`),
});

const at = (s: S, now: number) => new Context(s, now, 1);

describe("a game's clock", () => {
  it("stands still while paused: deadlines move on by the time paused", () => {
    const s = state();
    expect(clock.pause(at(s, 1000), "lead")).toBe(true);
    expect(gameNow(s, 4000)).toBe(1000);
    // A deadline armed while paused counts from the pause's start.
    expect(deadlineIn(at(s, 4000), 2)).toBe(3000);
    expect(clock.resume(at(s, 4000))).toBe(3000);
    expect(s).toMatchObject({ pause: null, pausedMs: 3000, due: 8000 });
    expect(s.log).toEqual(["paused lead at 1000", "resumed after 3000"]);
    expect(clock.resume(at(s, 5000))).toBe(0);
  });

  it("keeps the first reason, and pauses only when the game may", () => {
    const s = state();
    clock.pause(at(s, 1000), "lead");
    expect(clock.pause(at(s, 2000), "short")).toBe(false);
    expect(s.pause).toEqual({ reason: "lead", at: 1000 });
    const over = { ...state(), playing: false };
    expect(clock.pause(at(over, 1000), "lead")).toBe(false);
    expect(over.pause).toBeNull();
  });

  it("holds a pause while a condition lasts, and lifts only its own", () => {
    const s = state();
    clock.hold(at(s, 1000), "short", true);
    expect(s.pause?.reason).toBe("short");
    clock.hold(at(s, 1500), "short", true);
    expect(s.pause?.at).toBe(1000);
    clock.hold(at(s, 2000), "short", false);
    expect(s.pause).toBeNull();
    expect(s.due).toBe(6000);

    // The lead's pause is not the condition's to lift.
    clock.pause(at(s, 3000), "lead");
    clock.hold(at(s, 3500), "short", false);
    expect(s.pause?.reason).toBe("lead");
  });
});
