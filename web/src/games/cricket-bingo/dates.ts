/**
 * UTC dates for the daily puzzle (docs/games/cricket-bingo.md, Decisions D7): "today" is
 * the UTC date, a new puzzle comes out at every UTC midnight, and every earlier day can
 * be played for practice.
 */
const DAY_MS = 86_400_000;

export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const todayUtc = (now = Date.now()): string => utcDate(now);

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const addDays = (date: string, days: number): string => utcDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/** When the next puzzle comes out: the next UTC midnight. */
export function nextPuzzleAt(now = Date.now()): number {
  return (Math.floor(now / DAY_MS) + 1) * DAY_MS;
}

/** The `count` days before `today`, newest first. */
export const recentDays = (today: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addDays(today, -(i + 1)));

/** "Tue 24 Nov": short and unambiguous, written for the day in UTC whatever the local zone. */
export function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** "Tuesday 24 November 2026". */
export function longDayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** 3725 seconds → "1:02:05", the way a countdown to midnight reads. */
export function hms(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
}
