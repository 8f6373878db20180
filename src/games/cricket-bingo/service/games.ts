import { randomUUID } from "node:crypto";
import { isRuleError } from "../../../engine/errors";
import { ApiRefusal, type ServiceContext } from "../../../engine/module";
import { newGame } from "../new-game";
import type { GridSize, Mode } from "../params";
import { act } from "../rules";
import { dailySeed, utcDate } from "../seed";
import type { GameState } from "../state";
import type { BingoAction, TurnResult } from "../wire";
import { catalogOf } from "./content-versions";
import { dayOf } from "./days";
import { setupOf } from "./setup";
import { appendTurn, findAttempt, type GameRow, getGame, insertGame, turnsOf } from "./store";

/**
 * Games in play: each loaded once (rebuilt from its logged turns, so a restart loses
 * nothing) and kept while it is being played; one turn at a time per game. A turn is
 * written to the database before its reply, and the turn's sequence number is unique per
 * game, so two servers can never both apply a turn to the same position.
 */
const states = new Map<string, GameState>();
const STATE_LIMIT = 2000;
const queues = new Map<string, Promise<unknown>>();

function remember(id: string, state: GameState) {
  states.delete(id);
  states.set(id, state);
  if (states.size > STATE_LIMIT) states.delete(states.keys().next().value as string);
}

function inTurn<T>(id: string, fn: () => Promise<T>): Promise<T> {
  const prev = queues.get(id) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  const settled = next.catch(() => {});
  queues.set(id, settled);
  void settled.then(() => {
    if (queues.get(id) === settled) queues.delete(id);
  });
  return next;
}

/** The seed a new game of `date` is dealt from: the date mixed with this deployment's secret. */
export function seedFor(ctx: ServiceContext, date: string): string {
  return dailySeed(date, setupOf(ctx).secret);
}

/**
 * The game's state now: the cache, or a replay of its logged turns on its own day, dealt
 * again from the seed and the content version it recorded (a game always finds what it was
 * played with, whatever the content or the secret have become since).
 */
async function stateOf(ctx: ServiceContext, row: GameRow): Promise<GameState> {
  const cached = states.get(row.id);
  if (cached) return cached;
  const catalog = await catalogOf(ctx.db, setupOf(ctx).catalog(), row.contentVersion);
  let state = newGame(dayOf(row.date, row.gridSize, { seed: row.seed ?? dailySeed(row.date), catalog }), row.mode);
  for (const t of await turnsOf(ctx.db, row.id)) {
    const turn = act(state, t.action, t.at);
    if (isRuleError(turn)) throw new Error(`cricket-bingo: logged turn ${t.seq} of ${row.id} refused`);
    state = turn.state;
  }
  remember(row.id, state);
  return state;
}

export interface Started {
  row: GameRow;
  state: GameState;
  created: boolean;
}

/**
 * docs/games/cricket-bingo.md, Decisions D7: one attempt per player, date and size.
 * Asking again returns that attempt, in the mode it was started in whatever mode is asked
 * for: a second mode would be a second go at the same deck (and assisted shows where each
 * card fits).
 */
export async function startOrResume(
  ctx: ServiceContext,
  who: { playerId: string; displayName: string },
  date: string,
  gridSize: GridSize,
  mode: Mode,
  ranked: boolean,
): Promise<Started> {
  const existing = await findAttempt(ctx.db, who.playerId, date, gridSize);
  if (existing) return { row: existing, state: await stateOf(ctx, existing), created: false };
  const setup = setupOf(ctx);
  const seed = seedFor(ctx, date);
  const state = newGame(dayOf(date, gridSize, { seed, catalog: setup.catalog() }), mode);
  // The game names its content version: that version is kept first.
  await setup.kept();
  const row: GameRow = {
    id: randomUUID(),
    playerId: who.playerId,
    displayName: who.displayName,
    date,
    gridSize,
    mode,
    ranked,
    onTheDay: date === utcDate(ctx.now()),
    contentVersion: state.contentVersion,
    seed,
    status: "playing",
    score: 0,
    createdAt: ctx.now(),
    finishedAt: null,
  };
  if (!(await insertGame(ctx.db, row))) {
    // Started by another request of the same player a moment ago: that one is the attempt.
    const theirs = (await findAttempt(ctx.db, who.playerId, date, gridSize))!;
    return { row: theirs, state: await stateOf(ctx, theirs), created: false };
  }
  remember(row.id, state);
  return { row, state, created: true };
}

/** The game, for its owner only (anyone else is told it does not exist). */
export async function ownGame(
  ctx: ServiceContext,
  id: string,
  playerId: string,
): Promise<{ row: GameRow; state: GameState }> {
  const row = await getGame(ctx.db, id);
  if (!row || row.playerId !== playerId) throw new ApiRefusal(404, "game_not_found", "No such game of yours.");
  return { row, state: await stateOf(ctx, row) };
}

/** Refusal codes as HTTP statuses: a move the game's state rules out is a conflict. */
const STATUS: Record<string, number> = { game_over: 409, cell_filled: 409, no_wildcards: 409, turn_conflict: 409 };

/** Play one turn: refused with a code and nothing changed, or logged before the reply. */
export function playTurn(
  ctx: ServiceContext,
  id: string,
  playerId: string,
  action: BingoAction,
): Promise<{ row: GameRow; state: GameState; result: TurnResult }> {
  return inTurn(id, async () => {
    const { row, state } = await ownGame(ctx, id, playerId);
    const at = ctx.now();
    const turn = act(state, action, at);
    if (isRuleError(turn)) throw new ApiRefusal(STATUS[turn.error.code] ?? 400, turn.error.code, turn.error.message);
    const seq = state.history.length + 1;
    const streakBest = Math.max(turn.state.streak, 0);
    const logged = await appendTurn(
      ctx.db,
      row.id,
      { seq, at, action },
      { status: turn.state.status, score: turn.state.score, streakBest },
    );
    if (!logged) {
      // This turn was played elsewhere first (another server, or this copy of the state was
      // out of date). The action was meant for the card the player saw, which may be gone:
      // refuse it, and read the logged turns again next time.
      states.delete(row.id);
      throw new ApiRefusal(
        409,
        "turn_conflict",
        "This game moved on elsewhere (another tab or device); reload it and play the card now on show.",
      );
    }
    remember(row.id, turn.state);
    return { row, state: turn.state, result: turn.result };
  });
}

/** Forget cached states (tests: as after a restart). */
export function forgetStates(): void {
  states.clear();
}
