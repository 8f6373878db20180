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
import { compactContexts, expandStint, parseStint } from "./stints";

function raw(over: Partial<RawPlayer> & { id: string }): RawPlayer {
  return RawPlayer.parse({
    name: `Player ${over.id.toUpperCase()}`,
    country: "India",
    role: "Batsman",
    centuries: 0,
    stints: ["India ODI 2010"],
    odi: { m: 1, runs: 10, wkts: 0 },
    ...over,
  });
}

describe("stints", () => {
  it("parses national and IPL stints, ranges and single years", () => {
    expect(parseStint("India ODI 2008-2019")).toEqual({
      kind: "national",
      country: "India",
      format: "ODI",
      from: 2008,
      to: 2019,
    });
    expect(parseStint("South Africa Test 1995")).toMatchObject({ country: "South Africa", from: 1995, to: 1995 });
    expect(parseStint("MI 2019")).toEqual({ kind: "ipl", team: "MI", from: 2019, to: 2019 });
  });

  it("rejects unknown teams, formats, backwards ranges and pre-IPL seasons", () => {
    for (const bad of [
      "Ireland ODI 2010",
      "India FC 2010",
      "XYZ 2019",
      "India ODI 2012-2010",
      "MI 2005",
      "India ODI 2031",
    ]) {
      expect(typeof parseStint(bad)).toBe("string");
    }
  });

  it("expands a range into one context per year", () => {
    const s = parseStint("RCB 2011-2013");
    if (typeof s === "string") throw new Error(s);
    expect(expandStint(s)).toEqual(["RCB 2011", "RCB 2012", "RCB 2013"]);
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
      stints: ["India ODI 2010", "DC 2008", "KKR 2011-2013"],
    });
    expect(primaryIplTeam(many)).toBe("KKR");
    const tie = raw({ id: "b", ipl: ["DC", "KKR"], iplMatches: 9, stints: ["India ODI 2010", "KKR 2008", "DC 2011"] });
    expect(primaryIplTeam(tie)).toBe("DC");
  });

  it("falls back to the national colour without an IPL career", () => {
    const [p] = buildPlayers([raw({ id: "a", country: "Pakistan", stints: ["Pakistan ODI 2010"] })]);
    expect(p!.teamColor).toBe(NATIONAL_COLORS.PAK);
    const [q] = buildPlayers([raw({ id: "b", ipl: ["CSK"], iplMatches: 3, stints: ["India ODI 2010", "CSK 2010"] })]);
    expect(q!.teamColor).toBe(IPL_COLORS.CSK);
  });
});

describe("teammates from stints", () => {
  const raws = [
    raw({ id: "a", ipl: ["MI"], iplMatches: 5, stints: ["India ODI 2010-2012", "MI 2013"] }),
    raw({ id: "b", ipl: ["MI"], iplMatches: 5, stints: ["India ODI 2012-2014", "MI 2013-2014"] }),
    raw({ id: "c", country: "Australia", ipl: ["MI"], iplMatches: 5, stints: ["Australia ODI 2012", "MI 2015"] }),
  ];
  const mates = deriveTeammates(raws);

  it("pairs players who share a squad in the same year, with every shared context", () => {
    expect(mates.get("a")).toEqual([
      { playerId: "b", playerName: "Player B", contexts: ["India ODI 2012", "MI 2013"] },
    ]);
    expect(mates.get("b")).toEqual([
      { playerId: "a", playerName: "Player A", contexts: ["India ODI 2012", "MI 2013"] },
    ]);
  });

  it("does not pair different eras of a franchise or different countries in the same year", () => {
    expect(mates.get("c")).toEqual([]);
  });

  it("never pairs a player with himself, even with overlapping stints of his own", () => {
    const twice = deriveTeammates([raw({ id: "solo", stints: ["India ODI 2010-2012", "India ODI 2011"] })]);
    expect(twice.get("solo")).toEqual([]);
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
        stints: ["India ODI 2010", "CSK 2010"],
      }),
      raw({ id: "b", country: "England", stints: ["England ODI 2010"] }),
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
