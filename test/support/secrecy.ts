import { normalizeAnswer } from "../../src/games/trivia-duel/answer-match";
import type { Question } from "../../src/games/trivia-duel/content/schema";

type Msg = Record<string, unknown> & { type: string };

function strings(value: unknown, path = "", out: { path: string; text: string }[] = []) {
  if (typeof value === "string") out.push({ path, text: value });
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) strings(v, `${path}[${i}]`, out);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** The largest reveal point a message itself declares (its own revealIndex fields). */
function declaredReveal(m: unknown): number {
  let best = 0;
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        if (k === "revealIndex" && typeof x === "number") best = Math.max(best, x);
        else walk(x);
      }
  };
  walk(m);
  return best;
}

/**
 * Trivia Duel secrecy (docs/games/trivia-duel.md, Decisions D1): no payload holds clue
 * text beyond the reveal point it declares, nor any accepted answer before that question
 * is resolved. A player's own typed answer (ANSWER_SUBMITTED.answer) is theirs to see and
 * is not scanned.
 */
export function scanTrivia(inbox: Msg[], questions: Question[]): string[] {
  const problems: string[] = [];
  const resolved = new Set<number>();
  for (const m of inbox) {
    if (m.type === "PHASE_RESOLUTION") resolved.add(m.questionIndex as number);
    const reveal = declaredReveal(m);
    for (const { path, text } of strings(m)) {
      if (m.type === "ANSWER_SUBMITTED" && path === "answer") continue;
      if (path.endsWith("correctAnswer")) continue;
      // The category is announced before the clue; a clue that names its own category
      // ("…this Geography classic…") is not revealed by it.
      if (path.endsWith("category")) continue;
      if (JSON.stringify(m).includes("acceptedAnswers")) problems.push(`${m.type} carries acceptedAnswers`);
      questions.forEach((q, qi) => {
        if (text.length >= 8 && q.clue.includes(text) && q.clue.indexOf(text) + text.length > reveal)
          problems.push(`${m.type}.${path} shows clue text of question ${qi} past index ${reveal}`);
        if (!resolved.has(qi)) {
          const n = normalizeAnswer(text);
          if (n.length >= 3 && q.acceptedAnswers.some((a) => normalizeAnswer(a) === n))
            problems.push(`${m.type}.${path} names the answer of question ${qi} before resolution`);
        }
      });
    }
  }
  return [...new Set(problems)];
}
