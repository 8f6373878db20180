import { defineGame, UNCHANGED } from "../../engine/game";
import { seedRng } from "../../engine/rng";
import type { GameRules } from "../../engine/rules";
import { Action } from "./actions";
import { apply } from "./apply";
import { Ctx } from "./context";
import { workingCopy } from "./copy";
import type { PackLibrary } from "./deck";
import { freshDice } from "./effects";
import { handoverRefusal } from "./handover";
import { readingOldStates } from "./legacy-state";
import {
  type CardTableOptions,
  cardTableOptions,
  type DefinitionLibrary,
  type LoggedOptions,
  resolveDefinition,
  shippedDefinitions,
} from "./options";
import { applyPresence, planPresence } from "./presence";
import { applyPatch } from "./settings";
import { type CardTableState, emptyRound, STATE_VERSION } from "./state";
import { settleTable } from "./table";
import { fire, timers } from "./timers";
import { validate } from "./validate";
import { gameView } from "./view";
import { playerOf } from "./zones";

export const CARD_TABLE_ID = "card-table";

function changesNothing(s: CardTableState, from: string, a: Action): boolean {
  switch (a.type) {
    case "setPresence":
      return playerOf(s, from)?.presence === a.presence;
    case "lockTable":
      return (s.locked ?? false) === a.locked;
    case "configure": {
      const next = applyPatch(s.settings, a.settings);
      return JSON.stringify(next) === JSON.stringify(s.settings);
    }
    default:
      return false;
  }
}

/**
 * The Card Table rules: one generic engine driven by a `GameDefinition`, assembled by the
 * platform's engine from its parts. `library` resolves card packs (shipped by id, stored
 * ones by id and version or hash) and is read when a game starts; `definitions` resolves the
 * room's definition reference at setup. Both read content the platform loaded before the
 * rules run (`prepare`).
 */
export function createCardTableRules(
  library: PackLibrary,
  definitions: DefinitionLibrary = shippedDefinitions,
): GameRules<CardTableState, Action, CardTableOptions> {
  const rules = defineGame({
    id: CARD_TABLE_ID,
    seats: { min: 1, max: 100 },
    options: cardTableOptions(definitions),
    intent: Action,

    setup({ roomId, options: parsed, seed, now, timeScale }): CardTableState {
      // A log's options, as stored: older rooms carried their definition and packs whole.
      const options = parsed as LoggedOptions;
      const definition = resolveDefinition(options, definitions);
      const settings = applyPatch(definition.defaultSettings, options.settings ?? {});
      const s: CardTableState = {
        v: STATE_VERSION,
        gameId: roomId,
        definitionId: definition.id,
        hostId: null,
        definition,
        status: "lobby",
        pause: null,
        pausedMs: 0,
        createdAt: now,
        settings,
        activeVariants: [...settings.activeVariants],
        roles: { lead: null, judge: null, turn: null },
        players: [],
        turnOrder: [],
        currentPhase: definition.initialPhase,
        phaseStartedAt: now,
        phaseDeadline: null,
        round: 0,
        decks: {},
        globalSlots: {},
        dice: {},
        faces: {},
        roundState: emptyRound(),
        history: [],
        gone: {},
        cardCount: 0,
        ...(options.packs?.length ? { inlinePacks: options.packs } : {}),
        ...(options.packRefs?.length ? { packRefs: options.packRefs } : {}),
        ...(options.inlineRefs?.length ? { inlineRefs: options.inlineRefs } : {}),
        nextSeq: 0,
        timeScale,
        rng: seedRng(seed),
      };
      s.dice = freshDice(s);
      return s;
    },

    copy: workingCopy,
    context: (s, now) => new Ctx(s, now, library),
    validate: (s, from, action) => {
      const err = validate(s, from, action, library);
      if (err) return err;
      // Accepted but changing nothing (a repeated presence, the same settings, the same lock):
      // the very state back, so the host neither logs nor publishes it.
      return changesNothing(s, from, action) ? UNCHANGED : from;
    },
    apply: (ctx, from, action) => {
      ctx.actor = from;
      apply(ctx, action);
    },
    presence: {
      plan: (s, p) => planPresence(s, p),
      apply: (ctx, p, plan) => applyPresence(ctx, p.seat, plan),
    },
    deadlines: timers,
    fire,
    settle: settleTable,
    // Each seat's view after the events.
    finish: (ctx) => ctx.views(),
    handover: handoverRefusal,
    stage: (state) => (state.status === "lobby" ? "lobby" : state.status === "ended" ? "over" : "playing"),
    // The definition never changes, so only a full sync (join, reconnect) carries it.
    view: (state, seat, now, sync) => ({
      type: "state",
      state: { ...gameView(state, seat, sync !== "update"), serverNow: now },
    }),
  });
  // Live states stored by older code are read in today's form (legacy-state.ts).
  return readingOldStates(rules);
}
