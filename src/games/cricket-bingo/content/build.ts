import {
  COUNTRIES,
  type CountryCode,
  type CountryName,
  type CricketPlayer,
  FORMATS,
  type Format,
  type IplCode,
  type RawFormatStats,
  type RawPlayer,
  type Stats,
  type TeammateEntry,
} from "./schema";
import { compactContexts, parseStint, type Stint, squadOf } from "./stints";

export const COUNTRY_CODE_OF = Object.fromEntries(
  Object.entries(COUNTRIES).map(([code, name]) => [name, code]),
) as Record<CountryName, CountryCode>;

/**
 * Emoji flags. England's is the subdivision tag sequence; the West Indies has no flag
 * (it is a cricket board of many nations), so it shows a palm tree, as cricket apps often do.
 */
export const COUNTRY_FLAGS: Record<CountryCode, string> = {
  IND: "🇮🇳",
  AUS: "🇦🇺",
  ENG: "🏴󠁧󠁢󠁥󠁮󠁧󠁿",
  SA: "🇿🇦",
  NZ: "🇳🇿",
  AFG: "🇦🇫",
  WI: "🌴",
  PAK: "🇵🇰",
  SL: "🇱🇰",
  BAN: "🇧🇩",
};

/** National shirt colours, for players who never played in the IPL. */
export const NATIONAL_COLORS: Record<CountryCode, string> = {
  IND: "#1C4FA1",
  AUS: "#FFCD00",
  ENG: "#003B7A",
  SA: "#007749",
  NZ: "#000000",
  AFG: "#0066CC",
  WI: "#7B0041",
  PAK: "#01411C",
  SL: "#0A2A5E",
  BAN: "#006A4E",
};

/** Each franchise's main kit colour (approximate brand colours). */
export const IPL_COLORS: Record<IplCode, string> = {
  MI: "#004BA0",
  CSK: "#FDB913",
  RCB: "#EC1C24",
  KKR: "#3A225D",
  SRH: "#F26522",
  DC: "#17449B",
  PBKS: "#DD1F2D",
  RR: "#EA1A85",
  GT: "#1B2133",
  LSG: "#0057E2",
  DCH: "#1B3A6B",
  PWI: "#2F9BE3",
  KTK: "#F47920",
  RPS: "#6F2DA8",
  GL: "#E04F16",
};

/** Parsed stints (where he played); records that fail to parse are reported by the content checks, not here. */
export function stintsOf(raw: RawPlayer): Stint[] {
  return raw.stints.map(parseStint).filter((s): s is Stint => typeof s !== "string");
}

/** Parsed squad-only IPL seasons (in a squad, no match); others are reported by the content checks. */
export function squadOnlyOf(raw: RawPlayer): Stint[] {
  return (raw.squadOnly ?? []).map(parseStint).filter((s): s is Stint => typeof s !== "string" && s.kind === "ipl");
}

/**
 * The franchise a player is best known for: the one with the most seasons in his stints,
 * the later one on a tie; his first listed franchise when no IPL stint parses.
 */
export function primaryIplTeam(raw: RawPlayer): IplCode | undefined {
  const seasons = new Map<IplCode, { n: number; last: number }>();
  for (const s of stintsOf(raw)) {
    if (s.kind !== "ipl") continue;
    const cur = seasons.get(s.team) ?? { n: 0, last: 0 };
    seasons.set(s.team, { n: cur.n + s.to - s.from + 1, last: Math.max(cur.last, s.to) });
  }
  let best: IplCode | undefined;
  for (const [team, v] of seasons) {
    const b = best ? seasons.get(best)! : undefined;
    if (!b || v.n > b.n || (v.n === b.n && v.last > b.last)) best = team;
  }
  return best ?? raw.ipl[0];
}

export function teamColorOf(raw: RawPlayer): string {
  const team = primaryIplTeam(raw);
  return team ? IPL_COLORS[team] : NATIONAL_COLORS[COUNTRY_CODE_OF[raw.country]];
}

const none: RawFormatStats = { m: 0, runs: 0, wkts: 0 };

export function statsOf(raw: RawPlayer): Stats {
  const test = raw.test ?? none;
  const odi = raw.odi ?? none;
  const t20i = raw.t20i ?? none;
  return {
    odiRuns: odi.runs,
    testRuns: test.runs,
    t20iRuns: t20i.runs,
    totalRuns: test.runs + odi.runs + t20i.runs,
    odiWickets: odi.wkts,
    testWickets: test.wkts,
    t20iWickets: t20i.wkts,
    totalWickets: test.wkts + odi.wkts + t20i.wkts,
    odiMatches: odi.m,
    testMatches: test.m,
    t20iMatches: t20i.m,
    iplMatches: raw.iplMatches,
    centuries: raw.centuries,
    iplCenturies: raw.iplCenturies,
  };
}

/** The formats a player appeared in, in the document's order. */
export function formatsOf(raw: RawPlayer): Format[] {
  const m: Record<Format, number> = { Test: raw.test?.m ?? 0, ODI: raw.odi?.m ?? 0, T20I: raw.t20i?.m ?? 0 };
  return FORMATS.filter((f) => m[f] > 0);
}

/**
 * Where a stint's matches fall, as units a teammate pair must share: an IPL stint gives one
 * unit per season (`"MI"`, 2019: one tournament), a national stint one per month of its span
 * (`"India ODI"`, a month number), months standing in for the series (a side plays one
 * series of a format at a time, and the data keeps spans of months, not series).
 */
function unitsOf(s: Stint): { squad: string; unit: number; year: number }[] {
  const squad = squadOf(s);
  const out: { squad: string; unit: number; year: number }[] = [];
  if (s.kind === "ipl") for (let y = s.from; y <= s.to; y++) out.push({ squad, unit: y, year: y });
  else for (let m = s.first; m <= s.last; m++) out.push({ squad, unit: m, year: Math.floor(m / 12) });
  return out;
}

/**
 * Teammates (docs/games/cricket-bingo.md, Decisions D6; issues 12 and 18): two players
 * are teammates when both played for the same side in the same season or series: the same
 * IPL franchise in the same season, or the same national side in the same format in the
 * same month. Only stints where a player played count; a season in a squad without a game
 * (`squadOnly`) makes no pair. Sharing a calendar year is not enough: Warne's last Test
 * (January 2007) and Mitchell Johnson's first (November 2007) do not make a pair.
 * Contexts list the squad and the years they shared ("India ODI 2008-2019", "MI 2013").
 * Symmetric by construction, and nobody is paired with himself.
 */
export function deriveTeammates(raws: readonly RawPlayer[]): Map<string, TeammateEntry[]> {
  const units = new Map<string, { squad: string; year: number; ids: Set<string> }>();
  // Contexts list squads in the order the data first names them (then years, ascending).
  const squadOrder = new Map<string, number>();
  for (const r of raws) {
    for (const stint of stintsOf(r)) {
      if (!squadOrder.has(squadOf(stint))) squadOrder.set(squadOf(stint), squadOrder.size);
      for (const u of unitsOf(stint)) {
        const key = `${u.squad}|${u.unit}`;
        let at = units.get(key);
        if (!at) {
          at = { squad: u.squad, year: u.year, ids: new Set() };
          units.set(key, at);
        }
        at.ids.add(r.id);
      }
    }
  }
  type Shared = { squad: string; year: number };
  const shared = new Map<string, Map<string, Map<string, Shared>>>();
  for (const r of raws) shared.set(r.id, new Map());
  for (const { squad, year, ids } of units.values()) {
    if (ids.size < 2) continue;
    const context = `${squad} ${year}`;
    for (const a of ids) {
      const row = shared.get(a)!;
      for (const b of ids) {
        if (a === b) continue;
        let contexts = row.get(b);
        if (!contexts) {
          contexts = new Map();
          row.set(b, contexts);
        }
        contexts.set(context, { squad, year });
      }
    }
  }
  const names = new Map(raws.map((r) => [r.id, r.name]));
  const byOrder = ([, x]: [string, Shared], [, y]: [string, Shared]) =>
    squadOrder.get(x.squad)! - squadOrder.get(y.squad)! || x.year - y.year;
  const out = new Map<string, TeammateEntry[]>();
  for (const [id, row] of shared) {
    const entries = [...row.entries()]
      .map(([other, ctxs]) => ({
        playerId: other,
        playerName: names.get(other)!,
        contexts: compactContexts([...ctxs.entries()].sort(byOrder).map(([c]) => c)),
      }))
      .sort((x, y) => x.playerId.localeCompare(y.playerId));
    out.set(id, entries);
  }
  return out;
}

/** Turns raw records into the document's `CricketPlayer`s, teammates included. */
export function buildPlayers(raws: readonly RawPlayer[]): CricketPlayer[] {
  const teammates = deriveTeammates(raws);
  return raws.map((r) => {
    const code = COUNTRY_CODE_OF[r.country];
    const player: CricketPlayer = {
      id: r.id,
      name: r.name,
      country: r.country,
      countryCode: code,
      countryFlag: COUNTRY_FLAGS[code],
      iplTeams: [...r.ipl],
      teamColor: teamColorOf(r),
      primaryRole: r.role,
      formats: formatsOf(r),
      stats: statsOf(r),
      trophies: [...r.trophies],
      teammates: teammates.get(r.id) ?? [],
    };
    if (r.jersey !== undefined) player.jerseyNumber = r.jersey;
    return player;
  });
}
