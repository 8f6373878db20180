import { type ContentCheck, check } from "../../../engine/content";
import { statsOf } from "./build";
import {
  CATEGORY_TYPES,
  COUNTRY_NAMES,
  type CountryName,
  type CricketPlayer,
  FORMATS,
  type Format,
  type GridCategory,
  type IplCode,
  PRIMARY_ROLES,
  type RawPlayer,
  type Trophy,
} from "./schema";
import { parseStint, type Stint, sharedYears, squadOf } from "./stints";
import { criteriaOf, eligible, parseStatThreshold } from "./validators";

/** Every cell must accept at least this many players, so a daily grid can always be filled. */
export const MIN_ELIGIBLE = 4;

/** Winners by year: national trophies by country, the IPL by franchise. */
export const NATIONAL_WINNERS: Record<Exclude<Trophy, "IPL">, Record<number, CountryName[]>> = {
  CWC: {
    1975: ["West Indies"],
    1979: ["West Indies"],
    1983: ["India"],
    1987: ["Australia"],
    1992: ["Pakistan"],
    1996: ["Sri Lanka"],
    1999: ["Australia"],
    2003: ["Australia"],
    2007: ["Australia"],
    2011: ["India"],
    2015: ["Australia"],
    2019: ["England"],
    2023: ["Australia"],
  },
  T20WC: {
    2007: ["India"],
    2009: ["Pakistan"],
    2010: ["England"],
    2012: ["West Indies"],
    2014: ["Sri Lanka"],
    2016: ["West Indies"],
    2021: ["Australia"],
    2022: ["England"],
    2024: ["India"],
  },
  CT: {
    1998: ["South Africa"],
    2000: ["New Zealand"],
    2002: ["India", "Sri Lanka"],
    2004: ["West Indies"],
    2006: ["Australia"],
    2009: ["Australia"],
    2013: ["India"],
    2017: ["Pakistan"],
  },
  WTC: { 2021: ["New Zealand"], 2023: ["Australia"] },
};

export const IPL_WINNERS: Record<number, IplCode> = {
  2008: "RR",
  2009: "DCH",
  2010: "CSK",
  2011: "CSK",
  2012: "KKR",
  2013: "MI",
  2014: "KKR",
  2015: "MI",
  2016: "SRH",
  2017: "MI",
  2018: "CSK",
  2019: "MI",
  2020: "MI",
  2021: "CSK",
  2022: "GT",
  2023: "CSK",
  2024: "KKR",
};

function covers(s: Stint, year: number, slack = 0): boolean {
  return s.from - slack <= year && year <= s.to + slack;
}

/** Stints parse, name the player's own country, and agree with his formats and franchises. */
export function stintProblems(raw: RawPlayer): string[] {
  const out: string[] = [];
  const parsed: Stint[] = [];
  for (const text of raw.stints) {
    const s = parseStint(text);
    if (typeof s === "string") out.push(`${raw.id}: ${s}`);
    else parsed.push(s);
  }
  const matches: Record<Format, number> = { Test: raw.test?.m ?? 0, ODI: raw.odi?.m ?? 0, T20I: raw.t20i?.m ?? 0 };
  for (const s of parsed) {
    if (s.kind === "national" && s.country !== raw.country) out.push(`${raw.id}: stint for ${s.country}`);
    if (s.kind === "national" && matches[s.format] === 0) out.push(`${raw.id}: ${s.format} stint but no ${s.format}s`);
    if (s.kind === "ipl" && !raw.ipl.includes(s.team)) out.push(`${raw.id}: ${s.team} stint but not in ipl[]`);
  }
  for (let i = 0; i < parsed.length; i++) {
    for (let j = i + 1; j < parsed.length; j++) {
      if (sharedYears(parsed[i]!, parsed[j]!).length > 0)
        out.push(`${raw.id}: stints ${squadOf(parsed[i]!)} overlap each other`);
    }
  }
  for (const f of FORMATS) {
    if (matches[f] > 0 && !parsed.some((s) => s.kind === "national" && s.format === f))
      out.push(`${raw.id}: ${f}s but no ${f} stint`);
  }
  for (const team of raw.ipl) {
    if (!parsed.some((s) => s.kind === "ipl" && s.team === team)) out.push(`${raw.id}: ${team} without a stint`);
  }
  // Every IPL season listed is a season he played in, so each needs a match of its own.
  const seasons = parsed.reduce((n, s) => n + (s.kind === "ipl" ? s.to - s.from + 1 : 0), 0);
  if (seasons > raw.iplMatches) out.push(`${raw.id}: ${seasons} IPL seasons played but ${raw.iplMatches} IPL matches`);
  // Seasons in a squad without a game (issue 18): IPL seasons, none of them also played.
  for (const text of raw.squadOnly ?? []) {
    const s = parseStint(text);
    if (typeof s === "string") out.push(`${raw.id}: ${s}`);
    else if (s.kind !== "ipl") out.push(`${raw.id}: squad-only "${text}" is not an IPL season`);
    else
      for (let y = s.from; y <= s.to; y++)
        if (parsed.some((p) => p.kind === "ipl" && p.team === s.team && p.from <= y && y <= p.to))
          out.push(`${raw.id}: squad-only ${s.team} ${y} is also a season played`);
  }
  if (raw.iplMatches > 0 !== raw.ipl.length > 0) out.push(`${raw.id}: iplMatches and ipl[] disagree`);
  if (new Set(raw.ipl).size !== raw.ipl.length) out.push(`${raw.id}: a franchise listed twice`);
  return out;
}

/**
 * Trophies agree with the stints. Trophies are credited to every member of the winning
 * squad, whether or not he played (docs/content.md), so a national trophy needs a stint
 * for his country within a year of a win (a squad member may not have played that very
 * year, nor in that format: Piyush Chawla was in the 2007 T20 World Cup squad), and a
 * season with the IPL champions, played or in the squad only, means the IPL trophy.
 */
export function trophyProblems(raw: RawPlayer): string[] {
  const out: string[] = [];
  const played = raw.stints.map(parseStint).filter((s): s is Stint => typeof s !== "string");
  const squads = (raw.squadOnly ?? [])
    .map(parseStint)
    .filter((s): s is Stint => typeof s !== "string" && s.kind === "ipl");
  const stints = [...played, ...squads];
  if (new Set(raw.trophies).size !== raw.trophies.length) out.push(`${raw.id}: a trophy listed twice`);
  for (const t of raw.trophies) {
    const ok =
      t === "IPL"
        ? Object.entries(IPL_WINNERS).some(([y, team]) =>
            stints.some((s) => s.kind === "ipl" && s.team === team && covers(s, Number(y), 1)),
          )
        : Object.entries(NATIONAL_WINNERS[t]).some(
            ([y, countries]) =>
              countries.includes(raw.country) && stints.some((s) => s.kind === "national" && covers(s, Number(y), 1)),
          );
    if (!ok) out.push(`${raw.id}: ${t} without a stint near a win`);
  }
  if (!raw.trophies.includes("IPL")) {
    const won = (list: Stint[]) =>
      Object.entries(IPL_WINNERS).find(([y, team]) =>
        list.some((s) => s.kind === "ipl" && s.team === team && covers(s, Number(y))),
      );
    const asPlayer = won(played);
    const inSquad = won(squads);
    if (asPlayer) out.push(`${raw.id}: played for ${asPlayer[1]} in ${asPlayer[0]} but no IPL trophy`);
    else if (inSquad) out.push(`${raw.id}: in ${inSquad[1]}'s squad in ${inSquad[0]} but no IPL trophy`);
  }
  return out;
}

/** Figures that cannot all be true at once. */
export function statProblems(raw: RawPlayer, built: CricketPlayer): string[] {
  const out: string[] = [];
  const s = built.stats;
  const want = statsOf(raw);
  if (s.totalRuns !== s.testRuns + s.odiRuns + s.t20iRuns) out.push(`${raw.id}: totalRuns is not the sum`);
  if (s.totalWickets !== s.testWickets + s.odiWickets + s.t20iWickets)
    out.push(`${raw.id}: totalWickets is not the sum`);
  if (s.totalRuns !== want.totalRuns || s.totalWickets !== want.totalWickets) out.push(`${raw.id}: totals drifted`);
  if (s.centuries * 100 > s.totalRuns) out.push(`${raw.id}: more centuries than runs allow`);
  if (s.iplCenturies > s.iplMatches) out.push(`${raw.id}: more IPL centuries than IPL matches`);
  if (built.formats.length === 0) out.push(`${raw.id}: no international format`);
  return out;
}

export function teammateProblems(players: readonly CricketPlayer[]): { asymmetric: string[]; self: string[] } {
  const byId = new Map(players.map((p) => [p.id, p]));
  const asymmetric: string[] = [];
  const self: string[] = [];
  for (const p of players) {
    for (const t of p.teammates) {
      if (t.playerId === p.id) self.push(p.id);
      const other = byId.get(t.playerId);
      if (!other) asymmetric.push(`${p.id} -> unknown ${t.playerId}`);
      else if (!other.teammates.some((u) => u.playerId === p.id)) asymmetric.push(`${p.id} -> ${t.playerId}`);
    }
  }
  return { asymmetric, self };
}

/** Cells whose criteria do not make sense against this database. */
export function categoryProblems(categories: readonly GridCategory[], players: readonly CricketPlayer[]): string[] {
  const ids = new Set(players.map((p) => p.id));
  const out: string[] = [];
  for (const c of categories) {
    const criteria = criteriaOf(c);
    if (criteria.length === 0) out.push(`${c.id}: unreadable validator ${c.validator}`);
    if (c.type === "team" && c.validator !== `team:${c.shortLabel}`) out.push(`${c.id}: shortLabel is not the team`);
    if (c.comboIcons && c.comboIcons.length !== criteria.length) out.push(`${c.id}: one combo icon per criterion`);
    for (const k of criteria) {
      if (k.type === "stat" && !parseStatThreshold(k.value)) out.push(`${c.id}: unknown stat ${k.value}`);
      if (k.type === "teammate" && !ids.has(k.value)) out.push(`${c.id}: unknown player ${k.value}`);
    }
  }
  return out;
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dups: string[] = [];
  for (const v of values) {
    if (seen.has(v)) dups.push(v);
    seen.add(v);
  }
  return dups;
}

export interface CheckInput {
  raws: readonly RawPlayer[];
  players: readonly CricketPlayer[];
  categories: readonly GridCategory[];
  loadProblems: readonly string[];
  unknownIplCodes: readonly string[];
}

export function cricketChecks(input: CheckInput): ContentCheck[] {
  const { raws, players, categories } = input;
  const builtById = new Map(players.map((p) => [p.id, p]));
  const { asymmetric, self } = teammateProblems(players);
  const countries = new Set(players.map((p) => p.country));
  const roles = new Set(players.map((p) => p.primaryRole));
  const thin = categories
    .map((c) => [c.id, eligible(players, c).length] as const)
    .filter(([, n]) => n < MIN_ELIGIBLE)
    .map(([id, n]) => `${id} (${n})`);
  return [
    check("every record fits the schema", input.loadProblems),
    check("player ids unique", duplicates(raws.map((r) => r.id))),
    check("player names unique", duplicates(raws.map((r) => r.name))),
    check("category ids unique", duplicates(categories.map((c) => c.id))),
    check(
      "totals equal sums, figures consistent",
      raws.flatMap((r) => statProblems(r, builtById.get(r.id)!)),
    ),
    check(
      "all 10 countries present",
      COUNTRY_NAMES.filter((c) => !countries.has(c)),
    ),
    check(
      "all 5 roles present",
      PRIMARY_ROLES.filter((r) => !roles.has(r)),
    ),
    check("IPL codes known", input.unknownIplCodes),
    check("stints well-formed and consistent", raws.flatMap(stintProblems)),
    check("trophies agree with stints", raws.flatMap(trophyProblems)),
    check("teammates symmetric", asymmetric),
    check("nobody is his own teammate", self),
    check("categories refer to real things", categoryProblems(categories, players)),
    check(
      "all 7 category types used",
      CATEGORY_TYPES.filter((t) => !categories.some((c) => c.type === t)),
    ),
    check(`every category has ${MIN_ELIGIBLE}+ eligible players`, thin),
  ];
}
