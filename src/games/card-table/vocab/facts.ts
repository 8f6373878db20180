import type { Card } from "../content/schema";
import type { CardTableState, Player } from "../state";
import type { Json } from "./engine";
import { varsOf, vocabOf } from "./state";

/**
 * The game state as expressions read it ("facts"), built fresh for the state and the seat
 * an expression is about (`me`). Cards are the state's own frozen objects, shared, never
 * copied. Everything is read-only: expressions compute values, only effects change the table.
 * docs/card-table/definitions.md lists every fact.
 */

export interface PlayerFacts {
  id: string;
  name: string;
  score: number;
  hand: readonly Card[];
  handCount: number;
  slots: Readonly<Record<string, readonly Card[]>>;
  vars: Record<string, Json>;
  presence: string;
  active: boolean;
}

export interface Facts {
  round: number;
  phase: string;
  status: string;
  turn: string | null;
  judge: string | null;
  lead: string | null;
  me: string | null;
  my: PlayerFacts | null;
  players: Record<string, PlayerFacts>;
  seats: string[];
  playerCount: number;
  others: PlayerFacts[];
  everyone: PlayerFacts[];
  slots: Readonly<Record<string, readonly Card[]>>;
  decks: Record<string, { count: number; discardCount: number; available: number }>;
  dice: Record<string, Json>;
  vars: Record<string, Json>;
  settings: unknown;
  scores: Record<string, number>;
  topScore: number;
  leaders: string[];
  turnsTaken: readonly string[];
  roundDone: boolean;
  /** Set for a move's tests: the action, the card it names, and the choice it carries. */
  action?: unknown;
  card?: Card | null;
  choice?: Json;
}

/** The names a `var` path may start with; `it` is bound by `count`, `where` and `ref`. */
export const FACT_ROOTS: ReadonlySet<string> = new Set([
  "round",
  "phase",
  "status",
  "turn",
  "judge",
  "lead",
  "me",
  "my",
  "players",
  "seats",
  "playerCount",
  "others",
  "everyone",
  "slots",
  "decks",
  "dice",
  "vars",
  "settings",
  "scores",
  "topScore",
  "leaders",
  "turnsTaken",
  "roundDone",
  "action",
  "card",
  "choice",
  "it",
]);

function playerFacts(s: CardTableState, p: Player): PlayerFacts {
  return {
    id: p.id,
    name: p.name,
    score: p.score,
    hand: p.hand,
    handCount: p.hand.length,
    slots: p.slots,
    vars: varsOf(s, "player", p.id),
    presence: p.presence,
    active: p.presence === "active",
  };
}

/** Players still at the table (not left), virtual ones (rando) included, as facts by seat. */
export function factsFor(s: CardTableState, me: string | null): Facts {
  const players: Record<string, PlayerFacts> = {};
  const scores: Record<string, number> = {};
  const seated = s.players.filter((p) => p.presence !== "left");
  for (const p of seated) {
    players[p.id] = playerFacts(s, p);
    scores[p.id] = p.score;
  }
  const topScore = seated.length > 0 ? Math.max(...seated.map((p) => p.score)) : 0;
  // Others in turn order, starting after me (the next player first).
  const order = s.turnOrder.filter((id) => players[id] !== undefined);
  const at = me === null ? -1 : order.indexOf(me);
  const around = at < 0 ? order : [...order.slice(at + 1), ...order.slice(0, at)];
  const decks: Facts["decks"] = {};
  for (const [id, d] of Object.entries(s.decks))
    decks[id] = {
      count: d.cards.length,
      discardCount: d.discardPile.length,
      available: d.cards.length + d.discardPile.length,
    };
  const dice: Record<string, Json> = {};
  for (const [id, d] of Object.entries(s.dice)) dice[id] = d.currentFace?.value ?? null;
  // Every global slot, empty ones too, so `slots.<id>` is always a list.
  const slots: Record<string, readonly Card[]> = {};
  for (const def of s.definition.slots) if (def.scope === "global") slots[def.id] = s.globalSlots[def.id] ?? [];
  const v = vocabOf(s);
  return {
    round: s.round,
    phase: s.currentPhase,
    status: s.status,
    turn: s.roles.turn,
    judge: s.roles.judge,
    lead: s.roles.lead,
    me,
    my: me === null ? null : (players[me] ?? null),
    players,
    seats: order.filter((id) => players[id]?.active),
    playerCount: seated.filter((p) => !p.virtual).length,
    others: around.filter((id) => id !== me).map((id) => players[id] as PlayerFacts),
    everyone: order.map((id) => players[id] as PlayerFacts),
    slots,
    decks,
    dice,
    vars: varsOf(s, "global", null),
    settings: s.settings,
    scores,
    topScore,
    leaders: seated.filter((p) => p.score === topScore).map((p) => p.id),
    turnsTaken: v.turnsTaken,
    roundDone: v.roundDone,
  };
}
