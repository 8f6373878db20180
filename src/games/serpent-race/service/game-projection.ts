import type { ServiceContext } from "../../../engine/module";
import type { Outbound } from "../../../engine/rules";
import type { SerpentState } from "../state";
import { markEnded, markStarted } from "./game-store";

/**
 * Keeps the game record in step with its room: the start (for a start the gamemaster sent
 * over the socket rather than REST) and the end with its winner (the document's database
 * update when the race is won).
 */
export async function projectSerpentRace(
  { db }: ServiceContext,
  _room: { uid: string; code: string },
  state: unknown,
  out: Outbound[],
): Promise<void> {
  const s = state as SerpentState;
  const events = new Set(out.map((o) => ("msg" in o ? (o.msg as { event?: string }).event : undefined)));
  const names = s.players.filter((p) => !p.left).map((p) => p.name);
  if (events.has("game:started")) await markStarted(db, s.gameId, s.startedAt ?? Date.now(), names);
  if (events.has("game:ended")) {
    const winner = s.players.find((p) => p.seat === s.winner)?.name ?? null;
    await markEnded(db, s.gameId, s.endedAt ?? Date.now(), winner, names);
  }
}
