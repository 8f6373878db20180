import { rngPick, rngShuffle } from "../../engine/rng";
import type { Action } from "./actions";
import type { Ctx } from "./context";
import { drawCards } from "./deck";
import { HIDDEN_CARD } from "./events";
import { selectWinner } from "./judging";
import { clock } from "./pause";
import { currentPhase, enterPhase, runEffects } from "./phases";
import { leave, setPresence } from "./presence";
import { applyPatch } from "./settings";
import { emptyRound } from "./state";
import { isAnswerSlot, markIfComplete, stake } from "./submissions";
import { winnerIndex } from "./validate";
import { vetoCard } from "./vetoes";
import { castVote, isVoting } from "./voting";
import { isBlank, written } from "./write-ins";
import { discard, HAND, playerOf, removeCard, zoneDef, zoneList } from "./zones";

/** Apply a validated action, then the phase's after-action effects. */
export function apply(ctx: Ctx, a: Action): void {
  const s = ctx.s;
  const me = playerOf(s, ctx.actor);
  if (!me) throw new Error("card-table: apply without a validated actor");
  me.lastSeen = ctx.now;
  const phase = currentPhase(s);
  switch (a.type) {
    case "draw": {
      const cards = drawCards(ctx, a.deckId, a.count);
      zoneList(s, a.toZone, me)?.push(...cards);
      ctx.emit({ type: "cardDrawn", playerId: me.id, deckId: a.deckId, count: cards.length });
      break;
    }
    case "play": {
      const taken = removeCard(zoneList(s, a.fromZone, me) ?? [], a.cardId);
      const to = zoneList(s, a.toSlot, me);
      if (!taken || !to) throw new Error("card-table: play without a validated card");
      const card = a.text !== undefined && isBlank(taken) ? written(taken, a.text) : taken;
      const j = s.definition.judging;
      if (j && a.toSlot === j.wagerSlot && s.roundState.stakes[me.id] === undefined) stake(ctx, me);
      delete s.faces[card.id];
      const def = zoneDef(s, a.toSlot);
      if (def?.ordered && a.position !== undefined) to.splice(a.position, 0, card);
      else to.push(card);
      const full = { type: "cardPlayed" as const, playerId: me.id, cardId: card.id, toSlot: a.toSlot };
      if (a.toSlot !== HAND && def?.visibility === "public") ctx.emit(full);
      else ctx.emitSplit(full, me.id, { ...full, cardId: HIDDEN_CARD });
      if (isAnswerSlot(s, a.toSlot)) markIfComplete(ctx, me, a.toSlot);
      break;
    }
    case "discard": {
      const card = removeCard(zoneList(s, a.fromZone, me) ?? [], a.cardId);
      if (card) discard(ctx, card, a.toDeckId);
      break;
    }
    case "reveal":
      s.faces[a.cardId] = "up";
      break;
    case "hide":
      s.faces[a.cardId] = "down";
      break;
    case "shuffle": {
      const deck = ctx.ownDeck(a.deckId);
      if (deck) rngShuffle(s.rng, deck.cards);
      break;
    }
    case "roll": {
      const die = s.dice[a.dieId];
      if (!die) break;
      const face = rngPick(s.rng, die.definition.faces);
      die.currentFace = face;
      die.rolledAt = ctx.now;
      ctx.emit({ type: "dieRolled", dieId: a.dieId, result: face });
      break;
    }
    case "selectWinner": {
      const index = winnerIndex(a);
      if (index !== null && isVoting(s)) castVote(ctx, me, index);
      else if (index !== null) selectWinner(ctx, index);
      break;
    }
    case "setPhase":
      enterPhase(ctx, a.phaseId);
      break;
    case "nextTurn":
      // What passing the turn means is the definition's: its afterAction effects.
      break;
    case "score": {
      const p = playerOf(s, a.playerId);
      if (!p) break;
      p.score += a.delta;
      ctx.emit({ type: "scoreChanged", playerId: p.id, newScore: p.score });
      break;
    }
    case "startGame":
      s.status = "playing";
      s.startedAt = ctx.now;
      s.round = 1;
      s.roundState = emptyRound();
      ctx.emit({ type: "gameStarted" });
      break;
    case "pauseGame":
      clock.pause(ctx, "lead");
      break;
    case "resumeGame":
      clock.resume(ctx);
      break;
    case "endGame":
      enterPhase(ctx, s.definition.endPhase);
      break;
    case "kickPlayer": {
      const target = playerOf(s, a.playerId);
      if (target) leave(ctx, target, "kicked");
      break;
    }
    case "setPresence":
      setPresence(ctx, me, a.presence);
      return;
    case "configure":
      s.settings = applyPatch(s.settings, a.settings);
      s.activeVariants = [...s.settings.activeVariants];
      return;
    case "vetoCard":
      vetoCard(ctx, a.cardId);
      return;
    case "lockTable":
      if (a.locked) s.locked = true;
      else delete s.locked;
      ctx.emit({ type: "tableLocked", locked: a.locked });
      return;
  }
  ctx.lastAction = a.type;
  runEffects(ctx, phase.afterAction?.[a.type], { actor: me.id, action: a });
}
