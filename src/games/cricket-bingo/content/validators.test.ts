import { describe, expect, it } from "vitest";
import { loadCategories } from "./index";
import { type CricketPlayer, GridCategory } from "./schema";
import { criterionOf, eligible, parseStatThreshold, validate } from "./validators";

function player(over: Partial<CricketPlayer> = {}): CricketPlayer {
  return {
    id: "p1",
    name: "Player One",
    country: "India",
    countryCode: "IND",
    countryFlag: "🇮🇳",
    iplTeams: ["MI", "CSK"],
    teamColor: "#004BA0",
    primaryRole: "Batsman",
    formats: ["ODI"],
    stats: {
      odiRuns: 6000,
      testRuns: 0,
      t20iRuns: 0,
      totalRuns: 6000,
      odiWickets: 0,
      testWickets: 0,
      t20iWickets: 0,
      totalWickets: 0,
      odiMatches: 150,
      testMatches: 0,
      t20iMatches: 0,
      iplMatches: 40,
      centuries: 3,
      iplCenturies: 0,
    },
    trophies: ["IPL"],
    teammates: [{ playerId: "p2", playerName: "Player Two", contexts: ["MI 2013"] }],
    ...over,
  };
}

function cell(type: GridCategory["type"], validator: string, extra: Partial<GridCategory> = {}): GridCategory {
  return GridCategory.parse({ id: "c", label: "L", shortLabel: "S", icon: "🏏", type, validator, ...extra });
}

describe("validate by type", () => {
  it("team: past or present franchise", () => {
    expect(validate(player(), cell("team", "team:CSK", { shortLabel: "CSK" }))).toBe(true);
    expect(validate(player(), cell("team", "team:RCB", { shortLabel: "RCB" }))).toBe(false);
  });

  it("country: by code or by name", () => {
    expect(validate(player(), cell("country", "country:IND"))).toBe(true);
    expect(validate(player(), cell("country", "country:India"))).toBe(true);
    expect(validate(player(), cell("country", "country:AUS"))).toBe(false);
  });

  it("stat: a threshold is inclusive; unknown stats match nobody", () => {
    expect(validate(player(), cell("stat", "stat:odiRuns>=6000"))).toBe(true);
    expect(validate(player(), cell("stat", "stat:odiRuns>=6001"))).toBe(false);
    expect(validate(player(), cell("stat", "stat:sixes>=1"))).toBe(false);
  });

  it("role: Batsman admits wicket-keepers; the other roles are exact", () => {
    const keeper = player({ primaryRole: "WK-Bat" });
    expect(validate(keeper, cell("role", "role:Batsman"))).toBe(true);
    expect(validate(keeper, cell("role", "role:WK-Bat"))).toBe(true);
    expect(validate(player(), cell("role", "role:WK-Bat"))).toBe(false);
    expect(validate(player({ primaryRole: "All-Rounder" }), cell("role", "role:Batsman"))).toBe(false);
  });

  it("trophy: the key must be among the player's trophies", () => {
    expect(validate(player(), cell("trophy", "trophy:IPL"))).toBe(true);
    expect(validate(player(), cell("trophy", "trophy:CWC"))).toBe(false);
  });

  it("teammate: needs the target in teammates[] and never matches the target himself", () => {
    expect(validate(player(), cell("teammate", "teammate:p2"))).toBe(true);
    expect(validate(player(), cell("teammate", "teammate:p3"))).toBe(false);
    const corrupt = player({ id: "p2", teammates: [{ playerId: "p2", playerName: "Self", contexts: ["MI 2013"] }] });
    expect(validate(corrupt, cell("teammate", "teammate:p2"))).toBe(false);
  });
});

describe("combo cells", () => {
  const miIndia = cell("combo", "combo", {
    comboCriteria: [
      { type: "team", value: "MI" },
      { type: "country", value: "India" },
    ],
  });

  it("need every criterion", () => {
    expect(validate(player(), miIndia)).toBe(true);
    expect(validate(player({ country: "Australia", countryCode: "AUS" }), miIndia)).toBe(false);
    expect(validate(player({ iplTeams: ["RCB"] }), miIndia)).toBe(false);
  });

  it("must list their criteria, and only combos may", () => {
    expect(
      GridCategory.safeParse({ id: "c", label: "L", shortLabel: "S", icon: "x", type: "combo", validator: "combo" })
        .success,
    ).toBe(false);
    expect(
      GridCategory.safeParse({
        id: "c",
        label: "L",
        shortLabel: "S",
        icon: "x",
        type: "team",
        validator: "role:Batsman",
      }).success,
    ).toBe(false);
  });
});

describe("validator keys", () => {
  it("parse into criteria, or null when malformed", () => {
    expect(criterionOf("team:MI")).toEqual({ type: "team", value: "MI" });
    expect(criterionOf("nonsense")).toBeNull();
    expect(criterionOf("combo")).toBeNull();
    expect(parseStatThreshold("centuries>=20")).toEqual({ key: "centuries", min: 20 });
    expect(parseStatThreshold("centuries>20")).toBeNull();
  });
});

describe("the shipped categories", () => {
  const cats = loadCategories();

  it("include the document's examples", () => {
    const ids = cats.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "team-mi",
        "country-ind",
        "stat-odi-runs-5000",
        "combo-mi-ind",
        "combo-csk-ipl",
        "combo-rcb-10k",
      ]),
    );
  });

  it("'MI + Indian' accepts Tendulkar, Rohit and Bumrah but not Ponting or Dhoni", async () => {
    const { loadCricketPlayers } = await import("./index");
    const names = eligible(loadCricketPlayers(), cats.find((c) => c.id === "combo-mi-ind")!).map((p) => p.id);
    expect(names).toEqual(expect.arrayContaining(["sachin-tendulkar", "rohit-sharma", "jasprit-bumrah"]));
    expect(names).not.toContain("ricky-ponting");
    expect(names).not.toContain("ms-dhoni");
  });

  it("'Played with MS Dhoni' never accepts Dhoni", async () => {
    const { loadCricketPlayers } = await import("./index");
    const dhoniCell = cats.find((c) => c.id === "teammate-ms-dhoni")!;
    const dhoni = loadCricketPlayers().find((p) => p.id === "ms-dhoni")!;
    expect(validate(dhoni, dhoniCell)).toBe(false);
  });
});
