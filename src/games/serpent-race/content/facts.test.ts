/**
 * Spot-checks of the built-in decks against well-known facts, written here independently
 * of the JSON files: if a card's stored answer drifts from the fact, these fail.
 */
import { describe, expect, it } from "vitest";
import { allCards } from "./index";
import { CardType, type GameCard } from "./schema";

/** The one card whose question contains `text` (case-insensitive). */
function card(text: string): GameCard {
  const found = allCards().filter((c) => c.question.toLowerCase().includes(text.toLowerCase()));
  if (found.length !== 1) throw new Error(`${found.length} cards match "${text}"`);
  return found[0]!;
}

function quizAnswer(text: string): string {
  const c = card(text);
  if (c.type !== CardType.QUIZ) throw new Error(`"${text}" is not a QUIZ card`);
  return c.answer.find((o) => o.correct)!.text;
}

function ownAnswers(text: string): string[] {
  const c = card(text);
  if (c.type !== CardType.OWN_ANSWER) throw new Error(`"${text}" is not an OWN_ANSWER card`);
  return c.answer.map((a) => a.toLowerCase());
}

function trueFalse(text: string): boolean {
  const c = card(text);
  if (c.type !== CardType.TRUE_FALSE) throw new Error(`"${text}" is not a TRUE_FALSE card`);
  return c.answer;
}

function closer(text: string): number {
  const c = card(text);
  if (c.type !== CardType.CLOSER) throw new Error(`"${text}" is not a CLOSER card`);
  return c.answer.correct;
}

function pairsOf(text: string): Record<string, string> {
  const c = card(text);
  if (c.type !== CardType.SENTENCE_PAIRING || typeof c.answer === "string") throw new Error(`"${text}" has no pairs`);
  return Object.fromEntries(c.answer.map((p) => [p.left, p.right]));
}

describe("SerpentRace decks: well-known facts", () => {
  it.each([
    ["water boil", "100"],
    ["closest to the Sun", "Mercury"],
    ["symbol for gold", "Au"],
    ["Red Planet", "Mars"],
    ["legs does an insect", "Six"],
    ["capital city of Australia", "Canberra"],
    ["capital city of Canada", "Ottawa"],
    ["Second World War end", "1945"],
    ["First World War begin", "1914"],
    ["first person to walk on the Moon", "Neil Armstrong"],
    ["longest river in Africa", "Nile"],
    ["built Machu Picchu", "Inca"],
    ["largest country in the world by area", "Russia"],
    ["chemical formula for water", "H2O"],
  ])("QUIZ: %s → %s", (question, answer) => {
    expect(quizAnswer(question)).toBe(answer);
  });

  it.each([
    ["largest planet", "jupiter"],
    ["past tense of the verb 'go'", "went"],
    ["capital city of Japan", "tokyo"],
    ["first President of the United States", "george washington"],
    ["most of Earth's atmosphere", "nitrogen"],
    ["plural of 'child'", "children"],
  ])("OWN_ANSWER: %s accepts %s", (question, answer) => {
    expect(ownAnswers(question)).toContain(answer);
  });

  it.each([
    ["Sound travels faster than light", false],
    ["heart has four chambers", true],
    ["spider is an insect", false],
    ["Kilimanjaro is in Kenya", false],
    ["Titanic sank in 1912", true],
    ["Julius Caesar was the first Roman emperor", false],
  ] as const)("TRUE_FALSE: %s → %s", (question, answer) => {
    expect(trueFalse(question)).toBe(answer);
  });

  it("CLOSER: Mount Everest is within 1% of 8,849 m", () => {
    expect(Math.abs(closer("Mount Everest above sea level") - 8849) / 8849).toBeLessThanOrEqual(0.01);
  });

  it.each([
    ["bones", 206],
    ["members of the United Nations", 193],
    ["Columbus first reach", 1492],
    ["first land on the Moon", 1969],
    ["periodic table", 118],
    ["Hundred Years' War", 116],
    ["Fahrenheit", 32],
  ])("CLOSER: %s → %d", (question, answer) => {
    expect(closer(question)).toBe(answer);
  });

  it("pairs: capitals, translations and dates", () => {
    expect(pairsOf("country to its capital")).toMatchObject({ France: "Paris", Japan: "Tokyo", Canada: "Ottawa" });
    expect(pairsOf("Spanish translation")).toMatchObject({ Book: "Libro", Red: "Rojo", Sun: "Sol" });
    expect(pairsOf("event to its year")).toMatchObject({ "Battle of Hastings": "1066", "Magna Carta sealed": "1215" });
    expect(pairsOf("river it stands on")).toMatchObject({ London: "Thames", Paris: "Seine", Budapest: "Danube" });
  });
});
