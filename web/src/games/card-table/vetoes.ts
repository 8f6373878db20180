import { isLead, meOf, promptOf, screenOf } from "./table";
import type { Card, GameStateView } from "./wire";

/**
 * What the lead's veto panel offers (docs/games/card-table.md, Decisions D18): the cards the
 * lead can see on a judged table, where they see them: the prompt, the answers once revealed
 * (a withdrawn one shows nothing), then their own hand. Legal actions never list the veto
 * (it is table administration), so the panel works it out from the view.
 */
export interface VetoableCard {
  card: Card;
  where: "prompt" | "answer" | "hand";
}

export function vetoableCards(v: GameStateView): VetoableCard[] {
  if (!isLead(v) || screenOf(v) !== "judged" || v.status === "lobby") return [];
  const out: VetoableCard[] = [];
  const add = (card: Card | undefined, where: VetoableCard["where"]) => {
    if (card && card.id !== "hidden" && !out.some((x) => x.card.id === card.id)) out.push({ card, where });
  };
  add(promptOf(v), "prompt");
  for (const e of v.roundState.anonymized ?? []) for (const c of e.cards) add(c, "answer");
  for (const c of meOf(v)?.hand ?? []) add(c, "hand");
  return out;
}

/** A card's words for a button or list: a blank card has none yet. */
export function cardWords(card: Pick<Card, "properties">): string {
  const text = card.properties.text;
  return typeof text === "string" && text.trim() !== "" ? text : "(a blank card)";
}

/** Reasons a report may give, with the words the form shows (the server's list: service/reports.ts). */
export const REPORT_REASONS = [
  ["offensive", "Offensive"],
  ["hateful", "Hateful"],
  ["explicit", "Too explicit"],
  ["broken", "Broken text"],
  ["other", "Something else"],
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number][0];
