import { copier } from "../../engine/copy";
import { defineGame, UNCHANGED } from "../../engine/game";
import { seedRng } from "../../engine/rng";
import type { GameRules } from "../../engine/rules";
import { apply } from "./apply";
import { Ctx } from "./context";
import { emptyPiles, noneDrawn, playableCards } from "./decks";
import { SerpentOptions } from "./options";
import { applyPresence, planPresence } from "./presence";
import type { SerpentState } from "./state";
import { deadlines, fire } from "./timers";
import { validate } from "./validate";
import { stampStep, stateView } from "./view";
import { Intent } from "./wire";

export const SERPENT_RACE_ID = "serpent-race";

/**
 * The SerpentRace race (the design document as settled in docs/games/serpent-race.md,
 * "Decisions"), assembled by the engine from its parts. Seats "P1"… are players; the seat
 * "GM" is the gamemaster. Outbound messages are `{ event, data }`: the document's events.
 */
export function createSerpentRaceRules(): GameRules<SerpentState, Intent, SerpentOptions> {
  return defineGame({
    id: SERPENT_RACE_ID,
    // Ten players at most (options.maxPlayers), plus the gamemaster; a seat that left is
    // never offered again, so the platform may need more seats than a game holds.
    seats: { min: 2, max: 40 },
    options: SerpentOptions,
    intent: Intent,

    setup({ roomId, options, seed, timeScale }): SerpentState {
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
          graceSeconds: o.graceSeconds,
          loginType: o.loginType,
          createdBy: o.createdBy,
          orgId: o.orgId,
        },
        timeScale,
        phase: "waiting",
        players: [],
        gamemaster: null,
        gone: {},
        generatedAt: null,
        sequence: [],
        current: -1,
        turnNumber: 0,
        extraTurn: false,
        stage: null,
        piles: emptyPiles(),
        lastDrawn: noneDrawn(),
        nextRequest: 1,
        drawn: 0,
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

    // The cards and the board never change once made, so every copy shares them.
    copy: copier<SerpentState>(["board", "cards"]),
    context: (s, now) => new Ctx(s, now),
    // The race is started through the platform (the document's REST start), on nobody's seat.
    fromPlatform: (intent) => intent.event === "start",
    validate: (s, from, intent, now) => {
      const resolved = validate(s, from, intent, now);
      return "error" in resolved ? resolved : resolved.noop ? UNCHANGED : resolved;
    },
    apply,
    presence: {
      plan: planPresence,
      apply: (ctx, p, plan) => applyPresence(ctx, p.seat, plan),
    },
    deadlines,
    fire: (ctx) => fire(ctx),
    // Each event goes out with what the race waits for once its step is over.
    finish: stampStep,
    view: (state, seat, now) => stateView(state, seat, now),
    stage: (state) => (state.phase === "waiting" ? "lobby" : state.phase === "ended" ? "over" : "playing"),
  });
}
