import type { RuleError } from "../../engine/errors";
import { refuse } from "./codes";
import { deniedWordsIn } from "./content/denylist";
import type { Card } from "./content/schema";
import { freezeCard } from "./copy";
import type { CardTableState } from "./state";

/**
 * Blank answer cards (docs/games/card-table.md, Decisions D17): a judged table may shuffle
 * `blankCards` blank cards into its answer deck. Whoever plays one writes its text as they
 * play it; once discarded it is blank again for the next player who draws it.
 */

/** Longest text a blank card takes: an answer is a few words. */
export const WRITE_IN_MAX = 80;

export function isBlank(card: Card): boolean {
  return card.properties.blank === true;
}

/** The blank cards a table adds to its answer deck, ids `blank-1`… (not a pack's: they are the table's). */
export function blankCards(count: number, type: string): Card[] {
  return Array.from({ length: count }, (_, i) =>
    freezeCard({ id: `blank-${i + 1}`, type, properties: { text: "", blank: true } }),
  );
}

/** The card as played with its text (a new frozen card: the blank one is shared with earlier states). */
export function written(card: Card, text: string): Card {
  return freezeCard({
    ...card,
    properties: { ...card.properties, text: cleanWriteIn(text), blank: false, writeIn: true },
  });
}

/** A written card blank again, as it goes back to a hand or the discard pile. */
export function blankAgain(card: Card): Card {
  return card.properties.writeIn === true
    ? freezeCard({ ...card, properties: { ...card.properties, text: "", blank: true, writeIn: false } })
    : card;
}

/** One line, single spaces, composed characters: what a text compares and shows as. */
export function cleanWriteIn(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

// A write-in is shown to everyone and read aloud: no links, addresses or invisible characters.
const LINK = /(https?:|www\.|[a-z0-9-]+\.(com|net|org|io|gg|ly|me|co|xyz|ru|info)\b|@[a-z0-9-]+\.)/i;
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/** Words of the table's own denylist, matched whole and case-blind, in the written text. */
function blockedWordIn(text: string, blocked: readonly string[]): string | undefined {
  const words = new Set(text.toLocaleLowerCase().split(/[^\p{L}\p{N}']+/u));
  return blocked.find((w) => {
    const b = cleanWriteIn(w).toLocaleLowerCase();
    return b.includes(" ") ? text.toLocaleLowerCase().includes(b) : words.has(b);
  });
}

/** Why a play's `text` is refused for this card (null: it may be played with it). */
export function writeInRefusal(s: CardTableState, card: Card, text: string | undefined): RuleError | null {
  if (!isBlank(card))
    return text === undefined ? null : refuse("not_blank", "Only a blank card takes text; play this one as it is.");
  if (text === undefined) return refuse("write_in_required", "Write the answer on your blank card first.");
  if (INVISIBLE.test(text.replace(/\s/g, " "))) return refuse("write_in_refused", "Write in plain text.");
  const clean = cleanWriteIn(text);
  if (clean.length === 0) return refuse("write_in_required", "Write the answer on your blank card first.");
  if (clean.length > WRITE_IN_MAX)
    return refuse("write_in_too_long", `A blank card takes at most ${WRITE_IN_MAX} characters.`);
  if (LINK.test(clean)) return refuse("write_in_refused", "Links and addresses cannot go on a card.");
  // The shipped cards' own denylist, then the table's.
  if (deniedWordsIn(clean).length > 0 || blockedWordIn(clean, s.settings.blockedWords) !== undefined)
    return refuse("write_in_refused", "One of those words is not allowed at this table.");
  return null;
}
