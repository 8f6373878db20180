import type { Action, Card, GameStateView, PlayerView } from "./wire";

/**
 * The generic table screen's reading of a view: what the seat may do (the server's
 * `legalActions`, never worked out here), what each action is called, and how the table's
 * variables read to people. Pure, so it is tested without a browser.
 */
export type Legal = GameStateView["legalActions"][number];

/** The seat's card actions grouped by the card they name, and the rest in the server's order. */
export function sortLegal(actions: readonly Legal[]): { byCard: Map<string, Legal[]>; other: Legal[] } {
  const byCard = new Map<string, Legal[]>();
  const other: Legal[] = [];
  for (const a of actions) {
    const cardId = (a as { cardId?: unknown }).cardId;
    if (typeof cardId !== "string") other.push(a);
    else byCard.set(cardId, [...(byCard.get(cardId) ?? []), a]);
  }
  return { byCard, other };
}

const DEFAULT_LABEL: Record<string, string> = {
  play: "Play",
  discard: "Discard",
  draw: "Draw",
  roll: "Roll",
  nextTurn: "Done",
  reveal: "Turn face up",
  hide: "Turn face down",
  shuffle: "Shuffle",
  selectWinner: "Pick",
  score: "Score",
};

/**
 * What a button says: the phase's own word for the action (a definition's `labels`), else a
 * plain one; where a card or a die goes when there is more than one place it could.
 */
export function actionLabel(v: GameStateView, a: Legal, several = false): string {
  const phase = v.definition.phases.find((p) => p.id === v.currentPhase);
  const labels: Partial<Record<string, string>> = phase?.labels ?? {};
  const base = labels[a.type] ?? DEFAULT_LABEL[a.type] ?? a.type;
  if (!several) return base;
  const to = (a as { toSlot?: string }).toSlot;
  if (to) return `${base} to ${v.definition.slots.find((x) => x.id === to)?.name.toLowerCase() ?? to}`;
  const die = (a as { dieId?: string }).dieId;
  if (die) return `${base} the ${v.definition.dice?.find((d) => d.id === die)?.name.toLowerCase() ?? die}`;
  const deck = (a as { deckId?: string }).deckId;
  if (deck) return `${base} from the ${v.definition.decks[deck]?.displayName.toLowerCase() ?? deck}`;
  return base;
}

/** The action as it is sent: its free value filled in (a listed action without one is sent as it is). */
export function withChoice(a: Legal, value?: unknown): Action {
  const { field, choices: _choices, range: _range, ...action } = a;
  return (field === undefined ? action : { ...action, [field]: value }) as Action;
}

/** "turnTotal" → "turn total". */
export function varName(id: string): string {
  return id.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** A variable's value as people read it: a seat as its player's name, nothing for null. */
export function varValue(value: unknown, players: readonly PlayerView[]): string | null {
  if (value === null || value === undefined) return null;
  const seat = typeof value === "string" ? players.find((p) => p.id === value) : undefined;
  if (seat) return seat.name;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A card's face as text: its own text, else its rank and suit, else its id; a face-down card has none. */
export function cardText(c: Card): string | null {
  const p = c.properties as Record<string, unknown>;
  if (Object.keys(p).length === 0) return null;
  if (typeof p.text === "string") return p.text;
  if (p.rank !== undefined && p.suit !== undefined) return `${p.rank} ${p.suit}`;
  return c.id;
}

/** Red suits are shown red, as on real cards. */
export const isRed = (c: Card) => (c.properties as { color?: unknown }).color === "red";
