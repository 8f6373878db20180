/**
 * A content set (questions, players, cards, tokens…) and the checks that keep it honest.
 * `npm run content:check` runs every registered set and fails on any miss.
 */
export interface ContentCount {
  label: string;
  value: number;
  min: number;
}

export interface ContentCheck {
  name: string;
  ok: boolean;
  /** What went wrong, for people: the first few offending items. */
  detail?: string;
}

export interface ContentSet {
  game: string;
  name: string;
  /** The date the facts in this set are correct as of (YYYY-MM-DD). */
  asOf: string;
  counts(): ContentCount[];
  checks(): ContentCheck[];
}

/** Helper: a check that passes when `problems` is empty and shows the first few otherwise. */
export function check(name: string, problems: readonly string[]): ContentCheck {
  return problems.length === 0
    ? { name, ok: true }
    : { name, ok: false, detail: `${problems.length} problem(s): ${problems.slice(0, 5).join("; ")}` };
}
