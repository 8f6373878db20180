import { type ContentSet, findings, readJsonDir } from "../../../engine/content";
import { editDistance, matchesAnswer, normalizeAnswer } from "../answer-match";
import { type Question, QuestionFile } from "./schema";

export const QUESTIONS_AS_OF = "2026-11-25";

let cache: Question[] | null = null;

/** The built-in bank: every `questions/*.json` file, in file-name order. */
export function loadQuestionBank(): Question[] {
  if (cache) return cache;
  cache = readJsonDir(new URL("./questions/", import.meta.url)).flatMap(({ json }) => QuestionFile.parse(json));
  return cache;
}

export const CLUE_MIN = 250;
export const CLUE_MAX = 450;

function perCategory(bank: Question[]): Map<string, Question[]> {
  const m = new Map<string, Question[]>();
  for (const q of bank) m.set(q.category, [...(m.get(q.category) ?? []), q]);
  return m;
}

export function questionChecks(bank: Question[]) {
  const ids = new Set<string>();
  const found = findings({
    dupIds: "unique ids",
    badLength: `clue length ${CLUE_MIN}-${CLUE_MAX}`,
    badForm: "answers lowercase, display answer accepted",
    leaks: "clue never names its answer",
    shared: "no two questions share an answer",
    near: "no answer within one edit of another in its category",
  });
  const owner = new Map<string, string>();
  for (const q of bank) {
    if (ids.has(q.id)) found.dupIds.push(q.id);
    ids.add(q.id);
    if (q.clue.length < CLUE_MIN || q.clue.length > CLUE_MAX) found.badLength.push(`${q.id} (${q.clue.length})`);
    for (const a of q.acceptedAnswers) if (a !== a.trim().toLowerCase()) found.badForm.push(`${q.id}: "${a}"`);
    if (!matchesAnswer(q.displayAnswer, q.acceptedAnswers, true))
      found.badForm.push(`${q.id}: display answer not accepted`);
    const clue = ` ${normalizeAnswer(q.clue)} `;
    for (const a of q.acceptedAnswers) {
      const n = normalizeAnswer(a);
      if (n.length >= 4 && clue.includes(` ${n} `)) found.leaks.push(`${q.id}: "${a}"`);
    }
    for (const a of new Set(q.acceptedAnswers.map(normalizeAnswer))) {
      const prev = owner.get(a);
      if (prev && prev !== q.id) found.shared.push(`${prev} & ${q.id}: "${a}"`);
      owner.set(a, q.id);
    }
  }
  for (const [, qs] of perCategory(bank)) {
    for (let i = 0; i < qs.length; i++) {
      for (let j = i + 1; j < qs.length; j++) {
        for (const a of qs[i]!.acceptedAnswers.map(normalizeAnswer)) {
          for (const b of qs[j]!.acceptedAnswers.map(normalizeAnswer)) {
            if (a !== b && editDistance(a, b, 1) <= 1) found.near.push(`${qs[i]!.id} ~ ${qs[j]!.id}: "${a}"/"${b}"`);
          }
        }
      }
    }
  }
  return found.checks();
}

export const triviaQuestionSet: ContentSet = {
  game: "trivia-duel",
  name: "questions",
  asOf: QUESTIONS_AS_OF,
  counts() {
    const bank = loadQuestionBank();
    const cats = perCategory(bank);
    return [
      { label: "questions", value: bank.length, min: 200 },
      { label: "categories", value: cats.size, min: 10 },
      { label: "smallest category", value: Math.min(...[...cats.values()].map((q) => q.length)), min: 12 },
    ];
  },
  checks() {
    return questionChecks(loadQuestionBank());
  },
};
