import type { Context } from "../../engine/context";
import { type GraceDeadline, graceDeadlines } from "../../engine/presence";
import type { Outbound } from "../../engine/rules";
import { answerTimeout } from "./answering";
import { betTimeout } from "./betting";
import { clueText, completionTime, revealIndexAt } from "./clue";
import { afterResolution, complete, resolve, startBetting } from "./flow";
import { toAll } from "./messages";
import type { Phase, Seat, TriviaState } from "./state";
import { live, ms, SEATS } from "./state";

/**
 * Every deadline is in the state: each seat's reconnect window (while a match is live), and
 * the current phase's (the category reveal, a bet, the clue's next tick or its post-clue
 * window, an answer, the resolution's display). While the duel's clock is stopped only the
 * reconnect windows run. A window that ends together with a phase deadline goes first: the
 * absent player forfeits before the clock would move on.
 */
export type Deadline = GraceDeadline | { kind: "phase"; at: number };

function phaseDue(s: TriviaState): number | null {
  switch (s.phase) {
    case "CATEGORY":
    case "RESOLUTION":
      return s.phaseEndsAt;
    case "BETTING":
      return s.betting?.deadline ?? null;
    case "CLUE": {
      const c = s.clue!;
      if (c.complete) return c.deadline;
      const done = completionTime(s);
      if (c.nextTickAt === null) return done;
      return done === null ? c.nextTickAt : Math.min(c.nextTickAt, done);
    }
    case "ANSWER":
      return s.buzzer?.answerDeadline ?? null;
    default:
      return null;
  }
}

export function deadlines(s: TriviaState): Deadline[] {
  if (!live(s)) return [];
  const out: Deadline[] = graceDeadlines(
    SEATS.map((seat) => s.players[seat]),
    ms(s, s.config.graceSeconds),
  );
  const phase = s.pause === null ? phaseDue(s) : null;
  if (phase !== null) out.push({ kind: "phase", at: phase });
  return out;
}

export function fire(ctx: Context<TriviaState>, d: Deadline): void {
  const { s, now, out } = ctx;
  if (d.kind === "grace") {
    complete(s, SEATS[d.index] as Seat, out);
    return;
  }
  ON_TIMEOUT[s.phase]?.(s, now, out);
}

/** What each timed phase does when its deadline comes. */
const ON_TIMEOUT: Partial<Record<Phase, (s: TriviaState, now: number, out: Outbound[]) => void>> = {
  CATEGORY: startBetting,
  BETTING: betTimeout,
  CLUE: clueTimer,
  ANSWER: answerTimeout,
  RESOLUTION: afterResolution,
};

/** The clue's next tick, its last character, or the end of its post-clue window. */
function clueTimer(s: TriviaState, at: number, out: Outbound[]): void {
  const c = s.clue!;
  if (c.complete) {
    resolve(s, "DRAW", at, out);
    return;
  }
  const text = clueText(s);
  const done = completionTime(s);
  if (done !== null && done <= at) {
    c.revealIndex = text.length;
    c.complete = true;
    c.completeAt = at;
    c.runStartedAt = null;
    c.nextTickAt = null;
    c.deadline = at + ms(s, s.config.postClueTimeoutSec);
    out.push(toAll({ type: "CLUE_TICK", revealIndex: text.length, clue: text }));
    out.push(toAll({ type: "CLUE_COMPLETE", deadline: c.deadline }));
    return;
  }
  c.revealIndex = revealIndexAt(s, at);
  c.nextTickAt = at + ms(s, 0.5);
  out.push(toAll({ type: "CLUE_TICK", revealIndex: c.revealIndex, clue: text.slice(0, c.revealIndex) }));
}
