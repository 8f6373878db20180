import type { Ctx } from "./context";
import { pauseGame, resumeGame } from "./pause";
import { enterPhase, settlePhases } from "./phases";
import { active, assignNewLead, seated, setLead } from "./roles";
import { playerOf } from "./zones";

/**
 * After every input and timer: the table-level rules that do not belong to a phase.
 * A missing lead is replaced; Insufficient Players pauses, resumes or ends the game;
 * then automatic phase transitions run (a presence change can complete a round).
 */
export function settleTable(ctx: Ctx): void {
  const s = ctx.s;
  const lead = playerOf(s, s.roles.lead);
  if (!lead || lead.presence === "left") setLead(ctx, assignNewLead(s.players));

  if (s.status === "playing" || s.status === "paused") {
    if (seated(s).length <= 1) {
      // "All players leave except one": the game ends (a winner if someone leads on points).
      if (s.status === "paused") resumeGame(ctx);
      enterPhase(ctx, s.definition.endPhase);
      return;
    }
    const enough = active(s).length >= s.definition.minPlayers;
    if (s.status === "playing" && !enough) pauseGame(ctx, "insufficient");
    else if (s.status === "paused" && s.pause?.reason === "insufficient" && enough) resumeGame(ctx);
  }
  settlePhases(ctx);
}
