import { COUNTRY_NAMES, type CountryName, FORMATS, type Format, IPL_CODES, type IplCode } from "./schema";

/**
 * A squad stint: `"India ODI 2008-2019"` (a national side in one format) or `"MI 2019"`
 * (an IPL franchise). A range covers every year in it.
 */
export type Stint =
  | { kind: "national"; country: CountryName; format: Format; from: number; to: number }
  | { kind: "ipl"; team: IplCode; from: number; to: number };

/** The earliest and latest years a stint may name (the data covers the 1970s to the as-of date). */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2024;
export const FIRST_IPL_SEASON = 2008;

const countries = COUNTRY_NAMES.join("|");
const national = new RegExp(`^(${countries}) (${FORMATS.join("|")}) (\\d{4})(?:-(\\d{4}))?$`);
const ipl = new RegExp(`^(${IPL_CODES.join("|")}) (\\d{4})(?:-(\\d{4}))?$`);

/** Parses a stint, or explains why it cannot. */
export function parseStint(text: string): Stint | string {
  const n = national.exec(text);
  const i = n ? null : ipl.exec(text);
  if (!n && !i) return `"${text}" is neither "<Country> <Format> <year>[-<year>]" nor "<IPL code> <season>[-<season>]"`;
  const from = Number(n ? n[3] : i![2]);
  const to = Number((n ? n[4] : i![3]) ?? from);
  const first = n ? FIRST_YEAR : FIRST_IPL_SEASON;
  if (from < first || to > LAST_YEAR) return `"${text}" falls outside ${first}-${LAST_YEAR}`;
  if (to <= from && (n ? n[4] : i![3]) !== undefined) return `"${text}" has a range that does not run forwards`;
  return n
    ? { kind: "national", country: n[1] as CountryName, format: n[2] as Format, from, to }
    : { kind: "ipl", team: i![1] as IplCode, from, to };
}

/** The squad a stint names, without its years: "India ODI" or "MI". */
export function squadOf(s: Stint): string {
  return s.kind === "national" ? `${s.country} ${s.format}` : s.team;
}

/** One context per year of the stint: "India ODI 2018", "MI 2019". */
export function expandStint(s: Stint): string[] {
  const out: string[] = [];
  for (let y = s.from; y <= s.to; y++) out.push(`${squadOf(s)} ${y}`);
  return out;
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
