import type { Player } from "../state";
import type { ResultRule } from "./schema";

/**
 * Final standings by a definition's `result` rule: the best score is the highest or the
 * lowest, and a tie for it is shared (every tied player wins) or has no winner. `winner`
 * is set for a single winner, as the engine's own result does; `winners` lists them all.
 */
export function rankedResult(
  players: readonly Pick<Player, "id" | "score">[],
  rule: ResultRule,
): { finalScores: Record<string, number>; winner?: string; winners: string[] } {
  const finalScores = Object.fromEntries(players.map((p) => [p.id, p.score]));
  if (players.length === 0) return { finalScores, winners: [] };
  const scores = players.map((p) => p.score);
  const best = rule.rank === "lowest" ? Math.min(...scores) : Math.max(...scores);
  const top = players.filter((p) => p.score === best).map((p) => p.id);
  if (top.length === 1) return { finalScores, winner: top[0] as string, winners: top };
  return { finalScores, winners: rule.ties === "shared" ? top : [] };
}
