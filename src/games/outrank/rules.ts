import { defineGame, UNCHANGED } from "../../engine/game";
import { seedRng } from "../../engine/rng";
import type { GameRules } from "../../engine/rules";
import { apply } from "./apply";
import type { Catalog } from "./catalog";
import { Ctx } from "./context";
import { workingCopy } from "./copy";
import { OutrankOptions } from "./options";
import { applyPresence, planPresence } from "./presence";
import { applyPatch, DEFAULT_SETTINGS } from "./settings";
import { settle } from "./settle";
import { MAX_PLAYERS, type OutrankState } from "./state";
import { deadlines, fire } from "./timers";
import { validate } from "./validate";
import { gameView } from "./view";
import { Action } from "./wire";

export const OUTRANK_ID = "outrank";

/**
 * The Outrank rules (the design document as settled in docs/games/outrank.md, "Decisions"),
 * assembled by the engine from their parts. `catalog` is the content the rooms are played
 * with, built once outside the rules (index.ts), so the rules never touch the disk.
 */
export function createOutrankRules(catalog: Catalog): GameRules<OutrankState, Action, OutrankOptions> {
  return defineGame({
    id: OUTRANK_ID,
    // Seats are offered in order and a seat that left is never reused, so the platform may
    // need to offer more seats than a table holds; the rules refuse the seventh player.
    seats: { min: 1, max: 4 * MAX_PLAYERS },
    options: OutrankOptions,
    intent: Action,

    setup: ({ roomId, options, seed, now, timeScale }): OutrankState => ({
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
    }),

    copy: workingCopy,
    context: (s, now) => new Ctx(s, now, catalog),
    validate: (s, from, action) => {
      const resolved = validate(s, from, action, catalog);
      return "error" in resolved ? resolved : resolved.noop ? UNCHANGED : resolved;
    },
    apply: (ctx, _from, action, resolved) => apply(ctx, action, resolved),
    presence: {
      plan: (s, p) => {
        const plan = planPresence(s, p);
        return "kind" in plan && plan.kind === "noop" ? UNCHANGED : plan;
      },
      apply: (ctx, p, plan) => applyPresence(ctx, p.seat, plan),
    },
    deadlines,
    fire,
    settle,
    // Events first, then every seat's new view.
    finish: (ctx) => ctx.views(),
    view: (s, seat, now) => ({ type: "state", state: gameView(s, seat, now, catalog) }),
    stage: (s) => (s.phase === "lobby" ? "lobby" : s.phase === "gameEnd" ? "over" : "playing"),
  });
}
