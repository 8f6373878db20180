import type { RoomStage } from "../../engine/rules";
import type { HostCore } from "./core";
import type { HostTurns } from "./turns";

/**
 * Close rooms that have seen no input and no timer for a while: a lobby nobody started (or
 * a finished game) after `quietMs`, a game in progress after `playingMs`. They leave the
 * live store and are marked closed in the log, so restarts stop replaying them.
 */
export async function closeIdle(
  core: HostCore,
  turns: HostTurns,
  limits: { playingMs: number; quietMs: number },
): Promise<number> {
  const { live, log, shared } = core.deps;
  const now = core.clock();
  let closed = 0;
  for (const code of await live.codes()) {
    await turns.run(code, async () => {
      const rec = await live.get(code);
      if (!rec) return;
      const rules = core.game(rec.game).rules;
      const stage: RoomStage = rules.stage?.(rec.state) ?? "playing";
      const idleMs = stage === "playing" ? limits.playingMs : limits.quietMs;
      if (rec.touchedAt > now - idleMs || rules.due(rec.state) !== null) return;
      await log.close(rec.uid, now);
      await live.delete(code);
      core.armAt(code, null, rec.seq);
      await shared?.forget?.(code).catch((err) => core.onError(err, `forget ${code}`));
      closed++;
    });
  }
  return closed;
}
