import type { CardTableState } from "../state";
import type { Json } from "./engine";
import { varsOf, vocabOf } from "./state";

/** What a seat's view shows of the vocabulary's state. */
export interface VocabView {
  /** The table's variables (not the hidden ones). */
  vars?: Record<string, Json>;
  /** Each player's variables, by seat: public ones for everyone, "owner" ones for their player only, hidden ones for nobody. */
  playerVars?: Record<string, Record<string, Json>>;
  /** Seats whose turn is over this round, when turns go "each player once". */
  turnsTaken?: string[];
}

export function vocabView(s: CardTableState, viewer: string | null): VocabView {
  const defs = Object.entries(s.definition.vars ?? {});
  const out: VocabView = {};
  if (defs.length > 0) {
    const hidden = new Set(defs.filter(([, def]) => def.visibility === "hidden").map(([name]) => name));
    out.vars = Object.fromEntries(Object.entries(varsOf(s, "global", null)).filter(([name]) => !hidden.has(name)));
    const playerVars: Record<string, Record<string, Json>> = {};
    for (const p of s.players) {
      if (p.presence === "left") continue;
      const mine: Record<string, Json> = {};
      const all = varsOf(s, "player", p.id);
      for (const [name, def] of defs)
        if (def.scope === "player" && !hidden.has(name) && (def.visibility !== "owner" || p.id === viewer))
          mine[name] = all[name] ?? null;
      if (Object.keys(mine).length > 0) playerVars[p.id] = mine;
    }
    out.playerVars = playerVars;
  }
  const taken = vocabOf(s).turnsTaken;
  if (taken.length > 0) out.turnsTaken = [...taken];
  return out;
}
