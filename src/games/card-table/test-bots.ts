import { expect } from "vitest";
import { isRuleError } from "../../engine/errors";
import { rngNext, seedRng } from "../../engine/rng";
import { Table } from "../../engine/testkit";
import type { CardPack } from "./content/schema";
import type { GameEvent } from "./events";
import { type LegalAction, withRandomChoice } from "./legal-actions";
import type { CardTableState } from "./state";
import { join, rules, seat } from "./test-table";
import type { GameStateView } from "./view";
import { everyCard } from "./zones";

/**
 * Bots that play a shipped definition by choosing uniformly among the legal actions every
 * seat's view lists, checking as they go what must hold in any game: the rules accept every
 * listed action, cards are conserved, and no view shows a card from another seat's hand or
 * from a draw pile. Each game's own tests add what its scores must do (`check`).
 */

export interface BotGame {
  definition: string;
  players: number;
  seed: string;
  packs?: CardPack[];
  settings?: Record<string, unknown>;
  /** Called around every action: return a check to run after it (scores, say). */
  check?: (
    before: CardTableState,
    seat: string,
    action: Record<string, unknown>,
  ) => ((after: CardTableState) => void) | undefined;
}

export interface BotResult {
  table: Table<CardTableState>;
  moves: number;
  ended: GameEvent | undefined;
}

/** The view a seat gets after each input (an update: without the definition, sent once at joining). */
const view = (t: Table<CardTableState>, s: string | null) =>
  (t.rules.view(t.state, s, t.now, "update") as { state: GameStateView }).state;

/**
 * Every card id a view names anywhere: cards (`id`) and actions (`cardId`). Not the last
 * judged round's answers: everyone was shown them then, and a card played there may since
 * have been reshuffled and dealt again, which that record says nothing about.
 */
function idsIn(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) idsIn(x, out);
  else if (v !== null && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      if (k === "lastRound") continue;
      if ((k === "id" || k === "cardId") && typeof x === "string") out.add(x);
      else if (typeof x === "object") idsIn(x, out);
    }
  }
  return out;
}

/** Ids a seat must never see: the other seats' hands, the undealt cards, and face-down cards in hidden table slots (a hole card). */
function secretIds(s: CardTableState, viewer: string): string[] {
  const ids: string[] = [];
  for (const p of s.players) if (p.id !== viewer) for (const c of p.hand) ids.push(c.id);
  for (const d of Object.values(s.decks)) for (const c of d.cards) ids.push(c.id);
  for (const slot of s.definition.slots)
    if (slot.scope === "global" && slot.visibility === "hidden")
      for (const c of s.globalSlots[slot.id] ?? []) if (s.faces[c.id] !== "up") ids.push(c.id);
  return ids;
}

export function playBots(game: BotGame, maxMoves = 5_000): BotResult {
  const t = new Table<CardTableState>(rules, {
    options: {
      definition: game.definition,
      settings: game.settings ?? {},
      ...(game.packs ? { packs: game.packs } : {}),
    },
    seed: game.seed,
  });
  for (let i = 1; i <= game.players; i++) join(t, i);
  t.must(seat(1), { type: "startGame" });
  const rng = seedRng(`bots-${game.seed}`);
  let moves = 0;
  while (t.state.status === "playing" && moves < maxMoves) {
    const seats = t.state.players.filter((p) => !p.virtual).map((p) => p.id);
    const options: { seat: string; a: LegalAction }[] = [];
    for (const id of seats) {
      const v = view(t, id);
      const seen = idsIn(v);
      // A hidden card never reaches another seat.
      for (const secret of secretIds(t.state, id)) if (seen.has(secret)) expect.fail(`${id} sees ${secret}`);
      for (const a of v.legalActions) options.push({ seat: id, a });
    }
    expect(options.length, `somebody can act (move ${moves}, phase ${t.state.currentPhase})`).toBeGreaterThan(0);
    const { seat: who, a } = options[rngNext(rng) % options.length] as { seat: string; a: LegalAction };
    const action = withRandomChoice(a, rng);
    const after = game.check?.(t.state, who, action);
    // The rules as the room host runs them (parsed at the door, then applied); Table's own
    // act would also copy the whole state to check refusals, and every action here must pass.
    const step = t.rules.act(t.state, who, t.rules.intent.parse(action), t.now);
    if (isRuleError(step)) expect.fail(`listed ${JSON.stringify(action)} refused: ${step.error.code}`);
    t.state = step.state as CardTableState;
    after?.(t.state);
    if (t.state.cardCount > 0) {
      const held = everyCard(t.state).reduce((n, z) => n + z.cards.length, 0);
      expect(held, "cards conserved").toBe(t.state.cardCount);
    }
    moves++;
  }
  const ended = t.state.history.findLast((e) => e.type === "gameEnded");
  return { table: t, moves, ended };
}
