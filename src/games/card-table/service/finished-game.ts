import { finalResult } from "../result";
import type { CardTableState, LastRound, PlayerPresence } from "../state";

/**
 * What a finished game's `games.state` holds: enough to show the game (who played, the
 * scores, the winner, the last round) and to find everything else. The room's inputs are in
 * its durable log (the games row's id is the room's uid), and the content it was played with
 * is named here by reference, so a replay rebuilds every deck. Decks, hands and card texts
 * are left out: with the largest packs a whole state was megabytes, and storing twenty at
 * once ran a 256 MB heap out (docs/games/card-table.md, "Decisions").
 */
export interface FinishedGame {
  /** The shape of this summary (rows written before it held the whole state, with `v: 1`). */
  summary: 1;
  gameId: string;
  definitionId: string;
  definitionName: string;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  /** Rounds begun (the round counter when the game ended). */
  rounds: number;
  activeVariants: string[];
  winner?: string;
  finalScores: Record<string, number>;
  players: { id: string; name: string; score: number; presence: PlayerPresence; virtual?: true }[];
  /** Seats that left or were kicked. */
  gone: Record<string, "left" | "kicked">;
  /** The last judged round, with every answer's author (anonymity ended with its judging). */
  lastRound?: LastRound;
  /** The content the game was played with, by reference (uploaded packs by version, sent ones by hash). */
  packRefs: { id: string; version: number }[];
  inlineRefs: { id: string; hash: string }[];
}

export function finishedGame(s: CardTableState): FinishedGame {
  const { winner, finalScores } = finalResult(s.players);
  return {
    summary: 1,
    gameId: s.gameId,
    definitionId: s.definitionId,
    definitionName: s.definition.name,
    createdAt: s.createdAt,
    ...(s.startedAt !== undefined ? { startedAt: s.startedAt } : {}),
    ...(s.endedAt !== undefined ? { endedAt: s.endedAt } : {}),
    rounds: s.round,
    activeVariants: [...s.activeVariants],
    ...(winner !== undefined ? { winner } : {}),
    finalScores,
    players: s.players.map((p) => ({
      id: p.id,
      name: p.name,
      score: p.score,
      presence: p.presence,
      ...(p.virtual ? { virtual: true as const } : {}),
    })),
    gone: { ...s.gone },
    ...(s.lastRound ? { lastRound: s.lastRound } : {}),
    packRefs: s.packRefs ?? [],
    inlineRefs: s.inlineRefs ?? [],
  };
}
