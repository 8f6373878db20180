import { describe, expect, it } from "vitest";
import {
  buildPlayers,
  COUNTRY_FLAGS,
  deriveTeammates,
  formatsOf,
  IPL_COLORS,
  NATIONAL_COLORS,
  primaryIplTeam,
  statsOf,
} from "./build";
import { CricketPlayer, RawPlayer } from "./schema";
import { compactContexts, monthNumber, parseStint, periodsOf, sharedYears } from "./stints";

function raw(over: Partial<RawPlayer> & { id: string }): RawPlayer {
  return RawPlayer.parse({
    name: `Player ${over.id.toUpperCase()}`,
    country: "India",
    role: "Batsman",
    centuries: 0,
    stints: ["India ODI 2010-03..2010-11"],
    odi: { m: 1, runs: 10, wkts: 0 },
    ...over,
  });
}

describe("stints", () => {
  it("parses national stints with first and last match months, and IPL seasons", () => {
    expect(parseStint("India ODI 2008-08..2019-07")).toEqual({
      kind: "national",
      country: "India",
      format: "ODI",
      from: 2008,
      to: 2019,
      first: monthNumber("2008-08"),
      last: monthNumber("2019-07"),
    });
    expect(parseStint("South Africa Test 1995-12")).toMatchObject({ country: "South Africa", from: 1995, to: 1995 });
    expect(parseStint("MI 2019")).toEqual({ kind: "ipl", team: "MI", from: 2019, to: 2019 });
    expect(parseStint("MI 2008-2010")).toEqual({ kind: "ipl", team: "MI", from: 2008, to: 2010 });
  });

  it("rejects unknown teams, formats, year-only national stints, bad months, backwards ranges and pre-IPL seasons", () => {
    for (const bad of [
      "Ireland ODI 2010-05",
      "India FC 2010-05",
      "XYZ 2019",
      "India ODI 2008-2019",
      "India ODI 2010",
      "India ODI 2010-13",
      "India ODI 2012-05..2010-01",
      "India ODI 2012-05..2012-05",
      "MI 2005",
      "India ODI 2031-01",
      "India ODI 2024-11..2025-01",
    ]) {
      expect(typeof parseStint(bad), bad).toBe("string");
    }
  });

  it("gives an IPL stint one period per season, from the season calendar", () => {
    const s = parseStint("MI 2019-2020");
    if (typeof s === "string") throw new Error(s);
    expect(periodsOf(s)).toEqual([
      { first: monthNumber("2019-03"), last: monthNumber("2019-05") },
      { first: monthNumber("2020-09"), last: monthNumber("2020-11") },
    ]);
  });

  it("finds shared years only where the months overlap, not where the years do", () => {
    const warneTests = parseStint("Australia Test 1992-01..2007-01");
    const johnsonTests = parseStint("Australia Test 2007-11..2015-11");
    const mcgrathTests = parseStint("Australia Test 1993-11..2007-01");
    if (typeof warneTests === "string" || typeof johnsonTests === "string" || typeof mcgrathTests === "string")
      throw new Error("unparsed");
    expect(sharedYears(warneTests, johnsonTests)).toEqual([]);
    expect(sharedYears(warneTests, mcgrathTests)).toEqual([...Array(15)].map((_, i) => 1993 + i));
    const odi = parseStint("Australia ODI 2005-12..2015-03");
    if (typeof odi === "string") throw new Error(odi);
    expect(sharedYears(warneTests, odi)).toEqual([]);
  });

  it("folds per-year contexts back into ranges, keeping gaps", () => {
    expect(compactContexts(["MI 2019", "India ODI 2018", "MI 2020", "MI 2013", "India ODI 2018"])).toEqual([
      "MI 2013",
      "MI 2019-2020",
      "India ODI 2018",
    ]);
  });
});

describe("stats and formats", () => {
  it("fills absent formats with zeros and sums the totals", () => {
    const r = raw({
      id: "a",
      test: { m: 10, runs: 500, wkts: 20 },
      odi: { m: 5, runs: 100, wkts: 3 },
      iplMatches: 7,
      iplCenturies: 1,
      centuries: 2,
    });
    expect(statsOf(r)).toEqual({
      odiRuns: 100,
      testRuns: 500,
      t20iRuns: 0,
      totalRuns: 600,
      odiWickets: 3,
      testWickets: 20,
      t20iWickets: 0,
      totalWickets: 23,
      odiMatches: 5,
      testMatches: 10,
      t20iMatches: 0,
      iplMatches: 7,
      centuries: 2,
      iplCenturies: 1,
    });
  });

  it("lists formats with appearances in Test, ODI, T20I order", () => {
    expect(formatsOf(raw({ id: "a", t20i: { m: 3, runs: 1, wkts: 0 }, test: { m: 0, runs: 0, wkts: 0 } }))).toEqual([
      "ODI",
      "T20I",
    ]);
  });
});

describe("team colour", () => {
  it("uses the franchise with the most seasons, the later one on a tie", () => {
    const many = raw({
      id: "a",
      ipl: ["DC", "KKR"],
      iplMatches: 9,
      stints: ["India ODI 2010-03", "DC 2008", "KKR 2011-2013"],
    });
    expect(primaryIplTeam(many)).toBe("KKR");
    const tie = raw({
      id: "b",
      ipl: ["DC", "KKR"],
      iplMatches: 9,
      stints: ["India ODI 2010-03", "KKR 2008", "DC 2011"],
    });
    expect(primaryIplTeam(tie)).toBe("DC");
  });

  it("falls back to the national colour without an IPL career", () => {
    const [p] = buildPlayers([raw({ id: "a", country: "Pakistan", stints: ["Pakistan ODI 2010-03"] })]);
    expect(p!.teamColor).toBe(NATIONAL_COLORS.PAK);
    const [q] = buildPlayers([
      raw({ id: "b", ipl: ["CSK"], iplMatches: 3, stints: ["India ODI 2010-03", "CSK 2010"] }),
    ]);
    expect(q!.teamColor).toBe(IPL_COLORS.CSK);
  });
});

describe("teammates from stints", () => {
  const raws = [
    raw({ id: "a", ipl: ["MI"], iplMatches: 5, stints: ["India ODI 2010-02..2012-09", "MI 2013"] }),
    raw({ id: "b", ipl: ["MI"], iplMatches: 5, stints: ["India ODI 2012-06..2014-01", "MI 2013-2014"] }),
    raw({ id: "c", country: "Australia", ipl: ["MI"], iplMatches: 5, stints: ["Australia ODI 2012-06", "MI 2015"] }),
    raw({ id: "d", stints: ["India ODI 2012-11..2013-03"] }),
  ];
  const mates = deriveTeammates(raws);

  it("pairs players whose stints in a squad overlap in months, with every shared context", () => {
    expect(mates.get("a")).toEqual([
      { playerId: "b", playerName: "Player B", contexts: ["India ODI 2012", "MI 2013"] },
    ]);
    expect(mates.get("b")).toEqual([
      { playerId: "a", playerName: "Player A", contexts: ["India ODI 2012", "MI 2013"] },
      { playerId: "d", playerName: "Player D", contexts: ["India ODI 2012-2013"] },
    ]);
  });

  it("does not pair different eras of a franchise or different countries in the same year", () => {
    expect(mates.get("c")).toEqual([]);
  });

  it("does not pair stints that share a calendar year but not a month", () => {
    expect(mates.get("a")!.some((t) => t.playerId === "d")).toBe(false);
    expect(mates.get("d")!.map((t) => t.playerId)).toEqual(["b"]);
  });

  it("never pairs a player with himself, even with overlapping stints of his own", () => {
    const twice = deriveTeammates([raw({ id: "solo", stints: ["India ODI 2010-01..2012-01", "India ODI 2011-05"] })]);
    expect(twice.get("solo")).toEqual([]);
  });
});

describe("teammates need both to have played (issue 18)", () => {
  // Three players: one who played KKR 2022, one in KKR's 2022 squad without a game (he played
  // for SRH in 2021), and one who played SRH 2021. Countries differ, so only the IPL can pair them.
  const raws = [
    raw({ id: "a", country: "Australia", ipl: ["KKR"], iplMatches: 5, stints: ["Australia ODI 2012-06", "KKR 2022"] }),
    raw({
      id: "b",
      country: "Afghanistan",
      ipl: ["SRH"],
      iplMatches: 3,
      stints: ["Afghanistan ODI 2012-06", "SRH 2021"],
      squadOnly: ["KKR 2022"],
    }),
    raw({ id: "c", country: "England", ipl: ["SRH"], iplMatches: 1, stints: ["England ODI 2012-06", "SRH 2021"] }),
  ];

  it("a season in a squad without a game makes no teammate and no franchise", () => {
    const mates = deriveTeammates(raws);
    expect(mates.get("a")).toEqual([]);
    expect(mates.get("b")).toEqual([{ playerId: "c", playerName: "Player C", contexts: ["SRH 2021"] }]);
    expect(buildPlayers(raws).find((p) => p.id === "b")!.iplTeams).toEqual(["SRH"]);
  });

  it("the same franchise in different seasons is no pair, the same season is", () => {
    const mates = deriveTeammates([
      raw({ id: "x", country: "Australia", ipl: ["RR"], iplMatches: 2, stints: ["Australia ODI 2012-06", "RR 2020"] }),
      raw({ id: "y", country: "England", ipl: ["RR"], iplMatches: 2, stints: ["England ODI 2012-06", "RR 2021"] }),
      raw({
        id: "z",
        country: "Pakistan",
        ipl: ["RR"],
        iplMatches: 2,
        stints: ["Pakistan ODI 2012-06", "RR 2020-2021"],
      }),
    ]);
    expect(mates.get("x")!.map((t) => [t.playerId, t.contexts])).toEqual([["z", ["RR 2020"]]]);
    expect(mates.get("y")!.map((t) => [t.playerId, t.contexts])).toEqual([["z", ["RR 2021"]]]);
  });
});

describe("buildPlayers", () => {
  it("produces records that fit the document's schema", () => {
    const built = buildPlayers([
      raw({
        id: "a",
        jersey: 7,
        trophies: ["CWC"],
        ipl: ["CSK"],
        iplMatches: 10,
        stints: ["India ODI 2010-03", "CSK 2010"],
      }),
      raw({ id: "b", country: "England", stints: ["England ODI 2010-06"] }),
    ]);
    for (const p of built) expect(CricketPlayer.safeParse(p).success).toBe(true);
    expect(built[0]).toMatchObject({
      countryCode: "IND",
      countryFlag: COUNTRY_FLAGS.IND,
      jerseyNumber: 7,
      iplTeams: ["CSK"],
    });
    expect("jerseyNumber" in built[1]!).toBe(false);
    expect(built[1]!.countryCode).toBe("ENG");
  });
});
