import { describe, expect, it } from "vitest";
import { bingoCatalog } from "./catalog";
import type { GridCategory } from "./content/schema";
import { byPriority, PRIORITY } from "./priority";
import { COUNTRY_NAME_BY_CODE, validate } from "./validators";

/** The cell rules (docs/games/cricket-bingo.md, "Cells") on the shipped players: each case names real cricketers. */
const { players, categories } = bingoCatalog();
const cell = (id: string): GridCategory => {
  const c = categories.find((x) => x.id === id);
  if (!c) throw new Error(`no category ${id}`);
  return c;
};
const fits = (playerId: string, cellId: string) => {
  const p = players.find((x) => x.id === playerId);
  if (!p) throw new Error(`no player ${playerId}`);
  return validate(p, cell(cellId));
};

describe("validators by type, with real players", () => {
  it.each([
    ["team", "team-mi", "rohit-sharma", "virat-kohli"],
    ["team (a past franchise counts)", "team-rps", "ms-dhoni", "rohit-sharma"],
    ["team (renamed franchise, one code)", "team-dc", "virender-sehwag", "ms-dhoni"],
    ["country", "country-ind", "virat-kohli", "ricky-ponting"],
    ["country", "country-wi", "brian-lara", "kumar-sangakkara"],
    ["stat 5000+ ODI runs", "stat-odi-runs-5000", "virat-kohli", "jasprit-bumrah"],
    ["stat 10K+ runs", "stat-total-runs-10000", "ms-dhoni", "jasprit-bumrah"],
    ["stat 300+ wickets", "stat-total-wickets-300", "shane-warne", "virat-kohli"],
    ["stat century maker", "stat-century-maker", "sachin-tendulkar", "jasprit-bumrah"],
    ["stat 50+ Test matches", "stat-test-matches-50", "james-anderson", "rashid-khan"],
    ["role pacer", "role-pacer", "james-anderson", "shane-warne"],
    ["role spinner", "role-spinner", "shane-warne", "james-anderson"],
    ["role all-rounder", "role-all-rounder", "jacques-kallis", "virat-kohli"],
    ["role wicket-keeper", "role-keeper", "ms-dhoni", "virat-kohli"],
    ["role batsman (keepers too)", "role-batsman", "ms-dhoni", "shane-warne"],
    ["trophy IPL winner", "trophy-ipl", "ms-dhoni", "virat-kohli"],
    ["trophy World Cup winner", "trophy-cwc", "sachin-tendulkar", "jacques-kallis"],
    ["teammate", "teammate-ms-dhoni", "virat-kohli", "shane-warne"],
    ["teammate (never himself)", "teammate-ms-dhoni", "suresh-raina", "ms-dhoni"],
    ["combo MI + IND", "combo-mi-ind", "jasprit-bumrah", "ricky-ponting"],
    ["combo AUS + pacer", "combo-aus-pacer", "pat-cummins", "shane-warne"],
    ["combo CSK + IPL winner", "combo-csk-ipl", "ms-dhoni", "virat-kohli"],
    ["combo RCB + 10K runs", "combo-rcb-10k", "virat-kohli", "yuzvendra-chahal"],
  ])("%s: %s accepts %s, not %s", (_type, cellId, yes, no) => {
    expect(fits(yes, cellId)).toBe(true);
    expect(fits(no, cellId)).toBe(false);
  });

  it("the country cells use the document's code-to-country mapping", () => {
    // As the document lists them, "code: country" in its order.
    const documented =
      "IND: India, AUS: Australia, ENG: England, SA: South Africa, NZ: New Zealand, AFG: Afghanistan, " +
      "WI: West Indies, PAK: Pakistan, SL: Sri Lanka, BAN: Bangladesh";
    expect(Object.entries(COUNTRY_NAME_BY_CODE).map(([code, name]) => `${code}: ${name}`)).toEqual(
      documented.split(", "),
    );
    for (const [code, name] of Object.entries(COUNTRY_NAME_BY_CODE)) {
      const c = cell(`country-${code.toLowerCase()}`);
      for (const p of players) expect(validate(p, c)).toBe(p.country === name);
    }
  });

  it("the combo example's players fit it", () => {
    for (const id of ["rohit-sharma", "jasprit-bumrah", "sachin-tendulkar"])
      expect(fits(id, "combo-mi-ind")).toBe(true);
    expect(fits("ms-dhoni", "combo-mi-ind")).toBe(false);
  });
});

describe("combos of a role with a trophy or a stat, with real players", () => {
  // Each refusal misses exactly one criterion: the single cells show which one.
  it.each([
    // Dhoni won five IPL titles with CSK; Gilchrist kept wicket for Deccan Chargers' 2009 title.
    ["combo-keeper-ipl", ["ms-dhoni", "adam-gilchrist"], "kumar-sangakkara", "role-keeper", "trophy-ipl"],
    ["combo-keeper-ipl", [], "rohit-sharma", "trophy-ipl", "role-keeper"],
    // Yuvraj was player of the 2011 World Cup; Stokes won the 2019 final.
    ["combo-all-rounder-cwc", ["yuvraj-singh", "ben-stokes"], "jacques-kallis", "role-all-rounder", "trophy-cwc"],
    ["combo-all-rounder-cwc", [], "sachin-tendulkar", "trophy-cwc", "role-all-rounder"],
    // Muralitharan, Warne and Kumble are the three leading spinners in international cricket.
    [
      "combo-spinner-300-wickets",
      ["muttiah-muralitharan", "shane-warne", "anil-kumble"],
      "yuzvendra-chahal",
      "role-spinner",
      "stat-total-wickets-300",
    ],
    ["combo-spinner-300-wickets", [], "james-anderson", "stat-total-wickets-300", "role-spinner"],
  ] as const)("%s accepts %j; %s fits %s but not %s, so not the combo", (combo, yes, no, has, lacks) => {
    for (const id of yes) expect(fits(id, combo), id).toBe(true);
    expect(fits(no, has)).toBe(true);
    expect(fits(no, lacks)).toBe(false);
    expect(fits(no, combo)).toBe(false);
  });

  it("a combo is exactly the intersection of its criteria, over every shipped player", () => {
    const pairs = [
      ["combo-keeper-ipl", "role-keeper", "trophy-ipl"],
      ["combo-all-rounder-cwc", "role-all-rounder", "trophy-cwc"],
      ["combo-spinner-300-wickets", "role-spinner", "stat-total-wickets-300"],
    ] as const;
    for (const [combo, a, b] of pairs) {
      let both = 0;
      for (const p of players) {
        const want = validate(p, cell(a)) && validate(p, cell(b));
        if (want) both++;
        expect(validate(p, cell(combo)), `${p.id} in ${combo}`).toBe(want);
      }
      expect(both, combo).toBeGreaterThan(2);
    }
  });
});

describe("priority", () => {
  it("ranks combo, teammate, trophy, stat, role, team, country", () => {
    const order = Object.entries(PRIORITY)
      .sort((a, b) => a[1] - b[1])
      .map(([t]) => t);
    expect(order).toEqual(["combo", "teammate", "trophy", "stat", "role", "team", "country"]);
  });

  it("sorts cells by priority, keeping grid order within a type", () => {
    const grid = ["country-ind", "team-mi", "role-pacer", "team-csk", "combo-mi-ind", "stat-century-maker"].map(cell);
    expect(byPriority(grid, grid).map((c) => c.id)).toEqual([
      "combo-mi-ind",
      "stat-century-maker",
      "role-pacer",
      "team-mi",
      "team-csk",
      "country-ind",
    ]);
  });
});
