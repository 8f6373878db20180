import type { RuleError } from "../../engine/errors";
import { seedRng } from "../../engine/rng";
import { type From, type GameRules, isPresence, type PresenceIntent, type Step, SYSTEM } from "../../engine/rules";
import { zodMessage } from "../../engine/zod-message";
import { apply } from "./apply";
import { refuse } from "./codes";
import { Ctx } from "./context";
import { workingCopy } from "./copy";
import { emptyPiles, noneDrawn, playableCards } from "./decks";
import { SerpentOptions } from "./options";
import { applyPresence, planPresence } from "./presence";
import type { SerpentState } from "./state";
import { due, fireDue } from "./timers";
import { validate } from "./validate";
import { stateView } from "./view";
import { Intent } from "./wire";

export const SERPENT_RACE_ID = "serpent-race";

/**
 * The SerpentRace race (seeds/serpent-race.md as settled by RULINGS SerpentRace 1-6): pure
 * functions of (state, input, now). Seats "P1"… are players; the seat "GM" is the
 * gamemaster. Outbound messages are `{ event, data }`: the document's Socket.IO events.
 */
export function createSerpentRaceRules(): GameRules<SerpentState, Intent, SerpentOptions> {
  return {
    id: SERPENT_RACE_ID,
    // Ten players at most (options.maxPlayers), plus the gamemaster; a seat that left is
    // never offered again, so the platform may need more seats than a game holds.
    seats: { min: 2, max: 40 },
    options: SerpentOptions,
    intent: Intent,

    setup({ roomId, options, seed, timeScale }) {
      const o = SerpentOptions.parse(options);
      return {
        v: 1,
        roomId,
        gameId: o.gameId ?? roomId,
        settings: {
          maxPlayers: o.maxPlayers,
          boardSize: o.boardSize,
          physicalDice: o.physicalDice,
          answerSeconds: o.answerSeconds,
          decisionSeconds: o.decisionSeconds,
          guessSeconds: o.guessSeconds,
          drawDelaySeconds: o.drawDelaySeconds,
          absentSkipSeconds: o.absentSkipSeconds,
          loginType: o.loginType,
          createdBy: o.createdBy,
          orgId: o.orgId,
        },
        timeScale,
        phase: "waiting",
        players: [],
        gamemaster: null,
        gone: [],
        generatedAt: null,
        sequence: [],
        current: -1,
        turnNumber: 0,
        extraTurn: false,
        stage: null,
        piles: emptyPiles(),
        lastDrawn: noneDrawn(),
        nextRequest: 1,
        expired: null,
        winner: null,
        startedAt: null,
        endedAt: null,
        chat: [],
        rng: seedRng(seed),
        board: null,
        cards: playableCards(o.decks),
      };
    },

    act(state, from: From, intent: Intent | PresenceIntent, now): Step<SerpentState> | RuleError {
      if (isPresence(intent)) {
        if (from !== SYSTEM) return refuse("system_only", "Presence comes from the platform.");
        const plan = planPresence(state, intent);
        if ("error" in plan) return plan;
        if (plan.kind === "noop") return { state, out: [] };
        const ctx = new Ctx(workingCopy(state), now);
        applyPresence(ctx, intent.seat, plan);
        return ctx.step();
      }
      const parsed = Intent.safeParse(intent);
      if (!parsed.success) return refuse("bad_payload", zodMessage(parsed.error, "event"));
      if (from === SYSTEM && parsed.data.event !== "start")
        return refuse("not_a_player", "The platform only starts the race.");
      // Validation only reads, so a refusal costs no copy of the state.
      const resolved = validate(state, from, parsed.data, now);
      if ("error" in resolved) return resolved;
      if (resolved.noop) return { state, out: [] };
      const ctx = new Ctx(workingCopy(state), now);
      apply(ctx, from, parsed.data, resolved);
      return ctx.step();
    },

    due,

    tick(state, now) {
      const at = due(state);
      if (at === null || at > now) return { state, out: [] };
      const ctx = new Ctx(workingCopy(state), at);
      fireDue(ctx, now);
      return ctx.step();
    },

    view: (state, seat, now) => stateView(state, seat, now),
    stage: (state) => (state.phase === "waiting" ? "lobby" : state.phase === "ended" ? "over" : "playing"),
  };
}
