import { promptSegments } from "./prompt-text";
import { promptOf, screenOf } from "./table";
import type { Card, GameStateView } from "./wire";

/**
 * Reading the cards aloud (the browser's speech synthesis; off unless a player turns it
 * on): the prompt when a judge draws it, then each answer filled into it when the judge is
 * shown them. Each reading has a key, so a view that changes for another reason (a score, a
 * presence) says nothing again.
 */
export interface Reading {
  key: string;
  lines: string[];
}

/** A filled-in prompt as it is said: an open blank is read as "blank". */
export function spoken(prompt: Card, answers: Card[] = []): string {
  return promptSegments(prompt, answers)
    .map((s) => (s.kind === "blank" ? "blank" : s.text))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

export function readingOf(v: GameStateView): Reading | null {
  if (screenOf(v) !== "judged" || v.status !== "playing") return null;
  const prompt = promptOf(v);
  if (!prompt) return null;
  const entries = v.roundState.anonymized;
  if (entries && entries.length > 0)
    return {
      key: `answers:${v.round}:${prompt.id}`,
      lines: entries.map((e) => `${e.index}. ${spoken(prompt, e.cards)}`),
    };
  return { key: `prompt:${v.round}:${prompt.id}`, lines: [spoken(prompt)] };
}
