import { createHash } from "node:crypto";
import { expect } from "vitest";
import { z } from "zod";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import type { Question } from "./content/schema";
import { testBank } from "./fixtures";
import { createTriviaRules } from "./rules";
import type { TriviaState } from "./state";

/** Question sets the tests "stored", by hash, as the REST route stores a room's own questions. */
const sets = new Map<string, Question[]>();

/** Tests write a room's own questions inline, as a client sends them; like the route, store them and name the set. */
function referenced(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || !("questions" in raw)) return raw;
  const { questions, ...rest } = raw as { questions: Question[] };
  const hash = createHash("sha256").update(JSON.stringify(questions)).digest("base64url");
  sets.set(hash, questions);
  return { ...rest, questionSet: { hash } };
}

const stored = createTriviaRules(testBank, (hash) => sets.get(hash));

/** Rules over the fixture bank, for tests. */
export const triviaTestRules: typeof stored = {
  ...stored,
  options: z.preprocess(referenced, stored.options) as unknown as typeof stored.options,
};

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

/** Two players seated and question 1 in BETTING, P1 to act. */
export function inBetting(options: unknown = {}) {
  const t = seated(options);
  toBetting(t);
  return t;
}

/** P1 bets `amount` on question 1 and P2 matches: its clue is being revealed. */
export function inClue(amount = 50, options: unknown = {}) {
  const t = inBetting(options);
  t.must("P1", { type: "BET", amount });
  t.must("P2", { type: "MATCH" });
  return t;
}
