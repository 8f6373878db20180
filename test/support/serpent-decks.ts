/**
 * A small set of decks for SerpentRace's browser test, uploaded through /api/v1/decks, so
 * the driver knows every answer and the draws are few: every question card type (and the
 * legacy sentence) on the reward deck and on the penalty deck (six cards each, so six
 * fields of either kind show every answer UI), two luck cards (a lost turn, an extra turn: two luck fields
 * show both), one joker.
 */

export const POSITIVE = {
  name: "Test reward questions",
  decktype: 0,
  cards: [
    {
      type: 0,
      question: "Which planet is called the Red Planet?",
      answer: [
        { answer: "A", text: "Venus", correct: false },
        { answer: "B", text: "Mars", correct: true },
        { answer: "C", text: "Jupiter", correct: false },
        { answer: "D", text: "Saturn", correct: false },
      ],
    },
    {
      type: 1,
      question: "Match each animal to its home.",
      answer: [
        { left: "Bee", right: "Hive" },
        { left: "Bird", right: "Nest" },
        { left: "Fox", right: "Den" },
      ],
    },
    { type: 1, question: "Put the words in order.", answer: "Cats like warm sunny windows" },
    { type: 2, question: "What is the capital of France?", answer: ["Paris"] },
    { type: 3, question: "Water boils at 100 degrees Celsius at sea level.", answer: true },
    { type: 4, question: "How many days are in a leap year?", answer: { correct: 366, percent: 1 } },
  ],
};

export const NEGATIVE = {
  name: "Test penalty questions",
  decktype: 1,
  cards: [
    {
      type: 0,
      question: "Which gas do plants take in to make food?",
      answer: [
        { answer: "A", text: "Oxygen", correct: false },
        { answer: "B", text: "Nitrogen", correct: false },
        { answer: "C", text: "Carbon dioxide", correct: true },
        { answer: "D", text: "Helium", correct: false },
      ],
    },
    {
      type: 1,
      question: "Match the opposites.",
      answer: [
        { left: "hot", right: "cold" },
        { left: "up", right: "down" },
      ],
    },
    { type: 1, question: "Put the saying in order.", answer: "Slow and steady wins races" },
    { type: 2, question: "Name the largest ocean.", answer: ["Pacific", "Pacific Ocean"] },
    { type: 3, question: "The Moon is a planet.", answer: false },
    { type: 4, question: "How many legs does a spider have?", answer: { correct: 8, percent: 0 } },
  ],
};

export const LUCK = {
  name: "Test luck",
  decktype: 2,
  cards: [
    { type: 6, question: "You stop to tie your shoes: lose a turn.", consequence: { type: 2, value: 1 } },
    { type: 6, question: "A shortcut opens up: take an extra turn.", consequence: { type: 3, value: 1 } },
  ],
};

export const JOKER = {
  name: "Test joker",
  decktype: 3,
  cards: [
    {
      type: 5,
      question: "Shortcut through the school garden: may you take it?",
      consequence: { type: 0, value: 2 },
    },
  ],
};

type Card = { type: number; question: string; answer?: unknown };

/** Every question card of the test decks by its question, for the driver to answer. */
export const QUESTIONS = new Map<string, Card>(
  [...POSITIVE.cards, ...NEGATIVE.cards].map((c) => [c.question, c as Card]),
);
