import type { DeckForm, FieldProblem } from "./form";

/**
 * A new deck handed from one page to the editor (an imported file, a duplicate). Kept in
 * session storage too, so reloading the editor does not lose it before it is saved.
 */
export interface Draft {
  form: DeckForm;
  problems: FieldProblem[];
  notes: string[];
}

const KEY = "parlor.serpent.deck-draft";
let pending: Draft | null = null;

export function putDraft(d: Draft): void {
  pending = d;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(d));
  } catch {
    // Kept in memory for this page.
  }
}

/** The draft to edit, if one was handed over (or survives a reload). */
export function readDraft(): Draft | null {
  if (pending) return pending;
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

/** Keep the draft's latest state (called as it is edited), or drop it once saved. */
export function keepDraft(form: DeckForm | null): void {
  if (!form) {
    pending = null;
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing kept.
    }
    return;
  }
  putDraft({ form, problems: [], notes: [] });
}

let flash: string | null = null;

/** A line for the next page to say (a deck saved as new, a deck deleted). */
export function setFlash(text: string): void {
  flash = text;
}

export function takeFlash(): string | null {
  const f = flash;
  flash = null;
  return f;
}
