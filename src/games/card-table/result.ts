import type { Player } from "./state";

/** How a game ended: every player's score, and the winner (a single top scorer with points; otherwise none). */
export function finalResult(players: readonly Pick<Player, "id" | "score">[]): {
  finalScores: Record<string, number>;
  winner?: string;
} {
  const finalScores = Object.fromEntries(players.map((p) => [p.id, p.score]));
  const top = Math.max(0, ...players.map((p) => p.score));
  const leaders = players.filter((p) => p.score === top);
  const winner = top > 0 && leaders.length === 1 ? leaders[0]?.id : undefined;
  return winner === undefined ? { finalScores } : { finalScores, winner };
}
