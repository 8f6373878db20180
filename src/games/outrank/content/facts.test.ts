/**
 * Spot-checks of the token data against widely published figures, written down here
 * independently of the JSON files. A figure that drifts past its tolerance fails.
 */
import { describe, expect, it } from "vitest";
import { allTokens } from "./index";
import type { Token } from "./schema";

function token(name: string): Token {
  const t = allTokens().find((x) => x.name === name);
  if (!t) throw new Error(`no token named ${name}`);
  return t;
}

function stat(name: string, key: string): number {
  const v = token(name).stats[key];
  if (v === undefined) throw new Error(`${name} has no ${key}`);
  return v;
}

// [token, stat, published value, relative tolerance (0 = exact)]
const facts: Array<[string, string, number, number]> = [
  // Movies
  ["Avatar", "worldwideGrossUsd", 2.92e9, 0.03],
  ["Avengers: Endgame", "worldwideGrossUsd", 2.8e9, 0.03],
  ["Titanic", "worldwideGrossUsd", 2.26e9, 0.03],
  ["Titanic", "oscarsWon", 11, 0],
  ["The Lord of the Rings: The Return of the King", "oscarsWon", 11, 0],
  ["The Lord of the Rings: The Return of the King", "runtimeMinutes", 201, 0.02],
  ["Jaws", "releaseYear", 1975, 0],
  ["Star Wars", "releaseYear", 1977, 0],
  ["Oppenheimer", "oscarsWon", 7, 0],
  ["Schindler's List", "oscarsWon", 7, 0],
  ["Avatar", "releaseYear", 2009, 0],
  // Countries
  ["Japan", "areaKm2", 377_975, 0.03],
  ["Russia", "areaKm2", 17_098_246, 0.01],
  ["Canada", "areaKm2", 9_984_670, 0.01],
  ["China", "highestPointM", 8_849, 0],
  ["Nepal", "highestPointM", 8_849, 0],
  ["Tanzania", "highestPointM", 5_895, 0],
  ["Argentina", "highestPointM", 6_961, 0],
  ["United States", "gdpUsd", 29.2e12, 0.03],
  ["India", "population", 1.44e9, 0.03],
  ["Iceland", "population", 390_000, 0.05],
  ["Singapore", "areaKm2", 730, 0.03],
  // Sports
  ["Football", "playersPerSide", 11, 0],
  ["Basketball", "playersPerSide", 5, 0],
  ["Volleyball", "playersPerSide", 6, 0],
  ["Ice Hockey", "playersPerSide", 6, 0],
  ["Football", "governingBodyFoundedYear", 1904, 0],
  ["Judo", "olympicDebutYear", 1964, 0],
  ["Rugby Sevens", "olympicDebutYear", 2016, 0],
  ["Breaking", "olympicDebutYear", 2024, 0],
  ["Tennis", "olympicDebutYear", 1896, 0],
  // Companies
  ["Apple", "foundedYear", 1976, 0],
  ["Microsoft", "foundedYear", 1975, 0],
  ["Nintendo", "foundedYear", 1889, 0],
  ["Amazon", "foundedYear", 1994, 0],
  ["Walmart", "revenueUsd", 681e9, 0.03],
  ["Apple", "revenueUsd", 391e9, 0.03],
  ["Walmart", "employees", 2_100_000, 0.05],
];

describe("Outrank tokens: published figures", () => {
  it.each(facts)("%s %s ≈ %d", (name, key, expected, tolerance) => {
    const v = stat(name, key);
    if (tolerance === 0) expect(v).toBe(expected);
    else expect(Math.abs(v - expected) / expected).toBeLessThanOrEqual(tolerance);
  });

  it("the document's example round plays out as it says", () => {
    // Titanic is lower than Avatar; Endgame is higher than Titanic; John Carter is lower than Endgame.
    expect(stat("Titanic", "worldwideGrossUsd")).toBeLessThan(stat("Avatar", "worldwideGrossUsd"));
    expect(stat("Avengers: Endgame", "worldwideGrossUsd")).toBeGreaterThan(stat("Titanic", "worldwideGrossUsd"));
    expect(stat("John Carter", "worldwideGrossUsd")).toBeLessThan(stat("Avengers: Endgame", "worldwideGrossUsd"));
  });

  it("orderings everyone knows hold", () => {
    expect(stat("Russia", "areaKm2")).toBeGreaterThan(stat("Canada", "areaKm2"));
    expect(stat("India", "population")).toBeGreaterThan(stat("United States", "population"));
    expect(stat("United States", "gdpUsd")).toBeGreaterThan(stat("China", "gdpUsd"));
    expect(stat("Walmart", "employees")).toBeGreaterThan(stat("Amazon", "employees"));
  });

  it("tags match well-known facts", () => {
    expect(token("Japan").tags).toMatchObject({ A: "Asia", B: "Monarchy", C: "Island", D: "Left" });
    expect(token("Switzerland").tags.C).toBe("Landlocked");
    expect(token("Curling").tags.A).toBe("Winter");
    expect(token("Toy Story 3").tags.D).toBe("G");
    expect(token("Nestlé").tags.B).toBe("Switzerland");
  });
});
