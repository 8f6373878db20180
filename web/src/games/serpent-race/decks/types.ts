/**
 * The deck editor's view of SerpentRace decks. The server's schemas are imported as types
 * only, so the bundle carries no zod, yet a change to a card's shape on the server breaks
 * the build here instead of a teacher's save.
 */
import type {
  CardType as ServerCardType,
  ConsequenceType as ServerConsequenceType,
  DeckType as ServerDeckType,
  Topic as ServerTopic,
} from "../../../../../src/games/serpent-race/content/schema";
import type { QuestionOnly } from "../../../../../src/games/serpent-race/service/deck-answers";
import type { DeckBody, UploadCard } from "../../../../../src/games/serpent-race/service/deck-schema";

export type { DeckBody, QuestionOnly, UploadCard };
export type CardTypeCode = ServerCardType;
export type DeckTypeCode = ServerDeckType;
export type ConsequenceCode = ServerConsequenceType;
export type Topic = ServerTopic;
export type Visibility = DeckBody["visibility"];
export type Letter = "A" | "B" | "C" | "D";

export const CARD: typeof ServerCardType = {
  QUIZ: 0,
  SENTENCE_PAIRING: 1,
  OWN_ANSWER: 2,
  TRUE_FALSE: 3,
  CLOSER: 4,
  JOKER: 5,
  LUCK: 6,
};

export const DECK: typeof ServerDeckType = { POSITIVE: 0, NEGATIVE: 1, LUCK: 2, JOKER: 3 };

export const CONSEQUENCE: typeof ServerConsequenceType = {
  MOVE_FORWARD: 0,
  MOVE_BACKWARD: 1,
  LOSE_TURN: 2,
  EXTRA_TURN: 3,
  GO_TO_START: 5,
};

export const LETTERS: readonly Letter[] = ["A", "B", "C", "D"];
/** The shipped decks' subjects, offered as suggestions (a deck of one's own may name any). */
export const TOPICS: readonly Topic[] = ["science", "geography", "history", "language"];

export const CARD_TYPES: readonly CardTypeCode[] = [0, 1, 2, 3, 4, 5, 6];
export const DECK_TYPES: readonly DeckTypeCode[] = [0, 1, 2, 3];
export const CONSEQUENCES: readonly ConsequenceCode[] = [0, 1, 2, 3, 5];

const QUESTIONS: readonly CardTypeCode[] = [
  CARD.QUIZ,
  CARD.SENTENCE_PAIRING,
  CARD.OWN_ANSWER,
  CARD.TRUE_FALSE,
  CARD.CLOSER,
];

/** Which card types each deck type may hold (the server's ALLOWED_TYPES). */
export const ALLOWED: Record<DeckTypeCode, readonly CardTypeCode[]> = {
  0: QUESTIONS,
  1: QUESTIONS,
  2: [CARD.LUCK],
  3: [CARD.JOKER],
};

export const CARD_LABEL: Record<CardTypeCode, string> = {
  0: "Multiple choice",
  1: "Pairs or sentence",
  2: "Own answer",
  3: "True or false",
  4: "Closest number",
  5: "Joker task",
  6: "Luck",
};

export const CARD_HINT: Record<CardTypeCode, string> = {
  0: "Four options, one of them right.",
  1: "Match left parts to right parts, or put a scrambled sentence back in order.",
  2: "The player types an answer; any listed answer counts.",
  3: "A statement that is true or false.",
  4: "A number; guesses within a margin count.",
  5: "A task the gamemaster judges, drawn on a second landing.",
  6: "Happens at once when drawn: move, lose or gain turns.",
};

export const DECK_LABEL: Record<DeckTypeCode, string> = {
  0: "Positive fields",
  1: "Negative fields",
  2: "Luck fields",
  3: "Jokers",
};

export const DECK_HINT: Record<DeckTypeCode, string> = {
  0: "Questions drawn on positive fields: a right answer moves the player on.",
  1: "Questions drawn on negative fields: a wrong answer costs the player.",
  2: "Luck cards, played at once on luck fields.",
  3: "Joker tasks the gamemaster approves or rejects, after a second landing.",
};

export const CONSEQUENCE_LABEL: Record<ConsequenceCode, string> = {
  0: "Move forward",
  1: "Move back",
  2: "Lose turns",
  3: "Extra turns",
  5: "Back to start",
};

/** What the value counts for each consequence; go-to-start has none. */
export const CONSEQUENCE_UNIT: Record<ConsequenceCode, string | null> = {
  0: "fields",
  1: "fields",
  2: "turns",
  3: "turns",
  5: null,
};

export const VISIBILITY_LABEL: Record<Visibility, string> = {
  private: "Only me",
  org: "Organisation",
  public: "Everyone",
};

/** A deck as GET /api/v1/decks lists it (no cards). */
export interface DeckSummary {
  deckid: string;
  version: number;
  name: string;
  decktype: DeckTypeCode;
  cardCount: number;
  visibility: Visibility;
  orgid: string | null;
  builtin: boolean;
  mine: boolean;
}

/**
 * A deck with its cards, as GET/POST/PUT answer: every card has its cardid. Only its owner
 * (and an organisation deck's organisation owners and admins) get the answers
 * (`withAnswers`); everyone else gets each card's question alone.
 */
export type StoredDeck = DeckSummary &
  ({ withAnswers: true; cards: (UploadCard & { cardid: string })[] } | { withAnswers: false; cards: QuestionOnly[] });

/** An organisation the signed-in user belongs to (GET /api/v1/orgs). */
export interface Org {
  id: string;
  name: string;
  role: "owner" | "admin" | "member";
  inviteCode?: string;
}

/** Server limits the editor also states (deck-schema.ts DECK_LIMITS). */
export const LIMITS = {
  cards: 500,
  name: 80,
  cardid: 100,
  topic: 40,
  question: 500,
  option: 200,
  sentence: 300,
  fileBytes: 512 * 1024,
} as const;
