import type { AccountDirectory } from "../../../engine/module";
import type { GameCard } from "../content/schema";

/**
 * Who may read a deck's answers: its owner, and for a deck shared with an organisation, that
 * organisation's owners and admins (its editors; its members are pupils). Nobody else, the
 * shipped decks' readers included (they have no owner): a correct flag, accepted answers, a
 * true/false value, a pairing's order or a closest-number card's number would let a player
 * look up the card they just drew. See docs/games/serpent-race.md, Decisions D2.
 */
export async function readsAnswers(
  accounts: AccountDirectory | undefined,
  deck: { ownerId: string | null; orgId: string | null },
  userId: string | null,
): Promise<boolean> {
  if (userId === null) return false;
  if (deck.ownerId !== null && deck.ownerId === userId) return true;
  if (deck.orgId === null) return false;
  const role = await accounts?.roleIn(deck.orgId, userId);
  return role === "owner" || role === "admin";
}

/** A card as everyone else reads it: its id in the deck, type, question and subject. */
export interface QuestionOnly {
  cardid: string;
  type: GameCard["type"];
  question: string;
  topic?: string;
  /** A luck card's or joker's consequence: shown to the whole table when drawn, so no answer. */
  consequence?: unknown;
}

export function questionOnly(card: GameCard): QuestionOnly {
  const out: QuestionOnly = { cardid: card.cardid, type: card.type, question: card.question };
  if ("topic" in card && card.topic) out.topic = card.topic;
  if ("consequence" in card) out.consequence = card.consequence;
  return out;
}

/** The cards as this reader may see them. */
export const cardsFor = (cards: GameCard[], withAnswers: boolean): (GameCard | QuestionOnly)[] =>
  withAnswers ? cards : cards.map(questionOnly);
