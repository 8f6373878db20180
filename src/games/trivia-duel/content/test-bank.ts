import { loadQuestionBank } from "./index";
import type { Question } from "./schema";

/** The built-in question bank, for the tests that check it. */
export const bank = loadQuestionBank();

/** A question of the built-in bank by id; a missing one fails the test that asked for it. */
export function byId(id: string): Question {
  const q = bank.find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id}`);
  return q;
}
