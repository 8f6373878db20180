import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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

/**
 * A set's problem lists, one per check: each key is a list to file offending items in, named
 * for people by `names`. `checks()` turns every list into its check, in the order named.
 */
export function findings<K extends string>(
  names: Readonly<Record<K, string>>,
): Record<K, string[]> & {
  checks(): ContentCheck[];
} {
  const lists = {} as Record<K, string[]>;
  for (const k of Object.keys(names) as K[]) lists[k] = [];
  return Object.assign(lists, {
    checks: () => (Object.keys(names) as K[]).map((k) => check(names[k], lists[k])),
  });
}

/** Every `*.json` file in `dir` (a game's shipped content), in file-name order, read and parsed. */
export function readJsonDir(dir: URL): { file: string; json: unknown }[] {
  const path = fileURLToPath(dir);
  return readdirSync(path)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, json: JSON.parse(readFileSync(join(path, file), "utf8")) }));
}
