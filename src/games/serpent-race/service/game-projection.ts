import type { Projection } from "../../../engine/module";
import { type SerpentState, stillIn } from "../state";
import { markEnded, markStarted } from "./game-store";

/**
 * Keeps the game record in step with its room: the start (for a start the gamemaster sent
 * over the socket rather than REST) and the end with its winner (the document's database
 * update when the race is won).
 */
export const projectSerpentRace: Projection = async ({ db }, _room, state, out) => {
  const s = state as SerpentState;
  const events = new Set(out.map((o) => ("msg" in o ? (o.msg as { event?: string }).event : undefined)));
  const names = s.players.filter(stillIn).map((p) => p.name);
  if (events.has("game:started")) await markStarted(db, s.gameId, s.startedAt ?? Date.now(), names);
  if (events.has("game:ended")) {
    const winner = s.players.find((p) => p.seat === s.winner)?.name ?? null;
    await markEnded(db, s.gameId, s.endedAt ?? Date.now(), winner, names);
  }
};
