import type { Card } from "./content/schema";
import type { DieFace } from "./definition";
import type { PlayerPresence } from "./state";

export interface AnonymizedSubmission {
  /** Display order (shuffled), from 1. */
  index: number;
  cards: Card[];
  /** Only once this entry has won: anonymity ends with the winner's reveal. */
  playerId?: string;
}

/** A player as others may see them: no hand, no hidden slot contents (counts instead). */
export interface PublicPlayer {
  id: string;
  name: string;
  avatarUrl?: string;
  isLead: boolean;
  presence: PlayerPresence;
  lastSeen: number;
  joinedAt: number;
  hand: Card[];
  handCount: number;
  slots: Record<string, Card[]>;
  slotCounts: Record<string, number>;
  score: number;
  virtual?: true;
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
  | { type: "scoreChanged"; playerId: string; newScore: number }
  | { type: "judgeChanged"; playerId: string }
  | { type: "leadChanged"; playerId: string }
  | { type: "roundEnded"; round: number }
  | { type: "gameEnded"; winner?: string; finalScores: Record<string, number> }
  | { type: "gamePaused" }
  | { type: "gameResumed" }
  | { type: "dieRolled"; dieId: string; result: DieFace }
  | { type: "turnChanged"; playerId: string }
  /** A player left or was kicked with cards in hand (and unrevealed answers): how many, never which. */
  | { type: "cardsDiscarded"; playerId: string; count: number }
  | { type: "tableLocked"; locked: boolean };

export const HIDDEN_CARD = "hidden";
