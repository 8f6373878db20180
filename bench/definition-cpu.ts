/**
 * In-process CPU cost of a Card Table definition game played by bots choosing random legal
 * actions (no server, no database): per step, the rules' act or tick, then what the room
 * host does when publishing (one "update" view per seat and the spectators', JSON-encoded).
 *
 *   npx tsx bench/definition-cpu.ts [--definition crazy-eights] [--seats 4] [--steps 3000]
 *
 * `npm run bench:cards` prints its Crazy Eights line from here.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { isRuleError } from "../src/engine/errors";
import { rngNext, seedRng } from "../src/engine/rng";
import { SYSTEM } from "../src/engine/rules";
import { shippedPacks } from "../src/games/card-table/content/shipped";
import { type LegalAction, withRandomChoice } from "../src/games/card-table/legal-actions";
import { createCardTableRules } from "../src/games/card-table/rules";
import type { CardTableState } from "../src/games/card-table/state";
import { legalActionsFor } from "../src/games/card-table/view";

export interface DefinitionCpu {
  steps: number;
  actUs: number;
  viewUs: number;
  jsonUs: number;
  bytesPerView: number;
}

export function definitionCpu(definition: string, seats: number, steps: number, seed = "bench"): DefinitionCpu {
  const shipped = new Map(shippedPacks().map((p) => [p.id, p]));
  const rules = createCardTableRules((id) => shipped.get(id));
  const seatIds = Array.from({ length: seats }, (_, i) => `P${i + 1}`);
  const viewers: (string | null)[] = [...seatIds, null];
  const rng = seedRng(seed);
  let now = 1_700_000_000_000;
  let s = rules.setup({
    roomId: "BENCH1",
    options: rules.options.parse({ definition, settings: {} }),
    seed,
    now,
    timeScale: 1,
  });
  const t = { steps: 0, act: 0, view: 0, json: 0, bytes: 0 };
  const step = (from: string, intent: unknown, parse = true) => {
    const a = performance.now();
    const r = rules.act(s, from, parse ? rules.intent.parse(intent) : (intent as never), now);
    t.act += performance.now() - a;
    if (isRuleError(r)) throw new Error(`refused ${JSON.stringify(intent)}: ${r.error.code}`);
    publish(r.state as CardTableState);
  };
  const publish = (next: CardTableState) => {
    s = next;
    t.steps++;
    for (const v of viewers) {
      const a = performance.now();
      const view = rules.view(s, v, now, "update");
      const b = performance.now();
      t.bytes += JSON.stringify(view).length;
      t.view += b - a;
      t.json += performance.now() - b;
    }
  };
  for (const id of seatIds) step(SYSTEM, { type: "@presence", seat: id, status: "joined", name: id }, false);
  while (t.steps < steps) {
    if (s.status === "lobby") step("P1", { type: "startGame" });
    else if (s.status === "ended") step("P1", { type: "setPhase", phaseId: s.definition.initialPhase });
    else {
      // What each seat may do, without rendering its view a second time (publish times those).
      const options: { seat: string; a: LegalAction }[] = [];
      for (const id of seatIds) for (const a of legalActionsFor(s, id)) options.push({ seat: id, a });
      if (options.length === 0) {
        now = Math.max(now, rules.due(s) ?? now);
        const a = performance.now();
        const r = rules.tick(s, now);
        t.act += performance.now() - a;
        publish(r.state as CardTableState);
        continue;
      }
      const { seat, a } = options[rngNext(rng) % options.length]!;
      now += 1000;
      step(seat, withRandomChoice(a, rng));
    }
  }
  const per = (ms: number) => (ms * 1000) / t.steps;
  return {
    steps: t.steps,
    actUs: per(t.act),
    viewUs: per(t.view),
    jsonUs: per(t.json),
    bytesPerView: t.bytes / t.steps / viewers.length,
  };
}

/** One line for a report: the best of `repeat` runs after a warm-up. */
export function definitionCpuLine(definition: string, seats: number, steps = 3000, repeat = 3): string {
  definitionCpu(definition, seats, Math.min(steps, 1000), "warm");
  const runs = Array.from({ length: repeat }, (_, i) => definitionCpu(definition, seats, steps, `bench-${i}`));
  const best = (f: (r: DefinitionCpu) => number) => Math.min(...runs.map(f)).toFixed(1);
  return (
    `${definition} (in process, ${seats} seats + spectator, ${steps} steps, best of ${repeat}): ` +
    `act ${best((r) => r.actUs)} µs, views ${best((r) => r.viewUs)} µs, stringify ${best((r) => r.jsonUs)} µs per step; ` +
    `${Math.round(runs[0]!.bytesPerView)} bytes per view`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      definition: { type: "string", default: "crazy-eights" },
      seats: { type: "string", default: "4" },
      steps: { type: "string", default: "3000" },
    },
  });
  console.log(definitionCpuLine(values.definition, Number(values.seats), Number(values.steps)));
}
