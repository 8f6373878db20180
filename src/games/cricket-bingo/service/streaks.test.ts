import { describe, expect, it } from "vitest";
import { streaks } from "./streaks";

type Day = { date: string; status: "playing" | "won" | "lost" };
const days = (spec: Record<string, Day["status"]>): Day[] =>
  Object.entries(spec).map(([date, status]) => ({ date, status }));

describe("daily streaks", () => {
  it.each([
    ["never played", {}, { played: 0, won: 0 }],
    ["won today only", { "2027-03-14": "won" }, { played: 1, won: 1 }],
    [
      "three days in a row, the middle one lost: the win run restarts after it",
      { "2027-03-14": "won", "2027-03-13": "lost", "2027-03-12": "won" },
      { played: 3, won: 1 },
    ],
    [
      "today still to play: the runs up to yesterday still count",
      { "2027-03-13": "won", "2027-03-12": "won" },
      { played: 2, won: 2 },
    ],
    [
      "today in progress: played today, and the win run goes up to yesterday",
      { "2027-03-14": "playing", "2027-03-13": "won", "2027-03-12": "won" },
      { played: 3, won: 2 },
    ],
    [
      "today lost after wins: played on, won broken",
      { "2027-03-14": "lost", "2027-03-13": "won", "2027-03-12": "won" },
      { played: 3, won: 0 },
    ],
    [
      "last played two days ago: both runs are over",
      { "2027-03-12": "won", "2027-03-11": "won" },
      { played: 0, won: 0 },
    ],
    [
      "a missed day breaks the run",
      { "2027-03-14": "won", "2027-03-13": "won", "2027-03-11": "won", "2027-03-10": "won" },
      { played: 2, won: 2 },
    ],
    [
      "lost yesterday, nothing today: the win run is over, the played run goes on",
      { "2027-03-13": "lost", "2027-03-12": "won" },
      { played: 2, won: 0 },
    ],
  ] as const)("%s", (_, spec, want) => {
    expect(streaks(days(spec), "2027-03-14")).toEqual(want);
  });

  it("runs across the ends of months and years, and leap days", () => {
    expect(streaks(days({ "2027-01-01": "won", "2026-12-31": "won", "2026-12-30": "won" }), "2027-01-01")).toEqual({
      played: 3,
      won: 3,
    });
    expect(streaks(days({ "2028-03-01": "won", "2028-02-29": "won", "2028-02-28": "lost" }), "2028-03-01")).toEqual({
      played: 3,
      won: 2,
    });
    // 2027 has no 29 February: 1 March follows the 28th.
    expect(streaks(days({ "2027-03-01": "won", "2027-02-28": "won" }), "2027-03-01")).toEqual({ played: 2, won: 2 });
  });

  it("the order days come in does not matter", () => {
    const spec = { "2027-03-12": "won", "2027-03-14": "won", "2027-03-13": "won" } as const;
    expect(streaks(days(spec), "2027-03-14")).toEqual({ played: 3, won: 3 });
  });
});
