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

/**
 * Put chosen tokens on the table (tests only): `center` becomes the center and `pool`
 * the first draft-pool tokens; whatever they displace goes where they came from (or, for a
 * token this game's box left out, out of the box), so every token is still in exactly one
 * place and the box keeps its size.
 */
export function rig(t: T, want: { center?: string; pool?: string[] }): void {
  const s = t.state;
  const cat = s.poolCategory;
  if (cat === null || s.center === null) throw new Error("no pool on the table");
  const supply = (s.supply[cat] ?? []).slice();
  let center = s.center;
  const pool = s.pool.slice();
  const swapIn = (id: string, put: (old: string) => void, old: string) => {
    if (id === old) return;
    const inSupply = supply.indexOf(id);
    const inPool = pool.indexOf(id);
    if (inSupply >= 0) supply[inSupply] = old;
    else if (inPool >= 0) pool[inPool] = old;
    else if (center === id) center = old;
    else if (catalog.tokens.get(id)?.category !== cat || everyToken(s).includes(id))
      throw new Error(`${id} is not in the ${cat} supply or on the table`);
    // Not in this game's box: it takes the displaced token's place in the box.
    put(id);
  };
  if (want.center !== undefined) swapIn(want.center, (id) => (center = id), center);
  (want.pool ?? []).forEach((id, k) => {
    swapIn(id, (x) => (pool[k] = x), pool[k] as string);
  });
  const revealed = s.revealed.map((id) => (id === s.center ? center : id));
  t.state = { ...s, center, pool, supply: { ...s.supply, [cat]: supply }, revealed };
}

/** A token id by its name (tests read the content like a player reads the box). */
export function tokenNamed(name: string): string {
  for (const tok of catalog.tokens.values()) if (tok.public.name === name) return tok.id;
  throw new Error(`no token named ${name}`);
}

/** Move tokens from the supply into a player's hand or this-round pile (tests only). */
export function give(t: T, playerId: string, ids: string[], where: "hand" | "thisRound" = "hand"): void {
  const s = t.state;
  const supply: Record<string, string[]> = {};
  for (const [cat, list] of Object.entries(s.supply)) supply[cat] = list.filter((id) => !ids.includes(id));
  const found = Object.values(s.supply)
    .flat()
    .filter((id) => ids.includes(id));
  if (found.length !== ids.length) throw new Error(`not all of ${ids.join(", ")} are in the supply`);
  const players = s.players.map((p) => (p.id === playerId ? { ...p, [where]: [...p[where], ...ids] } : p));
  t.state = { ...s, supply, players };
}

const tagged = (id: string, tag: string) => catalog.tokens.get(id)?.tagValues.includes(tag) === true;

/**
 * `n` tokens of a category in the supply that carry `tag`. When this game's box holds too
 * few, tokens the box left out take the places of untagged ones in the supply (the box keeps
 * its size).
 */
export function suppliedWithTag(t: T, category: string, tag: string, n: number): string[] {
  const s = t.state;
  const supply = (s.supply[category] ?? []).slice();
  const inGame = new Set(everyToken(s));
  const outside = (catalog.byCategory[category] ?? []).filter((id) => !inGame.has(id) && tagged(id, tag));
  for (let k = 0; k < supply.length && supply.filter((id) => tagged(id, tag)).length < n; k++)
    if (!tagged(supply[k] as string, tag) && outside.length > 0) supply[k] = outside.shift() as string;
  t.state = { ...s, supply: { ...s.supply, [category]: supply } };
  const out = supply.filter((id) => tagged(id, tag));
  if (out.length < n) throw new Error(`only ${out.length} ${category} tokens tagged ${tag} in the content`);
  return out.slice(0, n);
}

/** Change players' numbers directly (tests only), e.g. to set up a tiebreak. */
export function patchPlayer(t: T, id: string, patch: Partial<Player>): void {
  t.state = { ...t.state, players: t.state.players.map((p) => (p.id === id ? { ...p, ...patch } : p)) };
}

/** Leave only `keep` tokens in a category's supply; the rest are retired (still one place each). */
export function drainSupply(t: T, category: string, keep: number): void {
  const s = t.state;
  const list = s.supply[category] ?? [];
  t.state = {
    ...s,
    supply: { ...s.supply, [category]: list.slice(0, keep) },
    retired: [...s.retired, ...list.slice(keep)],
  };
}
