import {
  type ContentCheck,
  type ContentCount,
  type ContentSet,
  check,
  findings,
  readJsonDir,
} from "../../../engine/content";
import { CardType, ConsequenceType, DeckType, type GameCard, GameDeck, Topic } from "./schema";

export const DECKS_AS_OF = "2025-06-30";

let cache: GameDeck[] | null = null;

/** The built-in decks: every `decks/*.json` file, in file-name order. */
export function loadSerpentDecks(): GameDeck[] {
  if (cache) return cache;
  cache = readJsonDir(new URL("./decks/", import.meta.url)).map(({ file, json }) => {
    const parsed = GameDeck.safeParse(json);
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    return parsed.data;
  });
  return cache;
}

export function allCards(decks: readonly GameDeck[] = loadSerpentDecks()): GameCard[] {
  return decks.flatMap((d) => d.cards);
}

/** Which card types each deck type may hold: question cards on the field decks, the rest in their own. */
const QUESTION_TYPES: readonly number[] = [
  CardType.QUIZ,
  CardType.SENTENCE_PAIRING,
  CardType.OWN_ANSWER,
  CardType.TRUE_FALSE,
  CardType.CLOSER,
];
const ALLOWED: Record<number, readonly number[]> = {
  [DeckType.POSITIVE]: QUESTION_TYPES,
  [DeckType.NEGATIVE]: QUESTION_TYPES,
  [DeckType.LUCK]: [CardType.LUCK],
  [DeckType.JOKER]: [CardType.JOKER],
};

/** How the document validates text: trimmed and case-insensitive. */
const norm = (s: string) => s.trim().toLowerCase();
const hasDuplicates = (xs: readonly string[]) => new Set(xs.map(norm)).size !== xs.length;
const untidy = (s: string) => s !== s.trim() || /\s{2,}/.test(s);

/** Per-type minimums: enough variety that a game rarely repeats a format back to back. */
export const TYPE_MINIMUMS: ReadonlyArray<[label: string, min: number, test: (c: GameCard) => boolean]> = [
  ["QUIZ", 24, (c) => c.type === CardType.QUIZ],
  ["SENTENCE_PAIRING (pairs)", 12, (c) => c.type === CardType.SENTENCE_PAIRING && Array.isArray(c.answer)],
  [
    "SENTENCE_PAIRING (legacy sentence)",
    6,
    (c) => c.type === CardType.SENTENCE_PAIRING && typeof c.answer === "string",
  ],
  ["OWN_ANSWER", 20, (c) => c.type === CardType.OWN_ANSWER],
  ["TRUE_FALSE", 20, (c) => c.type === CardType.TRUE_FALSE],
  ["CLOSER", 12, (c) => c.type === CardType.CLOSER],
  ["JOKER", 15, (c) => c.type === CardType.JOKER],
  ["LUCK", 20, (c) => c.type === CardType.LUCK],
];

/** Checks beyond the schema, on parsed decks so tests can feed broken copies. */
export function deckChecks(decks: readonly GameDeck[]): ContentCheck[] {
  const found = findings({
    dupIds: "unique deck and card ids",
    misplaced: "each deck holds only the card types its field draws",
    quiz: "QUIZ: four options A-D, exactly one correct",
    pairs: "SENTENCE_PAIRING: pairs and sentences well formed",
    own: "OWN_ANSWER: distinct, tidy answers",
    closer: "CLOSER: percent in (0, 100]",
  });
  const deckIds = new Set<string>();
  const cardIds = new Set<string>();
  const consequenceTypes = new Set<number>();
  const topics = new Set<string>();

  for (const deck of decks) {
    if (deckIds.has(deck.deckid)) found.dupIds.push(`deck ${deck.deckid}`);
    deckIds.add(deck.deckid);
    for (const card of deck.cards) {
      const id = card.cardid;
      if (cardIds.has(id)) found.dupIds.push(id);
      cardIds.add(id);
      if (!ALLOWED[deck.decktype]?.includes(card.type))
        found.misplaced.push(`${id} (type ${card.type}) in ${deck.name}`);
      if (card.type !== CardType.LUCK) topics.add(card.topic);
      switch (card.type) {
        case CardType.QUIZ: {
          const correct = card.answer.filter((o) => o.correct).length;
          if (correct !== 1) found.quiz.push(`${id} has ${correct} correct options`);
          if (card.answer.map((o) => o.answer).join("") !== "ABCD")
            found.quiz.push(`${id} options are not A-D in order`);
          if (hasDuplicates(card.answer.map((o) => o.text))) found.quiz.push(`${id} repeats an option`);
          break;
        }
        case CardType.SENTENCE_PAIRING:
          if (typeof card.answer === "string") {
            if (untidy(card.answer) || card.answer.split(" ").length < 3)
              found.pairs.push(`${id} sentence is untidy or short`);
          } else {
            if (card.answer.length < 2) found.pairs.push(`${id} has fewer than 2 pairs`);
            if (hasDuplicates(card.answer.map((p) => p.left))) found.pairs.push(`${id} repeats a left part`);
            if (hasDuplicates(card.answer.map((p) => p.right))) found.pairs.push(`${id} repeats a right part`);
            if (card.answer.some((p) => untidy(p.left) || untidy(p.right))) found.pairs.push(`${id} has untidy text`);
          }
          break;
        case CardType.OWN_ANSWER:
          if (hasDuplicates(card.answer) || card.answer.some(untidy))
            found.own.push(`${id} answers repeat or are untidy`);
          break;
        case CardType.CLOSER:
          if (!(card.answer.percent > 0 && card.answer.percent <= 100))
            found.closer.push(`${id} percent ${card.answer.percent}`);
          if (card.answer.correct === 0) found.closer.push(`${id} has no tolerance around 0`);
          break;
        case CardType.LUCK:
          consequenceTypes.add(card.consequence.type);
          break;
        default:
          break;
      }
    }
  }

  const missingConsequences = Object.entries(ConsequenceType)
    .filter(([, v]) => !consequenceTypes.has(v))
    .map(([k]) => k);
  const missingDeckTypes = Object.entries(DeckType)
    .filter(([, v]) => !decks.some((d) => d.decktype === v))
    .map(([k]) => k);
  const missingTopics = Topic.options.filter((t) => !topics.has(t));

  return [
    ...found.checks(),
    check("every luck consequence type appears", missingConsequences),
    check("every deck type appears", missingDeckTypes),
    check("every topic appears", missingTopics),
  ];
}

export function deckCounts(decks: readonly GameDeck[]): ContentCount[] {
  const cards = allCards(decks);
  return [
    { label: "decks", value: decks.length, min: 4 },
    { label: "cards", value: cards.length, min: 150 },
    ...TYPE_MINIMUMS.map(([label, min, test]) => ({ label, value: cards.filter(test).length, min })),
  ];
}

export const serpentDeckContentSet: ContentSet = {
  game: "serpent-race",
  name: "decks",
  asOf: DECKS_AS_OF,
  counts() {
    return deckCounts(loadSerpentDecks());
  },
  checks() {
    let decks: GameDeck[];
    try {
      decks = loadSerpentDecks();
    } catch (err) {
      return [{ name: "schema", ok: false, detail: String(err) }];
    }
    return [{ name: "schema", ok: true }, ...deckChecks(decks)];
  },
};
