import { describe, expect, it } from "vitest";
import { loadCategories, loadCricketPlayers, validate } from "./index";
import type { CricketPlayer } from "./schema";

/**
 * Well-known facts, written from published records rather than read back from the data:
 * if a figure in the country files drifts, these fail. Figures for active players are as
 * of 2025-01-01; the tolerance is the 5% the content brief allows.
 */
const players = loadCricketPlayers();
const byId = new Map(players.map((p) => [p.id, p]));

function player(id: string): CricketPlayer {
  const p = byId.get(id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
}

function near(actual: number, published: number): void {
  expect(Math.abs(actual - published)).toBeLessThanOrEqual(published * 0.05);
}

function teammates(a: string, b: string): boolean {
  return player(a).teammates.some((t) => t.playerId === b);
}

describe("career figures", () => {
  it.each([
    ["sachin-tendulkar", "testRuns", 15921],
    ["sachin-tendulkar", "odiRuns", 18426],
    ["jacques-kallis", "testWickets", 292],
    ["jacques-kallis", "testRuns", 13289],
    ["shane-warne", "testWickets", 708],
    ["glenn-mcgrath", "testWickets", 563],
    ["anil-kumble", "testWickets", 619],
    ["james-anderson", "testWickets", 704],
    ["wasim-akram", "odiWickets", 502],
    ["waqar-younis", "odiWickets", 416],
    ["ricky-ponting", "testRuns", 13378],
    ["rahul-dravid", "testRuns", 13288],
    // At the end of 2024.
    ["virat-kohli", "odiRuns", 13906],
    ["dale-steyn", "testWickets", 439],
    ["ms-dhoni", "odiMatches", 350],
    ["ms-dhoni", "odiRuns", 10773],
  ] as const)("%s: %s near the published %i", (id, stat, published) => {
    near(player(id).stats[stat], published);
  });

  it("Tendulkar played 200 Tests and made 100 international centuries; Kohli 81 by the end of 2024", () => {
    expect(player("sachin-tendulkar").stats).toMatchObject({ testMatches: 200, centuries: 100 });
    expect(player("virat-kohli").stats.centuries).toBe(81);
  });

  it("Inzamam-ul-Haq played one T20I, in 2006, and made 11", () => {
    const s = player("inzamam-ul-haq").stats;
    expect(s.t20iMatches).toBe(1);
    expect(s.t20iRuns).toBe(11);
    expect(player("inzamam-ul-haq").formats).toContain("T20I");
  });

  it("totals are the sums across formats", () => {
    for (const p of players) {
      expect(p.stats.totalRuns).toBe(p.stats.testRuns + p.stats.odiRuns + p.stats.t20iRuns);
      expect(p.stats.totalWickets).toBe(p.stats.testWickets + p.stats.odiWickets + p.stats.t20iWickets);
    }
  });
});

describe("roles, countries, shirts", () => {
  it("Warne is an Australian spin bowler", () => {
    expect(player("shane-warne")).toMatchObject({
      country: "Australia",
      countryCode: "AUS",
      primaryRole: "Spin Bowler",
    });
  });

  it("Dhoni is an Indian wicket-keeper who wore 7", () => {
    expect(player("ms-dhoni")).toMatchObject({ country: "India", primaryRole: "WK-Bat", jerseyNumber: 7 });
  });

  it("Tendulkar wore 10 and Kohli 18", () => {
    expect(player("sachin-tendulkar").jerseyNumber).toBe(10);
    expect(player("virat-kohli").jerseyNumber).toBe(18);
  });

  it("Gilchrist kept wicket; Kallis and Flintoff are all-rounders; Anderson is a fast bowler", () => {
    expect(player("adam-gilchrist").primaryRole).toBe("WK-Bat");
    expect(player("jacques-kallis").primaryRole).toBe("All-Rounder");
    expect(player("andrew-flintoff").primaryRole).toBe("All-Rounder");
    expect(player("james-anderson").primaryRole).toBe("Fast Bowler");
  });

  it("Babar Azam is Pakistani and has never played in the IPL", () => {
    expect(player("babar-azam").countryCode).toBe("PAK");
    expect(player("babar-azam").iplTeams).toEqual([]);
  });
});

describe("IPL franchises", () => {
  it("Dhoni played for CSK and Rising Pune Supergiant", () => {
    expect(player("ms-dhoni").iplTeams).toEqual(expect.arrayContaining(["CSK", "RPS"]));
  });

  it("Kohli has only ever played for RCB", () => {
    expect(player("virat-kohli").iplTeams).toEqual(["RCB"]);
  });

  it("AB de Villiers played for Delhi and RCB", () => {
    expect(player("ab-de-villiers").iplTeams).toEqual(expect.arrayContaining(["DC", "RCB"]));
  });

  it("Steve Smith never played for Kochi Tuskers Kerala", () => {
    expect(player("steve-smith").iplTeams).not.toContain("KTK");
  });

  it("Rohit Sharma began at Deccan Chargers before Mumbai Indians", () => {
    expect(player("rohit-sharma").iplTeams).toEqual(["DCH", "MI"]);
  });
});

describe("trophies", () => {
  it("Ponting won the World Cup and the Champions Trophy", () => {
    expect(player("ricky-ponting").trophies).toEqual(expect.arrayContaining(["CWC", "CT"]));
  });

  it("Warner won the World Cup, the T20 World Cup, the WTC and the IPL", () => {
    expect(player("david-warner").trophies).toEqual(expect.arrayContaining(["CWC", "T20WC", "WTC", "IPL"]));
  });

  it("Stokes won the 2019 World Cup and the 2022 T20 World Cup", () => {
    expect(player("ben-stokes").trophies).toEqual(expect.arrayContaining(["CWC", "T20WC"]));
  });

  it("Wasim Akram won the 1992 World Cup; Waqar Younis missed it", () => {
    expect(player("wasim-akram").trophies).toContain("CWC");
    expect(player("waqar-younis").trophies).not.toContain("CWC");
  });

  it("Kohli and AB de Villiers never won the IPL", () => {
    expect(player("virat-kohli").trophies).not.toContain("IPL");
    expect(player("ab-de-villiers").trophies).not.toContain("IPL");
  });

  it("squad members are credited: Anderson (T20 World Cup 2010), Bhuvneshwar (Champions Trophy 2013), Paine (Champions Trophy 2009)", () => {
    expect(player("james-anderson").trophies).toContain("T20WC");
    expect(player("bhuvneshwar-kumar").trophies).toContain("CT");
    expect(player("tim-paine").trophies).toContain("CT");
  });

  it("the 1998 Champions Trophy went to the squad in Dhaka, not to those left at home", () => {
    for (const id of ["jacques-kallis", "mark-boucher", "makhaya-ntini", "daryll-cullinan"])
      expect(player(id).trophies, id).toContain("CT");
    for (const id of ["shaun-pollock", "allan-donald", "gary-kirsten"])
      expect(player(id).trophies, id).not.toContain("CT");
  });

  it("Gilchrist won the IPL with Deccan Chargers", () => {
    expect(player("adam-gilchrist").trophies).toContain("IPL");
  });
});

describe("teammates", () => {
  it("Dhoni and Kohli are teammates, both ways, through India", () => {
    expect(teammates("ms-dhoni", "virat-kohli")).toBe(true);
    expect(teammates("virat-kohli", "ms-dhoni")).toBe(true);
    const entry = player("ms-dhoni").teammates.find((t) => t.playerId === "virat-kohli")!;
    expect(entry.playerName).toBe("Virat Kohli");
    expect(entry.contexts).toContain("India ODI 2008-2019");
  });

  it("Tendulkar and Ponting were teammates at Mumbai Indians in 2013", () => {
    const entry = player("sachin-tendulkar").teammates.find((t) => t.playerId === "ricky-ponting");
    expect(entry?.contexts).toEqual(["MI 2013"]);
  });

  it("Kohli and AB de Villiers were teammates at RCB", () => {
    const entry = player("virat-kohli").teammates.find((t) => t.playerId === "ab-de-villiers");
    expect(entry?.contexts).toEqual(["RCB 2011-2021"]);
  });

  it("Warne and Tendulkar never shared a side", () => {
    expect(teammates("shane-warne", "sachin-tendulkar")).toBe(false);
  });

  it("Imran Khan retired before Kohli began, so they are not teammates", () => {
    expect(teammates("imran-khan", "virat-kohli")).toBe(false);
  });

  it("a stint ending in the year another begins is not a pair (issue 12)", () => {
    // Warne's last Test was in January 2007, Johnson's first in November 2007.
    expect(teammates("shane-warne", "mitchell-johnson")).toBe(false);
    // Afridi's last ODI was at the 2015 World Cup (March), Babar's first that May; Afridi's
    // last T20I was in March 2016, Babar's first that September.
    expect(teammates("shahid-afridi", "babar-azam")).toBe(false);
    // Strauss's last ODI was in March 2011 and last Test in August 2012; Stokes began in
    // August 2011 (ODI) and December 2013 (Test).
    expect(teammates("ben-stokes", "andrew-strauss")).toBe(false);
    // Ganguly's last Test (November 2008) came before Kohli's first (June 2011).
    expect(teammates("virat-kohli", "sourav-ganguly")).toBe(false);
  });

  it("well-known pairs remain, with the squads they shared", () => {
    const contexts = (a: string, b: string) => player(a).teammates.find((t) => t.playerId === b)?.contexts;
    expect(contexts("shane-warne", "glenn-mcgrath")).toEqual(["Australia Test 1993-2007", "Australia ODI 1993-2003"]);
    expect(contexts("ben-stokes", "james-anderson")).toContain("England Test 2013-2024");
    expect(contexts("shahid-afridi", "inzamam-ul-haq")).toContain("Pakistan ODI 1996-2007");
    expect(contexts("ricky-ponting", "mitchell-johnson")).toContain("Australia Test 2007-2012");
    expect(contexts("sachin-tendulkar", "virat-kohli")).toEqual(["India Test 2011-2013", "India ODI 2008-2012"]);
    expect(contexts("ab-de-villiers", "jacques-kallis")).toContain("South Africa Test 2004-2013");
    // Shami's Test debut (Kolkata, November 2013) was Tendulkar's second-last Test.
    expect(contexts("sachin-tendulkar", "mohammed-shami")).toEqual(["India Test 2013"]);
  });

  it("nobody is his own teammate", () => {
    for (const p of players) expect(p.teammates.some((t) => t.playerId === p.id)).toBe(false);
  });

  it("the relation is symmetric across the whole database", () => {
    for (const p of players) {
      for (const t of p.teammates) expect(teammates(t.playerId, p.id)).toBe(true);
    }
  });
});

describe("squad members who never played (issue 18)", () => {
  const cell = (id: string) => loadCategories().find((c) => c.id === id)!;
  const shared = (a: string, b: string) => player(a).teammates.find((t) => t.playerId === b)?.contexts;

  it("Mohammad Nabi played his IPL cricket for Sunrisers and Mumbai; he was in KKR's 2022 squad without a game", () => {
    expect([...player("mohammad-nabi").iplTeams].sort()).toEqual(["MI", "SRH"]);
    expect(validate(player("mohammad-nabi"), cell("team-kkr"))).toBe(false);
    expect(validate(player("mohammad-nabi"), cell("team-srh"))).toBe(true);
    for (const t of player("mohammad-nabi").teammates)
      expect(
        t.contexts.filter((c) => c.startsWith("KKR")),
        t.playerId,
      ).toEqual([]);
    // KKR 2022 was their only IPL season in common.
    expect(teammates("mohammad-nabi", "andre-russell")).toBe(false);
    expect(teammates("mohammad-nabi", "sunil-narine")).toBe(false);
    // Sunrisers in 2017-2021 remain.
    expect(shared("mohammad-nabi", "rashid-khan")).toContain("SRH 2017-2021");
  });

  it("Lasith Malinga missed the 2016 season injured, so he never played with Guptill (whose only Mumbai season it was)", () => {
    expect(teammates("lasith-malinga", "martin-guptill")).toBe(false);
    expect(shared("lasith-malinga", "jos-buttler")).toEqual(["MI 2017"]);
  });

  it("Cheteshwar Pujara was in CSK's 2021 title squad without a game: the trophy is his, the franchise is not", () => {
    expect(player("cheteshwar-pujara").trophies).toContain("IPL");
    expect(player("cheteshwar-pujara").iplTeams).not.toContain("CSK");
    // Dhoni and he were India's Test teammates; Chennai 2021 adds nothing.
    expect(shared("cheteshwar-pujara", "ms-dhoni")?.some((c) => c.startsWith("CSK"))).toBe(false);
    expect(shared("cheteshwar-pujara", "ms-dhoni")).toContain("India Test 2010-2014");
  });

  it("Ajinkya Rahane played for Mumbai Indians from their first season", () => {
    expect(shared("ajinkya-rahane", "shaun-pollock")).toEqual(["MI 2008"]);
  });
});
