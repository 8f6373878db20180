import type { Perspective } from "../perspective";
import type { TriviaClient } from "../reducer";

/**
 * Who may still buzz, in words that follow the buzzers as they change: empty for a player
 * who may buzz (they get the button instead), a sentence for everyone else.
 */
export function buzzStatus(s: Pick<TriviaClient, "buzzer">, p: Perspective): string {
  const b = s.buzzer;
  const open = (["P1", "P2"] as const).filter((seat) => !b || b[seat] === "AVAILABLE");
  if (p.isPlayer) {
    if (open.includes(p.me)) return "";
    return open.includes(p.opp)
      ? `You have used your buzz. ${p.name(p.opp)} can still try.`
      : "Neither of you can buzz now.";
  }
  if (open.length === 2) return "Both players can buzz.";
  if (open.length === 1) return `${p.name(open[0]!)} can still buzz.`;
  return "Nobody can buzz now.";
}
