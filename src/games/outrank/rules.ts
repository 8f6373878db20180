import type { RuleError } from "../../engine/errors";
import { seedRng } from "../../engine/rng";
import { type From, type GameRules, isPresence, type PresenceIntent, type Step, SYSTEM } from "../../engine/rules";
import { apply } from "./apply";
import type { Catalog } from "./catalog";
import { refuse } from "./codes";
import { Ctx } from "./context";
import { workingCopy } from "./copy";
import { OutrankOptions } from "./options";
import { applyPresence, planPresence } from "./presence";
import { applyPatch, DEFAULT_SETTINGS } from "./settings";
import { settle } from "./settle";
import { MAX_PLAYERS, type OutrankState } from "./state";
import { due, fireDue } from "./timers";
import { validate } from "./validate";
import { gameView } from "./view";
import { Action } from "./wire";

export const OUTRANK_ID = "outrank";

function describe(err: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const i = err.issues[0];
  return i ? `${i.path.map(String).join(".") || "action"}: ${i.message}` : "invalid action";
}

/**
 * The Outrank rules (seeds/outrank.md as settled by RULINGS Outrank 1–6): pure functions of
 * (state, input, now). `catalog` is the content the rooms are played with, built once
 * outside the rules (index.ts), so the rules never touch the disk.
 */
export function createOutrankRules(catalog: Catalog): GameRules<OutrankState, Action, OutrankOptions> {
  return {
    id: OUTRANK_ID,
    // Seats are offered in order and a seat that left is never reused, so the platform may
    // need to offer more seats than a table holds; the rules refuse the seventh player.
    seats: { min: 1, max: 4 * MAX_PLAYERS },
    options: OutrankOptions,
    intent: Action,

    setup({ roomId, options, seed, now, timeScale }) {
      return {
        v: 1,
        roomId,
        mode: options.mode,
        content: catalog.version,
        settings: applyPatch(DEFAULT_SETTINGS, options.settings),
        createdAt: now,
        timeScale,
        phase: "lobby",
        pause: null,
        round: 0,
        players: [],
        lead: null,
        device: null,
        current: -1,
        firstGuesser: -1,
        markerTaken: false,
        challengeId: null,
        poolCategory: null,
        center: null,
        pool: [],
        supply: {},
        retired: [],
        revealed: [],
        revealedStat: null,
        lastToPass: -1,
        turns: 0,
        totalTurns: 0,
        turnDeadline: null,
        phaseDeadline: null,
        startedAt: null,
        endedAt: null,
        pausedMs: 0,
        result: null,
        gone: {},
        nextSeq: 0,
        rng: seedRng(seed),
      };
    },

    act(state, from: From, intent: Action | PresenceIntent, now): Step<OutrankState> | RuleError {
      if (isPresence(intent)) {
        if (from !== SYSTEM) return refuse("system_only", "Presence comes from the platform.");
        const plan = planPresence(state, intent);
        if ("error" in plan) return plan;
        // Nothing changes (a seat already connected connecting again): the very same state.
        if (plan.kind === "noop") return { state, out: [] };
        const ctx = new Ctx(workingCopy(state), now, catalog);
        applyPresence(ctx, intent.seat, plan);
        settle(ctx);
        return ctx.step();
      }
      if (from === SYSTEM) return refuse("not_a_player", "The platform does not play.");
      const parsed = Action.safeParse(intent);
      if (!parsed.success) return refuse("bad_action", describe(parsed.error));
      // Validation only reads, so a refusal costs no copy of the state.
      const resolved = validate(state, from, parsed.data, catalog);
      if ("error" in resolved) return resolved;
      if (resolved.noop) return { state, out: [] };
      const ctx = new Ctx(workingCopy(state), now, catalog);
      apply(ctx, parsed.data, resolved);
      settle(ctx);
      return ctx.step();
    },

    due,

    tick(state, now) {
      const at = due(state);
      if (at === null || at > now) return { state, out: [] };
      const ctx = new Ctx(workingCopy(state), at, catalog);
      fireDue(ctx, now);
      return ctx.step();
    },

    view: (state, seat, now) => ({ type: "state", state: gameView(state, seat, now, catalog) }),
    stage: (state) => (state.phase === "lobby" ? "lobby" : state.phase === "gameEnd" ? "over" : "playing"),
  };
}
