import type { Card } from "./content/schema";

const BLANK = "_____";

/**
 * The document's interpolatePrompt: each blank takes the next answer in bold; answers
 * beyond the blanks (pick > blanks) are appended. A replacer function keeps answer text
 * literal (a string replacement would read "$&" or "$1" in a card as a pattern).
 */
export function interpolatePrompt(blackCard: Card, whiteCards: Card[]): string {
  let result = blackCard.properties.text ?? "";
  const blanks = blackCard.properties.blanks ?? blackCard.properties.pick ?? 1;
  for (let i = 0; i < blanks && i < whiteCards.length; i++) {
    const text = whiteCards[i]?.properties.text ?? "";
    result = result.replace(BLANK, () => `**${text}**`);
  }
  if (whiteCards.length > blanks) {
    const extras = whiteCards.slice(blanks).map((c) => c.properties.text);
    result += ` ${extras.join(" ")}`;
  }
  return result;
}
