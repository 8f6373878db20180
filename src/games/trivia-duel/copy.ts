import type { TriviaState } from "./state";

/**
 * Parts of the state the rules only ever replace whole, never change in place: the config,
 * this match's questions, the ids still unseen (up to the whole bank) and a room's own
 * questions. A working copy shares them.
 */
const SHARED = new Set<keyof TriviaState>(["config", "questions", "unseen", "customPool"]);

/**
 * The copy an input or a timer works on, so the caller's state is never touched. A
 * structured clone of the whole state copied the clue texts and the unseen ids (hundreds
 * of strings) on every clue tick; under load those short-lived copies were most of what
 * the garbage collector had to move. Everything small and mutable is still cloned; the
 * property test (properties.test.ts) checks that no input or tick changes the state it
 * was given, shared parts included. Key order is kept, so the copy serialises the same.
 */
export function workingCopy(s: TriviaState): TriviaState {
  const mutable: Partial<TriviaState> = {};
  for (const k of Object.keys(s) as (keyof TriviaState)[])
    if (!SHARED.has(k)) (mutable as Record<string, unknown>)[k] = s[k];
  const copied = structuredClone(mutable) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(s) as (keyof TriviaState)[]) out[k] = SHARED.has(k) ? s[k] : copied[k];
  return out as unknown as TriviaState;
}
