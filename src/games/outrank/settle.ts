import type { Ctx } from "./context";
import { finish } from "./end";
import { clock, moveOnWhenReady, skipAbsentCurrent } from "./flow";
import { activeCount, seatedCount, settleLead } from "./roster";
import { MIN_PLAYERS } from "./state";

/**
 * After every input and timer, the table-level rules: a missing lead is replaced; fewer
 * than two players still seated ends the game; fewer than two connected pauses it, and it
 * resumes by itself when two are back; a player to act who is away is skipped; the round-end
 * pause ends once everyone present is ready.
 */
export function settle(ctx: Ctx): void {
  settleLead(ctx);
  const s = ctx.s;
  if (s.phase !== "challenge" && s.phase !== "drafting" && s.phase !== "roundEnd") return;
  if (seatedCount(s) < MIN_PLAYERS) {
    finish(ctx, "abandoned");
    return;
  }
  clock.hold(ctx, "insufficient", activeCount(s) < MIN_PLAYERS);
  skipAbsentCurrent(ctx);
  moveOnWhenReady(ctx);
}
