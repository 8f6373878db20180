import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import type { CardPack } from "./content/schema";
import { createCardTableRules } from "./rules";
import type { SettingsPatch } from "./settings";
import { type CardTableState, RANDO } from "./state";
import { testPack } from "./test-packs";

/** The rules with no shipped library: tests bring their own packs inline. */
export const rules = createCardTableRules(() => undefined);

export interface CahInit {
  players?: number;
  settings?: SettingsPatch;
  packs?: CardPack[];
  seed?: string;
  timeScale?: number;
  start?: boolean;
}

export function seat(n: number): string {
  return `P${n}`;
}

export function join(t: Table<CardTableState>, n: number, name = `Player ${n}`): void {
  t.must(SYSTEM, { type: "@presence", seat: seat(n), status: "joined", name });
}

/** A CAH table with `players` seated (P1 first, so P1 leads), started unless `start: false`. */
export function cahTable(init: CahInit = {}): Table<CardTableState> {
  const packs = init.packs ?? [testPack()];
  const t = new Table<CardTableState>(rules, {
    options: {
      definition: "cah",
      settings: { packIds: packs.map((p) => p.id), ...init.settings },
      packs,
    },
    seed: init.seed ?? "cah-seed",
    timeScale: init.timeScale ?? 1,
  });
  for (let i = 1; i <= (init.players ?? 4); i++) join(t, i);
  if (init.start !== false) t.must(seat(1), { type: "startGame" });
  return t;
}

export const judge = (t: Table<CardTableState>): string => {
  const j = t.state.roles.judge;
  if (!j) throw new Error("no judge");
  return j;
};

export const player = (t: Table<CardTableState>, id: string) => {
  const p = t.state.players.find((x) => x.id === id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
};

export function drawPrompt(t: Table<CardTableState>): void {
  t.must(judge(t), { type: "draw", deckId: "black", count: 1, toZone: "prompt" });
}

/** The current prompt's pick. */
export function pick(t: Table<CardTableState>): number {
  return t.state.globalSlots.prompt?.[0]?.properties.pick ?? 1;
}

/** One player answers with the first `pick` cards of their hand, in hand order. */
export function submit(t: Table<CardTableState>, id: string, slot = "submission"): string[] {
  const cards = player(t, id)
    .hand.slice(0, pick(t))
    .map((c) => c.id);
  for (const cardId of cards) t.must(id, { type: "play", cardId, fromZone: "hand", toSlot: slot });
  return cards;
}

/** Every active non-judge player answers; returns who played which cards. */
export function submitAll(t: Table<CardTableState>, except: string[] = []): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const ids = t.state.players
    .filter((p) => !p.virtual && p.presence === "active" && p.id !== t.state.roles.judge && !except.includes(p.id))
    .map((p) => p.id);
  for (const id of ids) out[id] = submit(t, id);
  return out;
}

/** The display index of `id`'s entry, read from server state (tests only: it never leaves the server). */
export function indexOf(t: Table<CardTableState>, id: string, slot = "submission"): number {
  const i = (t.state.roundState.shuffledOrder ?? []).findIndex((e) => e.playerId === id && e.slot === slot);
  if (i < 0) throw new Error(`no entry for ${id}`);
  return i + 1;
}

/** Play a whole round in which `winner` wins (drawn, answered by everyone, judged). */
export function playRound(t: Table<CardTableState>, winner?: string): string {
  drawPrompt(t);
  submitAll(t);
  const w =
    winner ?? t.state.roundState.shuffledOrder?.find((e) => e.playerId !== t.state.roles.judge)?.playerId ?? RANDO;
  t.must(judge(t), { type: "selectWinner", index: indexOf(t, w) });
  return w;
}
