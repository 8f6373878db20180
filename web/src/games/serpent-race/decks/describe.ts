import { type CardForm, closerRange, readNumber } from "./form";
import { CARD, CONSEQUENCE_LABEL, CONSEQUENCE_UNIT, type ConsequenceCode, LETTERS } from "./types";

/** A consequence in words: "Move forward 2 fields", "Lose 1 turn", "Back to start". */
export function consequenceText(type: ConsequenceCode | null, valueText: string): string {
  if (type === null) return "No consequence";
  const unit = CONSEQUENCE_UNIT[type];
  if (!unit) return CONSEQUENCE_LABEL[type];
  const n = readNumber(valueText) ?? 1;
  const verb = { 0: "Move forward", 1: "Move back", 2: "Lose", 3: "Gain" }[type as 0 | 1 | 2 | 3];
  const noun = unit === "fields" ? (n === 1 ? "field" : "fields") : n === 1 ? "turn" : "turns";
  return `${verb} ${n} ${type === 3 ? `extra ${noun}` : noun}`;
}

/** A card's answer as lines of text, for reading a deck one may not edit. */
export function answerLines(c: CardForm): string[] {
  switch (c.type) {
    case CARD.QUIZ:
      return LETTERS.map((l, i) => `${l}. ${c.options[i]}${c.correct === l ? "  ✓ right" : ""}`);
    case CARD.SENTENCE_PAIRING:
      return c.pairingMode === "sentence" ? [`In order: ${c.sentence}`] : c.pairs.map((p) => `${p.left} → ${p.right}`);
    case CARD.OWN_ANSWER:
      return [`Accepted: ${c.accepted.join(" · ")}`];
    case CARD.TRUE_FALSE:
      return [c.truth === null ? "Not set" : c.truth ? "True" : "False"];
    case CARD.CLOSER: {
      const r = closerRange(c);
      return [`${c.closerCorrect}, within ${c.closerPercent} %${r ? ` (${r.low} to ${r.high})` : ""}`];
    }
    case CARD.JOKER:
    case CARD.LUCK:
      return [consequenceText(c.consequenceType, c.consequenceValue)];
  }
}
