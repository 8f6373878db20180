import { createHash } from "node:crypto";
import { z } from "zod";
import { type GameRules, SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import type { Action } from "./actions";
import { loadDeckPacks, STANDARD_DECK } from "./content/decks";
import type { CardPack } from "./content/schema";
import type { GameDefinition } from "./definition";
import { builtinDefinition } from "./definitions/index";
import type { CardTableOptions } from "./options";
import { createCardTableRules } from "./rules";
import type { SettingsPatch } from "./settings";
import { type CardTableState, RANDO } from "./state";
import { testPack } from "./test-packs";
import type { GameStateView } from "./view";

/** Content the tests "stored", by hash, as the REST route stores what a new table brings. */
const sentPacks = new Map<string, CardPack>();
const sentDefinitions = new Map<string, GameDefinition>();
const hashOf = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("base64url");

/**
 * Tests write options the way a client sends a new table (`packs` and a `definition`
 * inline); like the REST route, this stores them and hands the rules references by hash.
 */
function referenced(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const { packs, definition, ...rest } = raw as { packs?: CardPack[]; definition?: unknown };
  const out: Record<string, unknown> = { ...rest };
  if (packs)
    out.inlineRefs = packs.map((p) => {
      const hash = hashOf(p);
      sentPacks.set(hash, p);
      return { id: p.id, hash };
    });
  if (definition && typeof definition === "object" && "phases" in definition) {
    const hash = hashOf(definition);
    sentDefinitions.set(hash, definition as GameDefinition);
    out.definition = { hash };
  } else if (definition !== undefined) out.definition = definition;
  return out;
}

const stored = createCardTableRules(
  (_id, source) => (source && "hash" in source ? sentPacks.get(source.hash) : undefined),
  (ref) => (typeof ref === "string" ? builtinDefinition(ref) : sentDefinitions.get(ref.hash)),
);

/** The rules with no shipped packs: tests bring their own, as a new table's packs. */
export const rules: GameRules<CardTableState, Action, CardTableOptions> = {
  ...stored,
  options: z.preprocess(referenced, stored.options) as unknown as typeof stored.options,
};

export interface CahInit {
  players?: number;
  settings?: SettingsPatch;
  packs?: CardPack[];
  seed?: string;
  timeScale?: number;
  start?: boolean;
  /** Another judged definition than CAH's (parsed: the tests' library hands it to the rules as it is). */
  definition?: GameDefinition;
}

export function seat(n: number): string {
  return `P${n}`;
}

export function join(t: Table<CardTableState>, n: number, name = `Player ${n}`): void {
  t.must(SYSTEM, { type: "@presence", seat: seat(n), status: "joined", name });
}

/** A CAH table (or `definition`'s) with `players` seated (P1 first, so P1 leads), started unless `start: false`. */
export function cahTable(init: CahInit = {}): Table<CardTableState> {
  const packs = init.packs ?? [testPack()];
  const t = new Table<CardTableState>(rules, {
    options: {
      definition: init.definition ?? "cah",
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

/** The shipped standard deck, sent with a table: the test rules have no shipped packs of their own. */
export const standardDeck = (): CardPack[] => loadDeckPacks().filter((p) => p.id === STANDARD_DECK);

/** A started table of the built-in `definition` with `players` seated (P1 first, so P1 starts). */
export function definitionTable(
  definition: string,
  players: number,
  seed: string,
  { settings = {}, packs }: { settings?: Record<string, unknown>; packs?: CardPack[] } = {},
): Table<CardTableState> {
  const t = new Table<CardTableState>(rules, { options: { definition, settings, ...(packs && { packs }) }, seed });
  for (let i = 1; i <= players; i++) join(t, i);
  t.must(seat(1), { type: "startGame" });
  return t;
}

/** The game as `seat` is shown it. */
export const stateView = (t: Table<CardTableState>, seat: string | null): GameStateView =>
  (t.view(seat) as { state: GameStateView }).state;

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
  const cards = player(t, id).hand.slice(0, pick(t));
  // A blank card is played with something written on it.
  for (const c of cards)
    t.must(id, {
      type: "play",
      cardId: c.id,
      fromZone: "hand",
      toSlot: slot,
      ...(c.properties.blank === true ? { text: `written by ${id}` } : {}),
    });
  return cards.map((c) => c.id);
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
