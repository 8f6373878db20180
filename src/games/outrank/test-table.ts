import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { outrankCatalog, outrankRules } from "./index";
import type { SettingsPatch } from "./settings";
import type { OutrankState, Player } from "./state";
import type { OutrankView } from "./wire";

export const rules = outrankRules;
export const catalog = outrankCatalog;
export type T = Table<OutrankState>;

export interface TableInit {
  players?: number;
  settings?: SettingsPatch;
  mode?: "online" | "table";
  seed?: string;
  timeScale?: number;
  start?: boolean;
  names?: string[];
}

export const seat = (n: number) => `P${n}`;

export function join(t: T, n: number, name = `Player ${n}`): void {
  t.must(SYSTEM, { type: "@presence", seat: seat(n), status: "joined", name });
}

export function presence(t: T, seatId: string, status: "joined" | "connected" | "disconnected" | "left"): void {
  t.must(SYSTEM, { type: "@presence", seat: seatId, status });
}

/**
 * An online table with `players` seated (P1 first, so P1 leads), started unless `start:
 * false`. Table mode: P1 is the device and the names are its local players.
 */
export function outrankTable(init: TableInit = {}): T {
  const t = new Table<OutrankState>(rules, {
    options: { settings: { roundEndSeconds: 0, ...init.settings }, mode: init.mode ?? "online" },
    seed: init.seed ?? "outrank-seed",
    timeScale: init.timeScale ?? 1,
  });
  const n = init.players ?? 2;
  const names = init.names ?? Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
  if (init.mode === "table") {
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined", name: names[0] });
    for (const name of names.slice(1)) t.must("P1", { type: "addPlayer", name });
  } else {
    names.forEach((name, i) => {
      join(t, i + 1, name);
    });
  }
  if (init.start !== false) t.must("P1", { type: "startGame" });
  return t;
}

export function player(t: T, id: string): Player {
  const p = t.state.players.find((x) => x.id === id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
}

export const current = (t: T): Player => {
  const p = t.state.players[t.state.current];
  if (!p) throw new Error("nobody's turn");
  return p;
};

export const viewOf = (t: T, seatId: string | null): OutrankView => (t.view(seatId) as { state: OutrankView }).state;

/** The seat that acts for a player. */
export const seatOf = (t: T, id: string): string => player(t, id).seat;

/** The First Guesser picks the first challenge on offer (or the given one). */
export function choose(t: T, challengeId?: string): void {
  const s = t.state;
  const chooser = s.players[s.firstGuesser];
  if (!chooser) throw new Error("no First Guesser");
  const id = challengeId ?? viewOf(t, chooser.seat).challenges[0]?.id;
  t.must(chooser.seat, { type: "selectChallenge", challengeId: id });
}

/** A token's value under the current challenge (tests only: the server's knowledge). */
export function valueNow(t: T, tokenId: string): number {
  const stat = catalog.challengeById.get(t.state.challengeId ?? "")?.stat ?? "";
  const v = catalog.tokens.get(tokenId)?.stats[stat];
  if (v === undefined) throw new Error(`no value for ${tokenId}`);
  return v;
}

/** Every token id in the state, wherever it is: the conservation count. */
export function everyToken(s: OutrankState): string[] {
  const out: string[] = [];
  for (const list of Object.values(s.supply)) out.push(...list);
  if (s.center !== null) out.push(s.center);
  out.push(...s.pool, ...s.retired);
  for (const p of s.players) out.push(...p.hand, ...p.thisRound);
  return out;
}
