import type { SeatId } from "../../engine/rules";
import { clueText, revealIndexAt } from "./clue";
import { wireConfig } from "./config";
import { duelNow } from "./duel-clock";
import { firstActorFor } from "./flow";
import { availableActions, betOptions, raiseOptions } from "./messages";
import type { TriviaState } from "./state";
import { isSeat, live, pot, reconnectDeadline } from "./state";
import type { RoomStateMsg } from "./wire";

/**
 * ROOM_STATE: everything a seat may see, for a join or a reconnect. Clue text only up to
 * the reveal point; accepted answers never; the correct answer only once resolved.
 */
export function roomState(s: TriviaState, seat: SeatId | null, now: number): RoomStateMsg {
  const q = s.questions[s.questionIndex];
  const b = s.betting;
  const revealIndex = s.clue ? revealIndexAt(s, duelNow(s, now)) : 0;
  const inQuestion = live(s);
  return {
    type: "ROOM_STATE",
    roomId: s.roomId,
    you: isSeat(seat) ? seat : null,
    serverNow: now,
    phase: s.phase,
    matchNumber: s.matchNumber,
    balances: { ...s.balances },
    questionIndex: s.questionIndex,
    questionsPerMatch: s.questions.length || s.config.questionsPerMatch,
    foldsRemaining: { ...s.foldsRemaining },
    players: {
      P1: {
        joined: s.players.P1.joined,
        connected: s.players.P1.presence === "active",
        reconnectDeadline: reconnectDeadline(s, "P1"),
        name: s.players.P1.name,
      },
      P2: {
        joined: s.players.P2.joined,
        connected: s.players.P2.presence === "active",
        reconnectDeadline: reconnectDeadline(s, "P2"),
        name: s.players.P2.name,
      },
    },
    /**
     * The clock stands still while a player is away; deadlines move on when it restarts
     * (docs/games/trivia-duel.md, Decisions D8).
     */
    clockStopped: s.pause !== null,
    tally: { ...s.tally },
    config: wireConfig(s.config),
    category: inQuestion && q ? q.category : null,
    /** Who opens the betting on this question (known from the category reveal on). */
    firstActor: inQuestion ? (b?.firstActor ?? firstActorFor(s)) : null,
    categoryEndsAt: s.phase === "CATEGORY" ? s.phaseEndsAt : null,
    pot: pot(b),
    betting:
      b && (s.phase === "BETTING" || s.phase === "CLUE" || s.phase === "ANSWER")
        ? {
            firstActor: b.firstActor,
            awaitingAction: b.awaitingAction,
            availableActions: availableActions(s, b),
            betOptions: betOptions(b),
            raiseOptions: raiseOptions(b),
            effectiveStack: b.effectiveStack,
            bets: { ...b.bets },
            contributions: { ...b.contributions },
            raises: b.raises,
            deadline: b.deadline,
          }
        : null,
    clue:
      s.clue && (s.phase === "CLUE" || s.phase === "ANSWER")
        ? {
            clue: clueText(s).slice(0, revealIndex),
            revealIndex,
            clueLength: clueText(s).length,
            revealRate: s.config.revealRateCharsPerSec,
            complete: s.clue.complete,
            deadline: s.clue.deadline,
          }
        : null,
    buzzer: s.buzzer
      ? {
          P1: s.buzzer.status.P1,
          P2: s.buzzer.status.P2,
          currentlyAnswering: s.buzzer.currentlyAnswering,
          answerDeadline: s.buzzer.answerDeadline,
        }
      : null,
    resolution: s.phase === "RESOLUTION" ? { ...s.lastResolution, nextPhaseAt: s.phaseEndsAt } : null,
    result: s.result,
    recap: s.recap,
    playAgain: { ...s.playAgain },
  };
}
