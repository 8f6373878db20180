import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildPlayers } from "./build";
import { categoryProblems, stintProblems, teammateProblems, trophyProblems } from "./checks";
import { cricketContentSet } from "./index";
import { readRawPlayers } from "./load";
import { type CricketPlayer, GridCategory, RawPlayer } from "./schema";

function raw(over: Partial<RawPlayer> & { id: string }): RawPlayer {
  return RawPlayer.parse({
    name: `Player ${over.id}`,
    country: "India",
    role: "Batsman",
    centuries: 0,
    odi: { m: 10, runs: 100, wkts: 0 },
    stints: ["India ODI 2010-03"],
    ...over,
  });
}

describe("stint checks", () => {
  it("accept a consistent record", () => {
    expect(
      stintProblems(raw({ id: "ok", ipl: ["MI"], iplMatches: 3, stints: ["India ODI 2010-03", "MI 2012"] })),
    ).toEqual([]);
  });

  it("catch malformed stints, foreign sides, formats never played and franchises without stints", () => {
    const problems = stintProblems(
      raw({
        id: "bad",
        ipl: ["MI", "CSK"],
        iplMatches: 3,
        stints: [
          "India ODI 2010-03",
          "Australia ODI 2011-02",
          "India Test 2012-07",
          "MI 2012",
          "RCB 2013",
          "Mumbai 2014",
        ],
      }),
    );
    expect(problems.join("\n")).toMatch(/stint for Australia/);
    expect(problems.join("\n")).toMatch(/Test stint but no Tests/);
    expect(problems.join("\n")).toMatch(/RCB stint but not in ipl/);
    expect(problems.join("\n")).toMatch(/CSK without a stint/);
    expect(problems.join("\n")).toMatch(/"Mumbai 2014"/);
  });

  it("catch a format played without any stint for it", () => {
    expect(stintProblems(raw({ id: "t", test: { m: 3, runs: 50, wkts: 0 } }))).toEqual(["t: Tests but no Test stint"]);
  });
});

describe("squad-only seasons (issue 18)", () => {
  it("are IPL seasons that are neither played nor a franchise of the player's", () => {
    const problems = stintProblems(
      raw({
        id: "s",
        ipl: ["KKR", "SRH"],
        iplMatches: 3,
        stints: ["India ODI 2010-03", "SRH 2021", "KKR 2022"],
        squadOnly: ["KKR 2022", "SRH 2021-2022", "India ODI 2011-01", "XYZ 2020"],
      }),
    ).join("\n");
    expect(problems).toMatch(/squad-only KKR 2022 is also a season played/);
    expect(problems).toMatch(/squad-only SRH 2021 is also a season played/);
    expect(problems).toMatch(/squad-only "India ODI 2011-01" is not an IPL season/);
    expect(problems).toMatch(/"XYZ 2020"/);
  });

  it("a franchise whose only seasons are squad-only is not a franchise of his", () => {
    expect(
      stintProblems(
        raw({ id: "n", ipl: ["KKR"], iplMatches: 1, stints: ["India ODI 2010-03"], squadOnly: ["KKR 2022"] }),
      ).join("\n"),
    ).toMatch(/KKR without a stint/);
  });

  it("every season played needs a match: no more seasons than IPL matches", () => {
    expect(
      stintProblems(raw({ id: "m", ipl: ["MI"], iplMatches: 2, stints: ["India ODI 2010-03", "MI 2012-2014"] })),
    ).toEqual(["m: 3 IPL seasons played but 2 IPL matches"]);
  });

  it("a squad-only season of the champions counts for the IPL trophy, and calls for it (squads are credited)", () => {
    const champs = raw({
      id: "t",
      ipl: ["SRH"],
      iplMatches: 1,
      trophies: ["IPL"],
      stints: ["India ODI 2010-03", "SRH 2015"],
      squadOnly: ["KKR 2012"],
    });
    expect(trophyProblems(champs)).toEqual([]);
    expect(trophyProblems({ ...champs, trophies: [] })).toEqual(["t: in KKR's squad in 2012 but no IPL trophy"]);
  });
});

describe("trophy checks", () => {
  it("want the IPL trophy from anyone who played a season for the champions", () => {
    expect(
      trophyProblems(raw({ id: "x", ipl: ["MI"], iplMatches: 5, stints: ["India ODI 2010-03", "MI 2013"] })),
    ).toEqual(["x: played for MI in 2013 but no IPL trophy"]);
  });

  it("reject a trophy with no stint near a win for that side", () => {
    expect(trophyProblems(raw({ id: "y", trophies: ["CWC"], stints: ["India ODI 2015-01..2015-12"] }))).toEqual([
      "y: CWC without a stint near a win",
    ]);
    expect(trophyProblems(raw({ id: "z", trophies: ["CWC"], stints: ["India ODI 2011-01..2011-04"] }))).toEqual([]);
  });
});

describe("teammate checks", () => {
  it("detect one-way and self entries", () => {
    const [a, b] = buildPlayers([raw({ id: "a" }), raw({ id: "b", stints: ["India ODI 2015-06"] })]) as [
      CricketPlayer,
      CricketPlayer,
    ];
    a.teammates.push({ playerId: "b", playerName: "b", contexts: ["India ODI 2010"] });
    b.teammates.push({ playerId: "b", playerName: "b", contexts: ["India ODI 2015"] });
    const { asymmetric, self } = teammateProblems([a, b]);
    expect(asymmetric).toEqual(["a -> b"]);
    expect(self).toEqual(["b"]);
  });
});

describe("category checks", () => {
  it("flag unknown teammates, unknown stats and team cells whose label disagrees", () => {
    const cats = [
      GridCategory.parse({
        id: "t",
        label: "L",
        shortLabel: "w/ X",
        icon: "🤝",
        type: "teammate",
        validator: "teammate:nobody",
      }),
      GridCategory.parse({
        id: "s",
        label: "L",
        shortLabel: "S",
        icon: "📈",
        type: "stat",
        validator: "stat:sixes>=10",
      }),
      GridCategory.parse({ id: "m", label: "L", shortLabel: "CSK", icon: "🏏", type: "team", validator: "team:MI" }),
    ];
    expect(categoryProblems(cats, [])).toEqual([
      "t: unknown player nobody",
      "s: unknown stat sixes>=10",
      "m: shortLabel is not the team",
    ]);
  });
});

describe("loading", () => {
  it("tolerates a missing folder, broken files and bad records", () => {
    expect(readRawPlayers(join(tmpdir(), "no-such-cricket-folder")).records).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), "cricket-"));
    writeFileSync(join(dir, "a.json"), "[{");
    writeFileSync(join(dir, "b.json"), JSON.stringify([raw({ id: "good" }), { id: "bad", ipl: ["XYZ"] }]));
    const got = readRawPlayers(dir);
    expect(got.records.map((r) => r.id)).toEqual(["good"]);
    expect(got.problems).toHaveLength(2);
    expect(got.unknownIplCodes).toEqual(["b.json[1] bad: XYZ"]);
  });
});

describe("the shipped content set", () => {
  it("meets every minimum and passes every check", () => {
    const short = cricketContentSet.counts().filter((c) => c.value < c.min);
    const failed = cricketContentSet.checks().filter((c) => !c.ok);
    expect(short).toEqual([]);
    expect(failed).toEqual([]);
  });
});
