import { conditionHolds } from "./conditions";
import type { Ctx } from "./context";
import { available, buildDecks, drawCards, resolvePacks } from "./deck";
import type { Effect } from "./definition";
import { anonymise, award, randoSubmit } from "./judging";
import { exhausted } from "./pause";
import { finalResult } from "./result";
import { active, nextInRotation, randomActive, seated, setJudge, setTurn } from "./roles";
import { type CardTableState, emptyRound, type Player } from "./state";
import { everyEffect } from "./vocab/check";
import { type EffectScope, runVocabEffect } from "./vocab/effects";
import { rankedResult } from "./vocab/result";
import { isVoting } from "./voting";
import { currentPick, discard, playerOf } from "./zones";

/** Whether an effect's `when` holds at this table now (no `when`: always). */
function applies(s: CardTableState, e: Effect): boolean {
  return conditionHolds(s.activeVariants, e.when);
}

/** Run one effect; `scope` says whom the vocabulary's expressions are about (vocab/effects.ts). */
export function runEffect(ctx: Ctx, e: Effect, scope: EffectScope = {}): void {
  const s = ctx.s;
  if (!applies(s, e)) return;
  switch (e.type) {
    case "reset":
      reset(ctx);
      return;
    case "buildDecks": {
      const packs = resolvePacks(s, ctx.library);
      // startGame checked the packs; a pack vanishing from the library mid-room is a bug.
      if (!Array.isArray(packs)) throw new Error(`card-table: ${packs.error.message}`);
      buildDecks(s, packs);
      s.dice = freshDice(s);
      return;
    }
    case "deal":
      deal(ctx, e.deckId, e.upTo ?? s.settings.handSize);
      return;
    case "assignJudge":
      setJudge(ctx, nextJudge(s, e.rule));
      return;
    case "assignTurn": {
      const first = s.turnOrder.find((id) => playerOf(s, id)?.presence === "active") ?? null;
      const id = e.rule === "random" ? randomActive(s) : e.rule === "first" ? first : nextInRotation(s, s.roles.turn);
      setTurn(ctx, id ?? s.roles.turn);
      return;
    }
    case "requireCards":
      if (available(s, e.deckId) < e.count) exhausted(ctx);
      return;
    case "requireAnswers":
      if (!canAnswer(s)) exhausted(ctx);
      return;
    case "randoSubmit":
      randoSubmit(ctx);
      return;
    case "anonymise":
      anonymise(ctx);
      return;
    case "award":
      award(ctx);
      return;
    case "discardSlots":
      discardSlots(ctx, e.slots);
      return;
    case "nextRound":
      ctx.emit({ type: "roundEnded", round: s.round });
      s.round += 1;
      s.roundState = emptyRound();
      return;
    case "scoreDie": {
      const p = playerOf(s, ctx.actor);
      const value = s.dice[e.dieId]?.currentFace?.value;
      if (!p || typeof value !== "number") return;
      p.score += value;
      ctx.emit({ type: "scoreChanged", playerId: p.id, newScore: p.score });
      return;
    }
    case "endGame":
      endGame(ctx);
      return;
    default:
      runVocabEffect(ctx, e, scope);
      return;
  }
}

/** Dice from the definition, not yet rolled. */
export function freshDice(s: CardTableState): CardTableState["dice"] {
  return Object.fromEntries((s.definition.dice ?? []).map((d) => [d.id, { definition: structuredClone(d) }]));
}

/** LOBBY: a clean table for the same people (a rematch); those who left are gone for good. */
function reset(ctx: Ctx): void {
  const s = ctx.s;
  s.status = "lobby";
  s.pause = null;
  s.pausedMs = 0;
  delete s.startedAt;
  delete s.endedAt;
  delete s.resumedAt;
  s.players = s.players.filter((p) => !p.virtual && p.presence !== "left");
  for (const p of s.players) {
    p.hand = [];
    p.slots = {};
    p.score = 0;
  }
  s.turnOrder = s.players.map((p) => p.id);
  s.decks = {};
  s.globalSlots = {};
  s.faces = {};
  s.dice = freshDice(s);
  s.round = 0;
  s.roles.judge = null;
  s.roles.turn = null;
  s.roundState = emptyRound();
  delete s.lastRound;
  delete s.vocab;
  // Vetoed cards stay out of play for the room's next games too.
  s.cardCount = s.vetoed?.length ?? 0;
  s.phaseDeadline = null;
}

/** Everyone still in the game draws up to `upTo` (away players keep and refill their hands). */
export function deal(ctx: Ctx, deckId: string, upTo: number): void {
  const s = ctx.s;
  for (const p of seated(s)) dealTo(ctx, p, deckId, upTo);
}

export function dealTo(ctx: Ctx, p: Player, deckId: string, upTo: number): void {
  const need = upTo - p.hand.length;
  if (need <= 0) return;
  const cards = drawCards(ctx, deckId, need);
  if (cards.length === 0) return;
  p.hand.push(...cards);
  ctx.emit({ type: "cardDrawn", playerId: p.id, deckId, count: cards.length });
}

type JudgeRule = Extract<Effect, { type: "assignJudge" }>["rule"];

/** Who judges next by `rule`; nobody while the table votes (its definition's `votingWhen`). */
function nextJudge(s: CardTableState, rule: JudgeRule): string | null {
  if (isVoting(s)) return null;
  const current = s.roles.judge;
  switch (rule) {
    case "random":
      return randomActive(s) ?? current;
    case "randomOther":
      return randomActive(s, current) ?? current;
    case "winner": {
      const w = playerOf(s, s.roundState.winnerId);
      if (w && !w.virtual && w.presence === "active") return w.id;
      break;
    }
  }
  // rotate, winner's fallback, and any rule the schema does not know (none can arrive: stored
  // definitions are read into today's form, legacy-state.ts; were one to, the judge still
  // passes on rather than to nobody).
  return nextInRotation(s, current) ?? current;
}

/**
 * Whether anyone can answer the prompt: a player holding enough cards, or, when the
 * definition has a `randoSubmit` whose `when` holds now, Rando with a deck to draw from.
 */
function canAnswer(s: CardTableState): boolean {
  const j = s.definition.judging;
  if (!j) return true;
  const pick = currentPick(s);
  if (active(s).some((p) => p.id !== s.roles.judge && p.hand.length >= pick)) return true;
  return randoPlays(s) && available(s, j.answerDeck) >= pick;
}

function randoPlays(s: CardTableState): boolean {
  let plays = false;
  everyEffect(s.definition, (e) => {
    plays ||= e.type === "randoSubmit" && applies(s, e);
  });
  return plays;
}

/**
 * Discard every card in the slots. Answers go in the anonymous order, never in seat order,
 * so the stream of cardDiscarded events cannot tell who wrote what.
 */
function discardSlots(ctx: Ctx, slots: string[]): void {
  const s = ctx.s;
  for (const id of slots) for (const c of (s.globalSlots[id] ?? []).splice(0)) discard(ctx, c);
  const order = s.roundState.shuffledOrder ?? [];
  for (const e of order) {
    if (!slots.includes(e.slot)) continue;
    const p = playerOf(s, e.playerId);
    for (const c of (p?.slots[e.slot] ?? []).splice(0)) discard(ctx, c);
  }
  // Anything left (there is nothing by construction: incomplete answers went home at the reveal).
  for (const p of s.players) for (const id of slots) for (const c of (p.slots[id] ?? []).splice(0)) discard(ctx, c);
}

/**
 * END: standings; a single top scorer with points wins, otherwise no winner is declared. A
 * definition with a `result` rule ranks by it instead, and may share a win (`winners`).
 */
export function endGame(ctx: Ctx): void {
  const s = ctx.s;
  s.status = "ended";
  s.endedAt = ctx.now;
  s.phaseDeadline = null;
  s.pause = null;
  const rule = s.definition.result;
  if (rule) {
    const { winner, winners, finalScores } = rankedResult(s.players, rule);
    ctx.emit({ type: "gameEnded", ...(winner === undefined ? {} : { winner }), winners, finalScores });
    return;
  }
  const { winner, finalScores } = finalResult(s.players);
  ctx.emit(winner === undefined ? { type: "gameEnded", finalScores } : { type: "gameEnded", winner, finalScores });
}
