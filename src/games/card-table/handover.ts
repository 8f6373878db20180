import type { RuleError } from "../../engine/errors";
import { refuse } from "./codes";
import type { CardTableState } from "./state";
import { playerOf } from "./zones";

/**
 * Who may hand a seat to someone watching (docs/games/card-table.md, Decisions D19): a player
 * their own seat, and the lead the seat of a player who is away or disconnected. The seat
 * keeps everything (hand, answers, score, role); only who holds it changes.
 */
export function handoverRefusal(s: CardTableState, by: string, seat: string): RuleError | null {
  const target = playerOf(s, seat);
  if (!target || target.virtual || target.presence === "left") return refuse("unknown_player", `No player ${seat}.`);
  if (by === seat) return null;
  if (s.roles.lead !== by) return refuse("not_lead", "Only the lead can hand over someone else's seat.");
  if (target.presence === "active")
    return refuse("player_here", `${target.name} is here: only they can hand their seat over.`);
  return null;
}
