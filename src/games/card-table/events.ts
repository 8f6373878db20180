import type { Card } from "./content/schema";
import type { DieFace } from "./definition";
import type { Player, PlayerPresence } from "./state";

export interface AnonymizedSubmission {
  /** Display order (shuffled), from 1. */
  index: number;
  cards: Card[];
  /** Only once this entry has won: anonymity ends with the winner's reveal. */
  playerId?: string;
  /** The answer held a card the lead vetoed: withdrawn from the round, its cards and author never shown. */
  withdrawn?: true;
}

/** A player as others may see them: no hand, no hidden slot contents (counts instead). */
export interface PublicPlayer
  extends Pick<
    Player,
    | "id"
    | "name"
    | "avatarUrl"
    | "isLead"
    | "presence"
    | "lastSeen"
    | "joinedAt"
    | "hand"
    | "slots"
    | "score"
    | "virtual"
  > {
  handCount: number;
  slotCounts: Record<string, number>;
}

/** A player as everyone else may see them: how many cards they hold, never which. */
export function publicPlayer(p: Player): PublicPlayer {
  const out: PublicPlayer = {
    id: p.id,
    name: p.name,
    isLead: p.isLead,
    presence: p.presence,
    lastSeen: p.lastSeen,
    joinedAt: p.joinedAt,
    hand: [],
    handCount: p.hand.length,
    slots: {},
    slotCounts: Object.fromEntries(Object.entries(p.slots).map(([k, v]) => [k, v.length])),
    score: p.score,
  };
  if (p.avatarUrl !== undefined) out.avatarUrl = p.avatarUrl;
  if (p.virtual) out.virtual = true;
  return out;
}

/**
 * The document's `GameEvent` list, plus `turnChanged` (turn-based definitions).
 * Events that would leak a hidden card (`cardPlayed` into a hidden slot) keep their
 * fields but carry `"hidden"` as the card id for everyone but the player.
 */
export type GameEvent =
  | { type: "gameCreated"; gameId: string; hostId: string }
  | { type: "playerJoined"; player: PublicPlayer }
  | { type: "playerLeft"; playerId: string; reason: "left" | "kicked" | "disconnected" }
  | { type: "playerPresenceChanged"; playerId: string; presence: PlayerPresence }
  | { type: "gameStarted" }
  | { type: "phaseChanged"; from: string; to: string }
  | { type: "cardDrawn"; playerId: string; deckId: string; count: number }
  | { type: "cardPlayed"; playerId: string; cardId: string; toSlot: string }
  | { type: "cardDiscarded"; cardId: string }
  | { type: "submissionsRevealed"; submissions: AnonymizedSubmission[] }
  | { type: "winnerSelected"; playerId: string; cardIds: string[] }
  /** Extension (voting): someone voted; for what stays secret until the count. */
  | { type: "voteCast"; playerId: string; votesIn: number }
  | { type: "scoreChanged"; playerId: string; newScore: number }
  | { type: "judgeChanged"; playerId: string }
  | { type: "leadChanged"; playerId: string }
  | { type: "roundEnded"; round: number }
  /** `winners` (extension): every winner, for definitions whose `result` rule may share a win. */
  | { type: "gameEnded"; winner?: string; winners?: string[]; finalScores: Record<string, number> }
  | { type: "gamePaused" }
  | { type: "gameResumed" }
  | { type: "dieRolled"; dieId: string; result: DieFace }
  | { type: "turnChanged"; playerId: string }
  /** A player left or was kicked with cards in hand (and unrevealed answers): how many, never which. */
  | { type: "cardsDiscarded"; playerId: string; count: number }
  | { type: "tableLocked"; locked: boolean }
  /** Extension (docs/games/card-table.md, Decisions D18): the lead vetoed a card; never where it was. */
  | { type: "cardVetoed"; cardId: string; text: string };

export const HIDDEN_CARD = "hidden";
