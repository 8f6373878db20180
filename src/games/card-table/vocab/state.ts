import type { CardTableState } from "../state";
import type { Json } from "./engine";

/**
 * What the vocabulary keeps beyond the engine's own state: the definition's variables and
 * the round's turns. It is replaced whole on every change, never edited in place, so the
 * engine's working copy (copy.ts) may share it between states like the other values it
 * only ever replaces.
 */
export interface VocabState {
  /** Table variables by name (absent: the definition's initial value). */
  vars: Readonly<Record<string, Json>>;
  /** Player variables by seat, then name. */
  playerVars: Readonly<Record<string, Readonly<Record<string, Json>>>>;
  /** Seats whose turn is over this round ("each player once, then the round ends"). */
  turnsTaken: readonly string[];
  /** Every seat has had its turn this round. */
  roundDone: boolean;
  /** Who started this round's turns (the next round starts after them with "nextStarter"). */
  starter: string | null;
}

const EMPTY: VocabState = Object.freeze({
  vars: Object.freeze({}),
  playerVars: Object.freeze({}),
  turnsTaken: Object.freeze([]) as readonly string[],
  roundDone: false,
  starter: null,
});

export function vocabOf(s: CardTableState): VocabState {
  return s.vocab ?? EMPTY;
}

/** Replace some of the vocabulary's state (on a working copy). */
export function patchVocab(s: CardTableState, patch: Partial<VocabState>): void {
  s.vocab = { ...vocabOf(s), ...patch };
}

/** A variable's value now: what was set, else the definition's initial value, else null. */
export function varValue(s: CardTableState, name: string, seat: string | null): Json {
  const def = s.definition.vars?.[name];
  const v = vocabOf(s);
  const stored = def?.scope === "player" ? (seat === null ? undefined : v.playerVars[seat]?.[name]) : v.vars[name];
  if (stored !== undefined) return stored;
  // The schema defaults `initial` to 0; a definition read without its defaults means the same.
  return def === undefined ? null : def.initial === undefined ? 0 : def.initial;
}

export function setVar(s: CardTableState, name: string, seat: string | null, value: Json): void {
  const def = s.definition.vars?.[name];
  if (!def) return;
  const v = vocabOf(s);
  if (def.scope === "global") {
    patchVocab(s, { vars: { ...v.vars, [name]: value } });
  } else if (seat !== null) {
    patchVocab(s, { playerVars: { ...v.playerVars, [seat]: { ...v.playerVars[seat], [name]: value } } });
  }
}

/** Every variable of one scope with its current value; player ones for `seat`. */
export function varsOf(s: CardTableState, scope: "global" | "player", seat: string | null): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, def] of Object.entries(s.definition.vars ?? {}))
    if (def.scope === scope) out[name] = varValue(s, name, seat);
  return out;
}
