import { describe, expect, it } from "vitest";
import { ApiRefusal } from "../../../engine/module";
import { TrialGate } from "./trial-gate";

/** A trial that runs until the test lets it finish. */
function heldTrial(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the trial gate", () => {
  it("runs one trial at a time, in the order they came, and refuses past a full line", async () => {
    const gate = new TrialGate(1, 2);
    const log: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((n) => heldTrial(log, n)) as [
      ReturnType<typeof heldTrial>,
      ReturnType<typeof heldTrial>,
      ReturnType<typeof heldTrial>,
    ];
    const results = [gate.run(a.run), gate.run(b.run), gate.run(c.run)];
    await settle();
    expect(log).toEqual(["start a"]);
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    // A fourth, with one running and two in line: refused at once, nothing else changes.
    const refused = await gate.run(async () => "d").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect(refused).toMatchObject({ status: 503, code: "trials_busy" });
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    a.finish();
    await settle();
    expect(log).toEqual(["start a", "end a", "start b"]);
    b.finish();
    c.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("lets the next one in when a trial fails", async () => {
    const gate = new TrialGate(1, 1);
    const failing = gate.run(async () => {
      throw new Error("the trial broke");
    });
    const next = gate.run(async () => "next");
    await expect(failing).rejects.toThrow("the trial broke");
    expect(await next).toBe("next");
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
