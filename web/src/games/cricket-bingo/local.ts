import { forget, store, stored } from "../../kit/storage";
import type { GridSize, Mode } from "./wire";

/**
 * What this browser keeps for Cricket Bingo: the signed player token the server issued (it
 * proves the attempts are ours), the game on screen (so a refresh resumes it), the last
 * choices of size and mode, and a note of each finished game for the archive's ticks.
 */
const TOKEN = "parlor.bingo.token";
const CURRENT = "parlor.bingo.current";
const PREFS = "parlor.bingo.prefs";
const RESULTS = "parlor.bingo.results";

export const playerToken = (): string | null => stored(TOKEN);
export const savePlayerToken = (t: string): void => store(TOKEN, t);
export const forgetPlayerToken = (): void => forget(TOKEN);

/** One attempt: a day and a size (docs/games/cricket-bingo.md, Decisions D7: one each), played in one mode. */
export interface Attempt {
  date: string;
  size: GridSize;
  mode: Mode;
}

const isSize = (n: unknown): n is GridSize => n === 3 || n === 4;
const isMode = (m: unknown): m is Mode => m === "classic" || m === "assisted";

function readJson(key: string): unknown {
  try {
    return JSON.parse(stored(key) ?? "null");
  } catch {
    return null;
  }
}

/** The attempt on screen for `date`, if the player had one open there. */
export function currentAttempt(date: string): Attempt | null {
  const a = readJson(CURRENT) as Partial<Attempt> | null;
  if (!a || a.date !== date || !isSize(a.size) || !isMode(a.mode)) return null;
  return { date: a.date, size: a.size, mode: a.mode };
}
export const saveCurrentAttempt = (a: Attempt): void => store(CURRENT, JSON.stringify(a));
export const forgetCurrentAttempt = (): void => forget(CURRENT);

export interface Prefs {
  size: GridSize;
  mode: Mode;
}
export function prefs(): Prefs {
  const p = readJson(PREFS) as Partial<Prefs> | null;
  return { size: isSize(p?.size) ? p.size : 3, mode: isMode(p?.mode) ? p.mode : "classic" };
}
export const savePrefs = (p: Prefs): void => store(PREFS, JSON.stringify(p));

/** A finished game as the archive lists it. */
export interface LocalResult {
  status: "won" | "lost";
  score: number;
  /** The mode it was played in (absent in notes from before one attempt covered both modes). */
  mode?: Mode;
}
/** Keyed by day and size: one attempt each, whatever its mode (older keys also carry a mode). */
export const attemptKey = (a: Pick<Attempt, "date" | "size">): string => `${a.date}:${a.size}`;

export function localResults(): Record<string, LocalResult> {
  const r = readJson(RESULTS);
  return r && typeof r === "object" ? (r as Record<string, LocalResult>) : {};
}
export function saveLocalResult(a: Attempt, r: LocalResult): void {
  const all = localResults();
  all[attemptKey(a)] = { ...r, mode: a.mode };
  // Keep the list small: the newest 120 attempts are plenty for an archive of recent days.
  const keys = Object.keys(all).sort().slice(-120);
  store(RESULTS, JSON.stringify(Object.fromEntries(keys.map((k) => [k, all[k]]))));
}
