import type { Ctx } from "./context";
import { clock } from "./pause";
import { enterPhase, settlePhases } from "./phases";
import { active, newLead, seated, setLead } from "./roles";
import { playerOf } from "./zones";

/**
 * After every input and timer: the table-level rules that do not belong to a phase.
 * A missing lead is replaced; Insufficient Players pauses, resumes or ends the game;
 * then automatic phase transitions run (a presence change can complete a round).
 */
export function settleTable(ctx: Ctx): void {
  const s = ctx.s;
  const lead = playerOf(s, s.roles.lead);
  if (!lead || lead.presence === "left") setLead(ctx, newLead(s));

  if (s.status === "playing" || s.status === "paused") {
    if (seated(s).length < Math.min(2, s.definition.minPlayers)) {
      // "All players leave except one": the game ends (a winner if someone leads on points).
      // A game one may play alone (against a dealer the definition plays) ends when nobody is left.
      clock.resume(ctx);
      enterPhase(ctx, s.definition.endPhase);
      return;
    }
    clock.hold(ctx, "insufficient", active(s).length < s.definition.minPlayers);
  }
  settlePhases(ctx);
}
