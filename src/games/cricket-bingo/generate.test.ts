import { describe, expect, it } from "vitest";
import { bingoCatalog, buildCatalog } from "./catalog";
import type { GridCategory } from "./content/schema";
import { dailyPublic, generateDaily } from "./generate";
import { hasCompleteMatching } from "./matching";
import { DECK_SIZE, type GridSize, PARAMS } from "./params";
import { dailySeed, isIsoDate, rngFromSeed } from "./seed";
import { validate } from "./validators";
import { winLines } from "./win-lines";

const catalog = bingoCatalog();
const datesOf2027 = Array.from({ length: 365 }, (_, d) =>
  new Date(Date.UTC(2027, 0, 1 + d)).toISOString().slice(0, 10),
);

describe("the seed and its generator", () => {
  it("is the SHA-256 of 'cricket-bingo-' and the date", () => {
    expect(dailySeed("2027-01-01")).toBe("f0f8cddd20a3b39f0e68eb7abfe18de98c7ca0e7187d64344e57a578c92f3e1b");
  });

  it("gives sfc32 its state from the first 16 bytes, the same every time", () => {
    const a = rngFromSeed(dailySeed("2027-01-01"));
    const b = rngFromSeed(dailySeed("2027-01-01"));
    expect(a).toEqual(b);
    expect(a).not.toEqual(rngFromSeed(dailySeed("2027-01-02")));
    expect(() => rngFromSeed("xyz")).toThrow(RangeError);
  });

  it("accepts only real dates", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    for (const bad of ["2027-02-29", "2027-13-01", "2027-1-1", "27-01-01", "", 20270101])
      expect(isIsoDate(bad), String(bad)).toBe(false);
    expect(() => generateDaily("2027-02-30", 3)).toThrow(RangeError);
    expect(() => generateDaily("2027-02-01", 5 as GridSize)).toThrow(RangeError);
  });
});

describe("a generated day", () => {
  it.each([3, 4] as const)("size %i: distinct cells, 40 distinct cards, fits worked out by the validators", (size) => {
    const day = generateDaily("2027-03-14", size);
    expect(day.grid).toHaveLength(PARAMS[size].cells);
    expect(new Set(day.grid.map((c) => c.id)).size).toBe(PARAMS[size].cells);
    expect(day.dailyDeck).toHaveLength(DECK_SIZE);
    expect(new Set(day.dailyDeck.map((p) => p.id)).size).toBe(DECK_SIZE);
    day.dailyDeck.forEach((p, k) => {
      expect(day.fits[k]).toEqual(day.grid.filter((c) => validate(p, c)).map((c) => c.id));
    });
    expect(day.contentVersion).toBe(catalog.version);
    expect(dailyPublic(day)).toEqual({ date: "2027-03-14", gridSize: size, grid: day.grid, deckSize: 40 });
  });

  it("carries a complete assignment of distinct deck players to cells", () => {
    for (const size of [3, 4] as const) {
      const day = generateDaily("2027-08-09", size);
      const used = Object.values(day.solution);
      expect(new Set(used).size).toBe(day.grid.length);
      for (const c of day.grid) {
        const p = day.dailyDeck.find((x) => x.id === day.solution[c.id]);
        expect(p && validate(p, c), c.id).toBe(true);
      }
    }
  });

  it("is deterministic: the same date and size give the same day, other dates another", () => {
    expect(generateDaily("2027-05-05", 4)).toEqual(generateDaily("2027-05-05", 4));
    expect(generateDaily("2027-05-05", 4).grid).not.toEqual(generateDaily("2027-05-06", 4).grid);
  });

  it("pins the grid and deck of three dates for each size", async () => {
    const pins = [3, 4].flatMap((size) =>
      ["2027-01-01", "2027-06-15", "2027-12-31"].map((date) => {
        const day = generateDaily(date, size as GridSize);
        return {
          date,
          size,
          contentVersion: day.contentVersion,
          attempts: day.attempts,
          grid: day.grid.map((c) => c.id),
          deck: day.dailyDeck.map((p) => p.id),
        };
      }),
    );
    // Any change to generation or to the content shows up here; if it was meant, run
    // `npx vitest run src/games/cricket-bingo/generate -u` and review the diff.
    await expect(`${JSON.stringify(pins, null, 1)}\n`).toMatchFileSnapshot("./generate.pins.json");
  });

  it("draws a failed grid's replacement from the categories left in the pool", () => {
    const grids: string[][] = [];
    generateDaily("2027-04-01", 4, {
      solvable: (cands, grid) => {
        grids.push(grid.map((c) => c.id));
        return grids.length > 5 && hasCompleteMatching(cands, DECK_SIZE);
      },
    });
    // 73 categories hold four 16-cell grids; the fifth refills the pool.
    const firstFour = grids.slice(0, 4).flat();
    expect(new Set(firstFour).size).toBe(64);
    expect(grids.length).toBeGreaterThanOrEqual(6);
  });

  it("pads the deck with distractors when fewer than 40 players fit any cell", () => {
    const narrow = ["team-lsg", "team-ktk", "combo-kkr-aus", "combo-aus-pacer", "combo-rcb-sa"];
    const cats = narrow.map((id) => catalog.categories.find((c) => c.id === id)!) as GridCategory[];
    const twins = cats.slice(0, 4).map((c) => ({ ...c, id: `${c.id}-b` }));
    const small = buildCatalog(catalog.players, [...cats, ...twins]);
    const day = generateDaily("2027-02-02", 3, { catalog: small });
    const relevant = small.players.filter((p) => day.grid.some((c) => validate(p, c)));
    expect(relevant.length).toBeLessThan(DECK_SIZE);
    const deckIds = new Set(day.dailyDeck.map((p) => p.id));
    for (const p of relevant) expect(deckIds.has(p.id)).toBe(true);
    expect(day.fits.filter((f) => f.length === 0)).toHaveLength(DECK_SIZE - relevant.length);
  });
});

describe("every date of 2027", () => {
  it.each([3, 4] as const)("size %i: solvable from its own deck, and no cell or line is a giveaway", (size) => {
    const perCell: number[] = [];
    let easiestLine = 0;
    let attempts = 0;
    for (const date of datesOf2027) {
      const day = generateDaily(date, size);
      attempts = Math.max(attempts, day.attempts);
      const candidates = day.grid.map((c) => day.fits.flatMap((f, k) => (f.includes(c.id) ? [k] : [])));
      expect(hasCompleteMatching(candidates, DECK_SIZE), date).toBe(true);
      const counts = candidates.map((c) => c.length);
      perCell.push(...counts);
      // The weakest cell of the easiest line bounds how freely that line fills.
      easiestLine = Math.max(easiestLine, ...winLines(size).map((l) => Math.min(...l.cells.map((i) => counts[i]!))));
    }
    perCell.sort((a, b) => a - b);
    const pct = (p: number) => perCell[Math.min(perCell.length - 1, Math.floor((p / 100) * perCell.length))]!;
    console.log(
      `${size}×${size} cards fitting a cell, over 365 days: min ${perCell[0]}, p10 ${pct(10)}, median ${pct(50)}, ` +
        `p90 ${pct(90)}, max ${perCell.at(-1)}; easiest line's weakest cell at most ${easiestLine}; ` +
        `most grids drawn for one day ${attempts}`,
    );
    expect(perCell[0]).toBeGreaterThanOrEqual(1);
    // No cell takes more than 90% of the deck, and no line is made only of cells that take
    // half of it or more.
    expect(perCell.at(-1)).toBeLessThanOrEqual(36);
    expect(easiestLine).toBeLessThan(DECK_SIZE / 2);
  });
});
