import { isRuleError } from "../../engine/errors";
import { type GameRules, isNoop, type Step } from "../../engine/rules";
import type { GameDefinition } from "./definition";
import { upgradeLegacyDefinition } from "./legacy-definition";
import { type CardTableState, STATE_VERSION } from "./state";

/**
 * States stored before the engine stopped naming variant ids (docs/games/card-table.md,
 * Decisions D20). A room's live state carries its definition whole, and a live store that
 * outlives a deploy (Redis, in scale-out mode) hands the new code states the old code wrote:
 * their definition may still say `assignJudge` rule "variant" and leave out `votingWhen` /
 * `wagerWhen`. Such states have `v` 1; the rules read them as if their definition had been
 * read by today's schema (legacy-definition.ts, the same rewrite as for uploads and old
 * logs), so the room goes on as it did. The first step that changes anything stores the
 * state in today's form (`v` 2), and every later read costs one comparison.
 */

/** `s` itself if it is in today's form; otherwise a copy whose definition is. */
export function currentState(s: CardTableState): CardTableState {
  if (s.v === STATE_VERSION) return s;
  return { ...s, v: STATE_VERSION, definition: upgradeLegacyDefinition(s.definition) as GameDefinition };
}

/**
 * `rules` reading every state through `currentState`. A step that changes nothing still
 * hands back the very state it was given, so the host neither logs nor publishes it.
 */
export function readingOldStates<I, O>(rules: GameRules<CardTableState, I, O>): GameRules<CardTableState, I, O> {
  const { stage, handover } = rules;
  const same = (given: CardTableState, read: CardTableState, step: Step<CardTableState>) =>
    read !== given && isNoop(read, step) ? { ...step, state: given } : step;
  return {
    ...rules,
    act(s, from, intent, now) {
      const read = currentState(s);
      const step = rules.act(read, from, intent, now);
      return isRuleError(step) ? step : same(s, read, step);
    },
    due: (s) => rules.due(currentState(s)),
    tick(s, now) {
      const read = currentState(s);
      return same(s, read, rules.tick(read, now));
    },
    view: (s, seat, now, sync) => rules.view(currentState(s), seat, now, sync),
    ...(stage ? { stage: (s: CardTableState) => stage(currentState(s)) } : {}),
    ...(handover
      ? { handover: (s: CardTableState, by: string, seat: string) => handover(currentState(s), by, seat) }
      : {}),
  };
}
