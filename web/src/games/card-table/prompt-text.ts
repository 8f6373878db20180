/**
 * Filled-in prompts, with the server's own rule (src/games/card-table/interpolate.ts, a
 * pure module with no imports but types): the screens and the server's `text` read the
 * same. An answer fits its sentence: no full stop before more of the sentence, a small
 * letter mid-sentence unless the card is a name ("proper"), "I", or an acronym.
 */
import { promptSegments as fill, type PromptSegment } from "../../../../src/games/card-table/interpolate";
import type { Card } from "./wire";

export type Segment = PromptSegment;

/** The prompt as pieces the screen can style: text, answers filled in, blanks still open. */
export function promptSegments(prompt: Card, answers: Card[] = []): Segment[] {
  return fill(prompt, answers);
}

/** The same as one line of plain text, for labels and screen readers. */
export function promptPlain(prompt: Card, answers: Card[] = []): string {
  return promptSegments(prompt, answers)
    .map((s) => (s.kind === "blank" ? "____" : s.text))
    .join("");
}
