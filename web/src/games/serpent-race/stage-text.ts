import { cardLabel } from "./answers";
import { FIELD_LABEL } from "./board";
import { awayClock } from "./reducer";
import type { PendingView, StateData } from "./wire";

/**
 * What is happening now, in a line for the projector and the phones: who does what. `you`
 * is this screen's seat, so a player reads "You…" for their own turn.
 */
export function stageLine(v: StateData, you: string | null): string {
  if (v.phase === "waiting") return `${v.players.length} joined, ${v.readyCount} ready`;
  if (v.phase === "ended") return v.winnerName ? `${v.winnerName} won the race` : "The race is over";
  const p = v.pending;
  const name = p?.playerName ?? v.currentPlayerName ?? "…";
  const mine = p !== null && p.playerId === you;
  if (!p) return `${name}'s turn`;
  const away = mine ? "none" : awayClock(v);
  // The player to roll is away: the board counts down to the skip, or the turn waits for them.
  if (away === "running") return `${name}'s turn, but they are away`;
  if (away === "waits") return `${name} is away: the turn waits`;
  return mine ? yourLine(p) : theirLine(p, name);
}

const field = (p: PendingView) => (p.fieldType ? FIELD_LABEL[p.fieldType].toLowerCase() : "field");

function yourLine(p: PendingView): string {
  switch (p.kind) {
    case "roll":
      return "Your turn: roll the die";
    case "drawing":
      return `You landed on a ${field(p)}: drawing a card`;
    case "answer":
      return `Your ${p.card ? cardLabel(p.card.cardType).toLowerCase() : "question"} card`;
    case "guess":
      return "Where do you land? Work it out";
    case "decision":
      return "Your joker: the gamemaster decides";
    case "jokerGuess":
      return "Your joker moves you: where do you land?";
  }
}

function theirLine(p: PendingView, name: string): string {
  switch (p.kind) {
    case "roll":
      return `${name}'s turn to roll`;
    case "drawing":
      return `${name} landed on a ${field(p)}: drawing a card`;
    case "answer":
      return `${name} answers a ${p.card ? cardLabel(p.card.cardType).toLowerCase() : "question"} card`;
    case "guess":
      return `${name} works out where they land`;
    case "decision":
      return `The gamemaster decides on ${name}'s joker`;
    case "jokerGuess":
      return `${name} works out where the joker takes them`;
  }
}
