import { isRuleError } from "../../engine/errors";
import { rngNext, seedRng } from "../../engine/rng";
import { SYSTEM } from "../../engine/rules";
import type { CardPack } from "./content/schema";
import type { GameDefinition } from "./definition";
import { type LegalAction, withRandomChoice } from "./legal-actions";
import { createCardTableRules } from "./rules";
import type { CardTableState } from "./state";
import { legalActionsFor } from "./view";

/**
 * A trial game of a definition before it is accepted: the fewest players it allows (at
 * least two, one more if it needs a judge), each choosing at random among the actions its
 * view lists, timers fired when nobody can act. It must end, within a number of moves and a
 * time budget, without the rules refusing an action they listed: a definition that stalls,
 * loops or contradicts itself is turned away at upload, not found out by a table. It gives
 * the event loop back every few milliseconds, so the rooms a server is running carry on meanwhile.
 */
export type TrialResult = { ok: true; moves: number } | { ok: false; why: string };

export interface TrialLimits {
  maxMoves: number;
  /** Milliseconds the whole trial may take (checked between moves). */
  budgetMs: number;
  /** The clock the budget is measured on. */
  clock: () => number;
}

export const TRIAL_LIMITS: TrialLimits = { maxMoves: 3_000, budgetMs: 10_000, clock: () => performance.now() };
/**
 * Milliseconds of trial between two yields to the event loop: by time, not by moves, since
 * one definition's move may cost a hundred times another's (and a slice of 20 moves of a
 * long game was measured at 10–15 ms, which every other room's input waited out).
 */
const SLICE_MS = 4;
const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface TrialTable {
  /** The packs the table may deal from, by id. */
  packs(id: string): CardPack | undefined;
  /** Settings over the definition's defaults (the packs to use, when it names none). */
  settings?: Record<string, unknown>;
}

export async function trialGame(
  def: GameDefinition,
  table: TrialTable,
  seed: string,
  limits: TrialLimits = TRIAL_LIMITS,
): Promise<TrialResult> {
  const rules = createCardTableRules(
    (id, source) => (source === undefined ? table.packs(id) : undefined),
    (ref) => (ref === def.id ? def : undefined),
  );
  const started = limits.clock();
  let now = 1_000_000;
  const parsed = rules.options.safeParse({ definition: def.id, settings: table.settings ?? {} });
  if (!parsed.success) return { ok: false, why: `its options do not hold: ${parsed.error.issues[0]?.message}` };
  let s = rules.setup({ roomId: "TRIAL1", options: parsed.data, seed, now, timeScale: 1 });
  const players = Math.max(def.minPlayers, def.judging ? 3 : 2);
  if (players > def.maxPlayers) return { ok: false, why: "it allows fewer players than it needs" };
  // Player intents are parsed as the host parses them at the door; presence comes from the platform as it is.
  const apply = (from: string, intent: unknown): string | null => {
    const step = rules.act(s, from, from === SYSTEM ? (intent as never) : rules.intent.parse(intent), now);
    if (isRuleError(step)) return step.error.code;
    s = step.state as CardTableState;
    return null;
  };
  for (let i = 1; i <= players; i++) {
    const refused = apply(SYSTEM, { type: "@presence", seat: `P${i}`, status: "joined", name: `Bot ${i}` });
    if (refused) return { ok: false, why: `a player could not sit down (${refused})` };
  }
  const start = apply("P1", { type: "startGame" });
  if (start) return { ok: false, why: `the game could not start (${start})` };
  const rng = seedRng(`trial-${seed}`);
  let slice = limits.clock();
  for (let moves = 0; moves < limits.maxMoves; moves++) {
    if (s.status === "ended") return { ok: true, moves };
    if (limits.clock() - slice >= SLICE_MS) {
      await yieldNow();
      slice = limits.clock();
    }
    if (limits.clock() - started > limits.budgetMs)
      return { ok: false, why: `it did not end within ${limits.budgetMs} ms (${moves} moves)` };
    const options: { seat: string; a: LegalAction }[] = [];
    for (const p of s.players) for (const a of legalActionsFor(s, p.id)) options.push({ seat: p.id, a });
    if (options.length === 0) {
      const due = rules.due(s);
      if (due === null) return { ok: false, why: `nobody can act in phase ${s.currentPhase} and nothing is due` };
      now = Math.max(now, due);
      s = rules.tick(s, now).state as CardTableState;
      continue;
    }
    const { seat, a } = options[rngNext(rng) % options.length] as { seat: string; a: LegalAction };
    const refused = apply(seat, withRandomChoice(a, rng));
    if (refused)
      return {
        ok: false,
        why: `it listed ${a.type} for ${seat} in phase ${s.currentPhase}, then refused it (${refused})`,
      };
  }
  return { ok: false, why: `it did not end within ${limits.maxMoves} moves` };
}

/**
 * For a definition that names no packs of its own (its tables choose them, as CAH's and the
 * sandbox's do): a stand-in pack of plain cards for each card type its decks take, so its
 * trial has something to deal. A definition that reads card properties names its packs.
 */
export function standInPacks(def: GameDefinition, perType = 120): CardPack[] {
  const types = [...new Set(Object.values(def.decks).map((d) => d.cardType))];
  return types.map((type) => ({
    id: `trial-${type}`,
    name: `Trial ${type} cards`,
    official: false,
    cards: {
      [type]: Array.from({ length: perType }, (_, i) => ({
        id: `trial-${type}-${i + 1}`,
        type,
        properties: { text: `Card ${i + 1}` },
      })),
    },
  }));
}
