import { isRuleError } from "./errors";
import type { AnyRules, From } from "./rules";

/** One durable input: a player's or the platform's intent, or a timer that came due. */
export type LogEntry = { kind: "act"; from: From; intent: unknown; at: number } | { kind: "tick"; at: number };

export interface RoomOrigin {
  roomId: string;
  options: unknown;
  seed: string;
  createdAt: number;
  timeScale: number;
}

/**
 * Rebuild a room's state from its origin and input log. Only accepted inputs are logged,
 * so a refusal here means the log and the rules disagree: that is a bug, and it throws.
 */
export function replay<S>(rules: AnyRules, origin: RoomOrigin, log: readonly LogEntry[]): S {
  let state = rules.setup({
    roomId: origin.roomId,
    options: origin.options,
    seed: origin.seed,
    now: origin.createdAt,
    timeScale: origin.timeScale,
  });
  for (const entry of log) {
    if (entry.kind === "tick") {
      state = rules.tick(state, entry.at).state;
      continue;
    }
    const step = rules.act(state, entry.from, entry.intent, entry.at);
    if (isRuleError(step)) {
      throw new Error(`replay: logged input refused (${step.error.code}) at ${entry.at}`);
    }
    state = step.state;
  }
  return state as S;
}
