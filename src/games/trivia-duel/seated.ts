import { expect } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { testBank } from "./fixtures";
import { createTriviaRules } from "./rules";
import type { TriviaState } from "./state";

/** Rules over the fixture bank, for tests. */
export const triviaTestRules = createTriviaRules(testBank);

/** Two players seated; the match is in CATEGORY for question 1. */
export function seated(options: unknown = {}) {
  const t = new Table<TriviaState>(triviaTestRules, { options, seed: "scenario" });
  t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined" });
  t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined" });
  return t;
}

/** Advance through CATEGORY into BETTING. */
export function toBetting(t: Table<TriviaState>) {
  expect(t.state.phase).toBe("CATEGORY");
  t.advance(3000);
  expect(t.state.phase).toBe("BETTING");
}
