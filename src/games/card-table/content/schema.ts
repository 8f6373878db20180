import { z } from "zod";

/**
 * Card and pack schemas from the Card Table document. `Card` and `CardPack` are generic
 * (any deck type); the `white` and `black` decks additionally follow the CAH rules below.
 */

/** The one blank marker in prompt text: exactly five underscores. */
export const BLANK = "_____";

/** CAH deck types: answers and prompts. */
export const WHITE = "white";
export const BLACK = "black";

/** Runs of underscores of any length, to find blanks and reject malformed ones. */
const UNDERSCORE_RUN = /_+/g;

/** How many `_____` blanks a text holds (each run of underscores counts once). */
export function countBlanks(text: string): number {
  return text.match(UNDERSCORE_RUN)?.length ?? 0;
}

/** Runs of underscores that are not exactly five long: the marker is strict so interpolation can find it. */
export function malformedBlanks(text: string): string[] {
  return (text.match(UNDERSCORE_RUN) ?? []).filter((run) => run !== BLANK);
}

/**
 * Card and pack ids as the document allows: any non-empty string (here at most 200 and
 * 100 characters). The shipped packs keep to lowercase letters, digits and dashes
 * (SHIPPED_ID, checked by the content check).
 */
export const CardId = z.string().min(1).max(200);
export const PackId = z.string().min(1).max(100);
export const SHIPPED_ID = /^[a-z0-9][a-z0-9-]*$/;
/** Longest card text we take: a card is a sentence or two. */
export const MAX_CARD_TEXT = 500;

/** The document's `properties`: named fields are typed, any other key is kept as-is for game-specific use. */
export const CardProperties = z.looseObject({
  text: z.string().min(1).max(MAX_CARD_TEXT).optional(),
  image: z.string().min(1).optional(),
  value: z.number().optional(),
  category: z.string().min(1).optional(),
  pick: z.int().min(1).optional(),
  blanks: z.int().min(0).optional(),
});
export type CardProperties = z.infer<typeof CardProperties>;

export const Card = z.object({
  id: CardId,
  type: z.string().min(1),
  properties: CardProperties,
});
export type Card = z.infer<typeof Card>;

/** An answer card: text only, no prompt fields. */
export const WhiteCard = Card.extend({
  type: z.literal(WHITE),
  properties: CardProperties.extend({
    text: z.string().min(1).max(MAX_CARD_TEXT),
    pick: z.undefined().optional(),
    blanks: z.undefined().optional(),
    /** The text starts with a proper noun (or "I"): it keeps its capital when filled into a prompt. */
    proper: z.boolean().optional(),
  }),
});
export type WhiteCard = z.infer<typeof WhiteCard>;

/**
 * A prompt card. `blanks` is the number of `_____` in the text (0 for a plain question);
 * `pick` is how many answers a player submits. Extra picks beyond the blanks are read
 * after the prompt, so `pick` may exceed `blanks` but never fall short of it.
 */
export const BlackCard = Card.extend({
  type: z.literal(BLACK),
  properties: CardProperties.extend({
    text: z.string().min(1).max(MAX_CARD_TEXT),
    pick: z.int().min(1).max(3),
    blanks: z.int().min(0).max(3),
  }),
}).superRefine((card, ctx) => {
  const { text, pick, blanks } = card.properties;
  const bad = malformedBlanks(text);
  if (bad.length > 0) {
    ctx.addIssue({
      code: "custom",
      path: ["properties", "text"],
      message: `blanks must be exactly five underscores, found "${bad[0]}"`,
    });
  }
  const counted = countBlanks(text);
  if (counted !== blanks) {
    ctx.addIssue({
      code: "custom",
      path: ["properties", "blanks"],
      message: `blanks is ${blanks} but the text has ${counted}`,
    });
  }
  if (blanks > 0 && pick < blanks) {
    ctx.addIssue({
      code: "custom",
      path: ["properties", "pick"],
      message: `pick ${pick} is fewer than the ${blanks} blanks`,
    });
  }
});
export type BlackCard = z.infer<typeof BlackCard>;

/** The rules a card in a given deck must meet: CAH decks get their own, other decks the generic card. */
function deckSchema(deck: string): z.ZodType {
  if (deck === WHITE) return WhiteCard;
  if (deck === BLACK) return BlackCard;
  return Card;
}

export const CardPack = z
  .object({
    id: PackId,
    name: z.string().min(1),
    description: z.string().min(1).optional(),
    official: z.boolean(),
    /**
     * Every answer in this pack that starts with a proper noun is marked `proper: true`, so
     * the others may be lowered mid-sentence when filled into a prompt (the shipped packs).
     */
    marksProperNouns: z.boolean().optional(),
    cards: z.record(z.string().min(1), z.array(Card)),
  })
  .superRefine((pack, ctx) => {
    for (const [deck, cards] of Object.entries(pack.cards)) {
      cards.forEach((card, i) => {
        // The deck key names the card type, so merging packs by deck never mixes types.
        if (card.type !== deck) {
          ctx.addIssue({
            code: "custom",
            path: ["cards", deck, i, "type"],
            message: `card ${card.id} has type "${card.type}" in the "${deck}" deck`,
          });
          return;
        }
        const result = deckSchema(deck).safeParse(card);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({ code: "custom", path: ["cards", deck, i, ...issue.path], message: issue.message });
          }
        }
      });
    }
  });
export type CardPack = z.infer<typeof CardPack>;

/** A CAH pack: the generic pack with both CAH decks present (either may be empty). */
export const CahPack = CardPack.refine((pack) => Array.isArray(pack.cards[WHITE]) && Array.isArray(pack.cards[BLACK]), {
  message: "a CAH pack has a white and a black deck",
  path: ["cards"],
});
