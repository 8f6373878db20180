import { type RuleError, refuse } from "../../engine/errors";
import { seedRng } from "../../engine/rng";
import { type From, type GameRules, isPresence, type PresenceIntent, type Step, SYSTEM } from "../../engine/rules";
import { Action } from "./actions";
import { apply } from "./apply";
import { Ctx, type PackLibrary } from "./context";
import { workingCopy } from "./copy";
import { freshDice } from "./effects";
import {
  type CardTableOptions,
  cardTableOptions,
  type DefinitionLibrary,
  type LoggedOptions,
  resolveDefinition,
  shippedDefinitions,
} from "./options";
import { presence } from "./presence";
import { applyPatch } from "./settings";
import { type CardTableState, emptyRound } from "./state";
import { settleTable } from "./table";
import { due, fireDue, timers } from "./timers";
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

function describe(err: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const i = err.issues[0];
  return i ? `${i.path.map(String).join(".") || "action"}: ${i.message}` : "invalid action";
}

/**
 * The Card Table rules: one generic engine driven by a `GameDefinition`. `library`
 * resolves card packs (shipped by id, stored ones by id and version or hash) and is read
 * when a game starts; `definitions` resolves the room's definition reference at setup.
 * Both read content the platform loaded before the rules run (`prepare`).
 */
export function createCardTableRules(
  library: PackLibrary,
  definitions: DefinitionLibrary = shippedDefinitions,
): GameRules<CardTableState, Action, CardTableOptions> {
  return {
    id: CARD_TABLE_ID,
    seats: { min: 1, max: 100 },
    options: cardTableOptions(definitions),
    intent: Action,

    setup({ roomId, options: parsed, seed, now, timeScale }) {
      // A log's options, as stored: older rooms carried their definition and packs whole.
      const options = parsed as LoggedOptions;
      const definition = resolveDefinition(options, definitions);
      const settings = applyPatch(definition.defaultSettings, options.settings ?? {});
      const s: CardTableState = {
        v: 1,
        gameId: roomId,
        definitionId: definition.id,
        hostId: null,
        definition,
        status: "lobby",
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

    act(state, from: From, intent: Action | PresenceIntent, now): Step<CardTableState> | RuleError {
      if (isPresence(intent)) {
        if (from !== SYSTEM) return refuse("system_only", "Presence comes from the platform.");
        const ctx = new Ctx(workingCopy(state), now, null, library);
        const err = presence(ctx, intent);
        if (err) return err;
        settleTable(ctx);
        return ctx.step();
      }
      if (from === SYSTEM) return refuse("not_a_player", "The platform does not play.");
      const parsed = Action.safeParse(intent);
      if (!parsed.success) return refuse("bad_action", describe(parsed.error));
      // Validation only reads, so a refusal costs no copy of the state.
      const err = validate(state, from, parsed.data, library);
      if (err) return err;
      // Accepted but changing nothing (a repeated presence, the same settings, the same lock):
      // the very state back, so the host neither logs nor publishes it.
      if (changesNothing(state, from, parsed.data)) return { state, out: [] };
      const ctx = new Ctx(workingCopy(state), now, from, library);
      apply(ctx, parsed.data);
      settleTable(ctx);
      return ctx.step();
    },

    due,

    tick(state, now) {
      if (!timers(state).some((t) => t.at <= now)) return { state, out: [] };
      const ctx = new Ctx(workingCopy(state), now, null, library);
      fireDue(ctx);
      return ctx.step();
    },

    stage: (state) => (state.status === "lobby" ? "lobby" : state.status === "ended" ? "over" : "playing"),
    // The definition never changes, so only a full sync (join, reconnect) carries it.
    view: (state, seat, now, sync) => ({
      type: "state",
      state: { ...gameView(state, seat, sync !== "update"), serverNow: now },
    }),
  };
}
