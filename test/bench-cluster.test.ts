import { describe, expect, it } from "vitest";
import { cpuSpent, procStatCpuMs, readCpuMs } from "../bench/proc-cpu";
import { grid } from "../bench/stats";

// The CPU accounting of `npm run bench:cluster` (the bench itself is not run here).
describe("bench CPU accounting from /proc", () => {
  const line = (comm: string, utime: number, stime: number) =>
    `4242 (${comm}) S 1 4242 4242 0 -1 4194560 500 0 0 0 ${utime} ${stime} 7 9 20 0 11 0 1234 5000000 900`;

  it("adds user and system ticks, in ms at 100 ticks a second", () => {
    expect(procStatCpuMs(line("node", 250, 40))).toBe(2900);
  });

  it("reads past a command name with spaces and parentheses", () => {
    expect(procStatCpuMs(line("post gres) (x", 3, 1))).toBe(40);
  });

  it("refuses text that is not a stat line", () => {
    expect(() => procStatCpuMs("nothing here")).toThrow();
    expect(() => procStatCpuMs("1 (x) S 1")).toThrow();
  });

  it("reads this process's own CPU, and nothing for a pid that is not there", () => {
    expect(readCpuMs(process.pid)).toBeGreaterThanOrEqual(0);
    expect(readCpuMs(2 ** 30)).toBeNull();
  });

  it("counts a process that started between readings whole and one that left as lost", () => {
    const before = new Map([
      [1, 100],
      [2, 50],
    ]);
    const after = new Map([
      [1, 160],
      [3, 30],
    ]);
    expect(cpuSpent(before, after)).toEqual({ ms: 60 + 30, lost: 1 });
  });
});

describe("bench grid", () => {
  it("pads labels left and values right under a header", () => {
    const text = grid(
      ["", "a", "bb"],
      [
        ["x", "1", "22"],
        ["long", "333", "4"],
      ],
    ).split("\n");
    expect(text).toEqual([
      "+------+-----+----+",
      "|      |   a | bb |",
      "+------+-----+----+",
      "| x    |   1 | 22 |",
      "| long | 333 |  4 |",
      "+------+-----+----+",
    ]);
  });
});
