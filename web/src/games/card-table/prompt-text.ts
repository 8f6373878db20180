import type { Card } from "./wire";

const BLANK = "_____";

/** A run of prompt text: plain, an answer filled into it, or a blank still open. */
export type Segment = { kind: "text"; text: string } | { kind: "answer"; text: string } | { kind: "blank" };

/**
 * The server's interpolatePrompt as pieces the screen can style, instead of `**bold**`
 * markup to parse back: each blank takes the next answer, blanks left over stay open,
 * answers beyond the blanks (a pick-2 question) follow the prompt.
 */
export function promptSegments(prompt: Card, answers: Card[] = []): Segment[] {
  const text = prompt.properties.text ?? "";
  const blanks = prompt.properties.blanks ?? prompt.properties.pick ?? 1;
  const parts = text.split(BLANK);
  const out: Segment[] = [];
  let used = 0;
  parts.forEach((part, i) => {
    if (part) out.push({ kind: "text", text: part });
    if (i === parts.length - 1) return;
    const answer = used < blanks ? answers[used] : undefined;
    if (answer) {
      out.push({ kind: "answer", text: answerText(answer) });
      used++;
    } else out.push({ kind: "blank" });
  });
  // A prompt with fewer blanks than picks (or none: a question) reads its answers after it.
  for (const extra of answers.slice(used))
    out.push({ kind: "text", text: " " }, { kind: "answer", text: answerText(extra) });
  return out;
}

/** The same as one line of plain text, for labels and screen readers. */
export function promptPlain(prompt: Card, answers: Card[] = []): string {
  return promptSegments(prompt, answers)
    .map((s) => (s.kind === "blank" ? "____" : s.text))
    .join("");
}

function answerText(card: Card): string {
  return card.properties.text ?? "";
}
