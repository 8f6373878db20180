import type { Question } from "./content/schema";

/** A small bank for rules tests, independent of the shipped content. */
const clue = (n: number) =>
  `Fixture clue number ${n}: ${"the quick brown fox jumps over the lazy dog ".repeat(6)}`.slice(0, 240 + n);

export const testBank: Question[] = [
  {
    id: "q_mongolia",
    category: "Geography",
    clue: clue(1),
    acceptedAnswers: ["ulaanbaatar", "ulan bator"],
    displayAnswer: "Ulaanbaatar",
  },
  { id: "q_oxygen", category: "Science", clue: clue(2), acceptedAnswers: ["oxygen"], displayAnswer: "Oxygen" },
  { id: "q_hamlet", category: "Literature", clue: clue(3), acceptedAnswers: ["hamlet"], displayAnswer: "Hamlet" },
  {
    id: "q_mozart",
    category: "Music",
    clue: clue(4),
    acceptedAnswers: ["wolfgang amadeus mozart", "mozart"],
    displayAnswer: "Wolfgang Amadeus Mozart",
  },
  { id: "q_nile", category: "Geography", clue: clue(5), acceptedAnswers: ["nile", "the nile"], displayAnswer: "Nile" },
  { id: "q_rome", category: "History", clue: clue(6), acceptedAnswers: ["rome"], displayAnswer: "Rome" },
  { id: "q_carbon", category: "Science", clue: clue(7), acceptedAnswers: ["carbon"], displayAnswer: "Carbon" },
];
