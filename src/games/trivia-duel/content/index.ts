import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ContentSet, check } from "../../../engine/content";
import { editDistance, matchesAnswer, normalizeAnswer } from "../answer-match";
import { type Question, QuestionFile } from "./schema";

const dir = fileURLToPath(new URL("./questions/", import.meta.url));
export const QUESTIONS_AS_OF = "2026-11-25";

let cache: Question[] | null = null;

/** The built-in bank: every `questions/*.json` file, in file-name order. */
export function loadQuestionBank(): Question[] {
  if (cache) return cache;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  cache = files.flatMap((f) => QuestionFile.parse(JSON.parse(readFileSync(join(dir, f), "utf8"))));
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
  const dupIds: string[] = [];
  const badLength: string[] = [];
  const badForm: string[] = [];
  const leaks: string[] = [];
  const shared: string[] = [];
  const near: string[] = [];
  const owner = new Map<string, string>();
  for (const q of bank) {
    if (ids.has(q.id)) dupIds.push(q.id);
    ids.add(q.id);
    if (q.clue.length < CLUE_MIN || q.clue.length > CLUE_MAX) badLength.push(`${q.id} (${q.clue.length})`);
    for (const a of q.acceptedAnswers) if (a !== a.trim().toLowerCase()) badForm.push(`${q.id}: "${a}"`);
    if (!matchesAnswer(q.displayAnswer, q.acceptedAnswers, true)) badForm.push(`${q.id}: display answer not accepted`);
    const clue = ` ${normalizeAnswer(q.clue)} `;
    for (const a of q.acceptedAnswers) {
      const n = normalizeAnswer(a);
      if (n.length >= 4 && clue.includes(` ${n} `)) leaks.push(`${q.id}: "${a}"`);
    }
    for (const a of new Set(q.acceptedAnswers.map(normalizeAnswer))) {
      const prev = owner.get(a);
      if (prev && prev !== q.id) shared.push(`${prev} & ${q.id}: "${a}"`);
      owner.set(a, q.id);
    }
  }
  for (const [, qs] of perCategory(bank)) {
    for (let i = 0; i < qs.length; i++) {
      for (let j = i + 1; j < qs.length; j++) {
        for (const a of qs[i]!.acceptedAnswers.map(normalizeAnswer)) {
          for (const b of qs[j]!.acceptedAnswers.map(normalizeAnswer)) {
            if (a !== b && editDistance(a, b, 1) <= 1) near.push(`${qs[i]!.id} ~ ${qs[j]!.id}: "${a}"/"${b}"`);
          }
        }
      }
    }
  }
  return [
    check("unique ids", dupIds),
    check(`clue length ${CLUE_MIN}-${CLUE_MAX}`, badLength),
    check("answers lowercase, display answer accepted", badForm),
    check("clue never names its answer", leaks),
    check("no two questions share an answer", shared),
    check("no answer within one edit of another in its category", near),
  ];
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
