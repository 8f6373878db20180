import { asSent } from "../../../src/games/card-table/legal-actions";
import type { GameStateView } from "../../../src/games/card-table/view";
import { type Rng, rngInt } from "./random";

export interface CardTableBotOptions {
  /** As the lead, start the game once this many players are at the table (unset: never start; a test starts it). */
  startWith?: number;
  /**
   * Any listed action, its free value at random, drawn from this generator. Without one the
   * bot always makes the first listed action with the first value offered (CAH: the judge
   * draws, answers are the hand's first cards in order, the judge picks entry 1): for tests
   * that know what was played, and for speed.
   */
  rng?: Rng;
}

/**
 * A Card Table player's next action (the `action` of an `action` message), or null to wait,
 * from the seat's latest `state` view alone. Game moves come only from the view's
 * `legalActions`, so the bot plays any definition the server does (CAH, the definition
 * games, an uploaded one) and never decides legality itself; the lobby's start is the only
 * table administration it does.
 */
export function cardTableMove(
  view: GameStateView | null,
  options: CardTableBotOptions = {},
): Record<string, unknown> | null {
  const me = view?.you;
  if (!view || !me) return null;
  if (view.status === "lobby") {
    const here = view.players.filter((p) => !p.virtual && p.presence === "active").length;
    const lead = view.roles.lead === me;
    return options.startWith !== undefined && lead && here >= options.startWith ? { type: "startGame" } : null;
  }
  const listed = view.legalActions;
  if (listed.length === 0) return null;
  const { rng } = options;
  const index = (n: number) => (rng ? rngInt(rng, n) : 0);
  return asSent(listed[index(listed.length)]!, index);
}

/**
 * Whether `move` may still be made in `view`: the start while the table is in its lobby,
 * any other move while the view lists it (the same type, card, slot or entry; its free
 * value is the player's). A bot that waits before acting checks this before it sends.
 */
export function stillListed(view: GameStateView | null, move: Record<string, unknown>): boolean {
  if (!view) return false;
  if (move.type === "startGame") return view.status === "lobby";
  const same = (listed: Record<string, unknown>) =>
    Object.entries(move).every(([k, v]) => k === "choice" || k === "delta" || listed[k] === v);
  return view.legalActions.some((a) => same(a as unknown as Record<string, unknown>));
}
