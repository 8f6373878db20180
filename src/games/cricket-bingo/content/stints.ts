import { COUNTRY_NAMES, type CountryName, FORMATS, type Format, IPL_CODES, type IplCode } from "./schema";

/**
 * A squad stint, with the months of its first and last match:
 * `"India ODI 2008-08..2019-07"` (a national side in one format; one month alone,
 * `"India T20I 2006-12"`, when both fall in it) or `"MI 2019"` / `"MI 2008-2010"`
 * (IPL seasons: each season is one tournament, and its months come from
 * `IPL_SEASONS`). `from`/`to` are the calendar years the stint touches; `first`/`last`
 * are month numbers (see `monthNumber`).
 */
export type Stint =
  | { kind: "national"; country: CountryName; format: Format; from: number; to: number; first: number; last: number }
  | { kind: "ipl"; team: IplCode; from: number; to: number };

/** The earliest year a stint may name, and the last month the data covers (as of 2025-01-01). */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2024;
export const LAST_MONTH = "2024-12";
export const FIRST_IPL_SEASON = 2008;

/**
 * First and last match month of every IPL season the data covers. 2020 was played in the
 * UAE in the autumn; 2021 was suspended in May and finished in the UAE in October.
 */
export const IPL_SEASONS: Record<number, readonly [first: string, last: string]> = {
  2008: ["2008-04", "2008-06"],
  2009: ["2009-04", "2009-05"],
  2010: ["2010-03", "2010-04"],
  2011: ["2011-04", "2011-05"],
  2012: ["2012-04", "2012-05"],
  2013: ["2013-04", "2013-05"],
  2014: ["2014-04", "2014-06"],
  2015: ["2015-04", "2015-05"],
  2016: ["2016-04", "2016-05"],
  2017: ["2017-04", "2017-05"],
  2018: ["2018-04", "2018-05"],
  2019: ["2019-03", "2019-05"],
  2020: ["2020-09", "2020-11"],
  2021: ["2021-04", "2021-10"],
  2022: ["2022-03", "2022-05"],
  2023: ["2023-03", "2023-05"],
  2024: ["2024-03", "2024-05"],
};

/** "2005-03" as a number that orders months: year × 12 + month − 1. Null when malformed. */
export function monthNumber(ym: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(ym);
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return Number(m[1]) * 12 + month - 1;
}

/** The inverse of `monthNumber`. */
export function monthText(n: number): string {
  const y = Math.floor(n / 12);
  return `${y}-${String((n % 12) + 1).padStart(2, "0")}`;
}

const countries = COUNTRY_NAMES.join("|");
const national = new RegExp(`^(${countries}) (${FORMATS.join("|")}) (\\d{4}-\\d{2})(?:\\.\\.(\\d{4}-\\d{2}))?$`);
const ipl = new RegExp(`^(${IPL_CODES.join("|")}) (\\d{4})(?:-(\\d{4}))?$`);

/** Parses a stint, or explains why it cannot. */
export function parseStint(text: string): Stint | string {
  const n = national.exec(text);
  if (n) {
    const first = monthNumber(n[3]!);
    const last = monthNumber(n[4] ?? n[3]!);
    if (first === null || last === null) return `"${text}" names a month that does not exist`;
    if (n[4] !== undefined && last <= first) return `"${text}" has a range that does not run forwards`;
    const from = Math.floor(first / 12);
    if (from < FIRST_YEAR || last > monthNumber(LAST_MONTH)!)
      return `"${text}" falls outside ${FIRST_YEAR}-${LAST_MONTH}`;
    return {
      kind: "national",
      country: n[1] as CountryName,
      format: n[2] as Format,
      from,
      to: Math.floor(last / 12),
      first,
      last,
    };
  }
  const i = ipl.exec(text);
  if (!i)
    return `"${text}" is neither "<Country> <Format> <YYYY-MM>[..<YYYY-MM>]" nor "<IPL code> <season>[-<season>]"`;
  const from = Number(i[2]);
  const to = Number(i[3] ?? from);
  if (from < FIRST_IPL_SEASON || to > LAST_YEAR) return `"${text}" falls outside ${FIRST_IPL_SEASON}-${LAST_YEAR}`;
  if (i[3] !== undefined && to <= from) return `"${text}" has a range that does not run forwards`;
  return { kind: "ipl", team: i[1] as IplCode, from, to };
}

/** The squad a stint names, without its dates: "India ODI" or "MI". */
export function squadOf(s: Stint): string {
  return s.kind === "national" ? `${s.country} ${s.format}` : s.team;
}

/** A span of months, both ends included. */
export interface Period {
  first: number;
  last: number;
}

/** The months a stint's matches fall within: one span, or one per IPL season. */
export function periodsOf(s: Stint): Period[] {
  if (s.kind === "national") return [{ first: s.first, last: s.last }];
  const out: Period[] = [];
  for (let y = s.from; y <= s.to; y++) {
    const season = IPL_SEASONS[y];
    if (season) out.push({ first: monthNumber(season[0])!, last: monthNumber(season[1])! });
  }
  return out;
}

/**
 * The years in which two stints of the same squad overlap in time; empty when they name
 * different squads or their months never meet. This is what makes two players teammates.
 */
export function sharedYears(a: Stint, b: Stint): number[] {
  if (squadOf(a) !== squadOf(b)) return [];
  const years = new Set<number>();
  for (const p of periodsOf(a)) {
    for (const q of periodsOf(b)) {
      const first = Math.max(p.first, q.first);
      const last = Math.min(p.last, q.last);
      for (let y = Math.floor(first / 12); first <= last && y <= Math.floor(last / 12); y++) years.add(y);
    }
  }
  return [...years].sort((x, y) => x - y);
}

/**
 * Folds per-year contexts back into ranges, squad by squad in first-seen order:
 * ["MI 2019", "MI 2020", "India ODI 2018"] becomes ["MI 2019-2020", "India ODI 2018"].
 */
export function compactContexts(contexts: readonly string[]): string[] {
  const years = new Map<string, number[]>();
  for (const c of contexts) {
    const cut = c.lastIndexOf(" ");
    const squad = c.slice(0, cut);
    years.set(squad, [...(years.get(squad) ?? []), Number(c.slice(cut + 1))]);
  }
  const out: string[] = [];
  for (const [squad, ys] of years) {
    const sorted = [...new Set(ys)].sort((a, b) => a - b);
    let start = sorted[0]!;
    let prev = start;
    for (const y of [...sorted.slice(1), Number.NaN]) {
      if (y === prev + 1) {
        prev = y;
        continue;
      }
      out.push(start === prev ? `${squad} ${start}` : `${squad} ${start}-${prev}`);
      start = y;
      prev = y;
    }
  }
  return out;
}
