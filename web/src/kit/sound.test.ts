import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A stand-in for Web Audio that records what a cue asks of it. */
class FakeAudioContext {
  static made = 0;
  static oscillators: { type: string; freqs: number[]; started: boolean; stopped: boolean }[] = [];
  state = "suspended";
  currentTime = 10;
  destination = { name: "speakers" };
  resumed = 0;
  constructor() {
    FakeAudioContext.made++;
  }
  resume() {
    this.resumed++;
    this.state = "running";
    return Promise.resolve();
  }
  createGain() {
    const ramp = () => {};
    return { gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp }, connect: () => {} };
  }
  createOscillator() {
    const o = { type: "", freqs: [] as number[], started: false, stopped: false };
    FakeAudioContext.oscillators.push(o);
    return {
      set type(t: string) {
        o.type = t;
      },
      frequency: { setValueAtTime: (f: number) => o.freqs.push(f) },
      connect: () => {},
      start: () => {
        o.started = true;
      },
      stop: () => {
        o.stopped = true;
      },
    };
  }
}

/** The browser's storage, kept across a module reload as a page reload would keep it. */
const kept = new Map<string, string>();
const localStorageFake = {
  getItem: (k: string) => kept.get(k) ?? null,
  setItem: (k: string, v: string) => void kept.set(k, v),
  removeItem: (k: string) => void kept.delete(k),
};

let vibrate: ReturnType<typeof vi.fn>;
beforeEach(() => {
  kept.clear();
  vi.stubGlobal("localStorage", localStorageFake);
  vi.resetModules();
  FakeAudioContext.made = 0;
  FakeAudioContext.oscillators = [];
  vibrate = vi.fn(() => true);
  vi.stubGlobal("navigator", { vibrate });
  vi.stubGlobal("AudioContext", FakeAudioContext);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("sound and vibration", () => {
  it("plays a cue and buzzes the phone when sound is on", async () => {
    const { play, setMuted } = await import("./sound");
    setMuted(false);
    play("buzz");
    expect(vibrate).toHaveBeenCalledWith([60]);
    expect(FakeAudioContext.made).toBe(1);
    expect(FakeAudioContext.oscillators).toEqual([
      { type: "square", freqs: [220], started: true, stopped: true },
      { type: "square", freqs: [180], started: true, stopped: true },
    ]);
    // One audio context for the page, woken if the browser suspended it.
    play("right");
    expect(FakeAudioContext.made).toBe(1);
    expect(FakeAudioContext.oscillators).toHaveLength(4);
    expect(vibrate).toHaveBeenLastCalledWith([30, 40, 30]);
  });

  it("does nothing at all when muted, and the switch is remembered", async () => {
    const sound = await import("./sound");
    sound.setMuted(true);
    expect(sound.isMuted()).toBe(true);
    for (const cue of ["buzz", "right", "wrong", "tick", "turn"] as const) sound.play(cue);
    expect(vibrate).not.toHaveBeenCalled();
    expect(FakeAudioContext.made).toBe(0);
    expect(FakeAudioContext.oscillators).toHaveLength(0);
    // A fresh page (the module loaded again) keeps the choice; switching back on plays again.
    vi.resetModules();
    const again = await import("./sound");
    expect(again.isMuted()).toBe(true);
    again.setMuted(false);
    again.play("tick");
    expect(vibrate).toHaveBeenCalledWith([15]);
    expect(FakeAudioContext.oscillators).toHaveLength(1);
  });

  it("goes on silently where there is no Web Audio or no vibration", async () => {
    vi.stubGlobal("navigator", {});
    vi.stubGlobal(
      "AudioContext",
      class {
        constructor() {
          throw new Error("not allowed");
        }
      },
    );
    const { play, setMuted } = await import("./sound");
    setMuted(false);
    expect(() => play("wrong")).not.toThrow();
  });
});
