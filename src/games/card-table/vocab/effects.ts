import { rngShuffle } from "../../../engine/rng";
import type { Action } from "../actions";
import type { Card } from "../content/schema";
import type { Ctx } from "../context";
import { drawCards } from "../deck";
import type { Effect } from "../definition";
import { runEffect } from "../effects";
import type { CardTableState, Player } from "../state";
import { homeDeck, listIn, playerOf, zoneDef } from "../zones";
import type { Json } from "./engine";
import { factsFor } from "./facts";
import { actionFacts } from "./moves";
import type { VocabEffect } from "./schema";
import { evaluatorFor } from "./session";
import { setVar } from "./state";
import { passTurn, startTurns } from "./turns";

/**
 * The vocabulary's effects (schema.ts), run by the engine's effect dispatcher
 * (effects.ts). `me` in their expressions is the seat the effects are about: the one who
 * acted (after an action), the player of the moment in `forEachPlayer`, else the seat in turn.
 */
export interface EffectScope {
  actor?: string | null;
  action?: Action;
}

function meOf(ctx: Ctx, scope: EffectScope): string | null {
  return scope.actor ?? ctx.s.roles.turn;
}

/** The facts an effect's expressions read, now (effects change the table, so never reused). */
function facts(ctx: Ctx, scope: EffectScope) {
  const me = meOf(ctx, scope);
  const f = factsFor(ctx.s, me);
  const player = playerOf(ctx.s, me);
  return scope.action && player ? { ...f, ...actionFacts(ctx.s, player, scope.action) } : f;
}

/** Run a list of effects, stopping where the engine stops its own lists: a phase change asked for, or a pause. */
export function runEffects(ctx: Ctx, list: readonly Effect[], scope: EffectScope): void {
  for (const e of list) {
    if (ctx.redirect !== null || ctx.halt) return;
    runEffect(ctx, e, scope);
  }
}

export function runVocabEffect(ctx: Ctx, e: VocabEffect, scope: EffectScope): void {
  const s = ctx.s;
  const ev = evaluatorFor(ctx);
  switch (e.type) {
    case "set": {
      const f = facts(ctx, scope);
      const seat = e.player === undefined ? f.me : ev.value(e.player, f);
      // A copy: a value read from the table (a hand, say) must not change when the table does.
      const value = ev.value(e.value, f);
      const stored = (typeof value === "object" && value !== null ? JSON.parse(JSON.stringify(value)) : value) as Json;
      setVar(s, e.var, typeof seat === "string" ? seat : null, stored);
      return;
    }
    case "addScore": {
      const f = facts(ctx, scope);
      const seat = e.player === undefined ? f.me : ev.value(e.player, f);
      const p = typeof seat === "string" ? playerOf(s, seat) : undefined;
      const amount = ev.number(e.amount, f);
      if (!p || amount === 0) return;
      p.score += amount;
      ctx.emit({ type: "scoreChanged", playerId: p.id, newScore: p.score });
      return;
    }
    case "if":
      runEffects(ctx, ev.test(e.cond, facts(ctx, scope)) ? e.do : (e.else ?? []), scope);
      return;
    case "forEachPlayer": {
      // In turn order; each player is `me` for the nested effects.
      const seats = s.turnOrder.filter((id) => {
        const p = playerOf(s, id);
        return p !== undefined && !p.virtual && p.presence !== "left";
      });
      for (const id of seats) {
        if (ctx.redirect !== null || ctx.halt) return;
        const inner: EffectScope = { actor: id };
        if (e.except !== undefined && ev.test(e.except, facts(ctx, inner))) continue;
        runEffects(ctx, e.do, inner);
      }
      return;
    }
    case "move":
      move(ctx, e, scope);
      return;
    case "gather":
      gather(ctx);
      return;
    case "startTurns": {
      const seat = e.rule === "seat" && e.seat !== undefined ? ev.value(e.seat, facts(ctx, scope)) : undefined;
      startTurns(ctx, e.rule, typeof seat === "string" ? seat : null);
      return;
    }
    case "passTurn":
      passTurn(ctx);
      return;
    case "goto":
      ctx.redirect = e.phase;
      return;
  }
}

type MoveEffect = Extract<VocabEffect, { type: "move" }>;

/** The list a zone reference names, for `player` where it is a player's zone. */
function zoneOf(ctx: Ctx, zone: string, player: Player | undefined): Card[] | undefined {
  const s = ctx.s;
  const [kind, id] = zone.split(":");
  if ((kind === "deck" || kind === "discard") && id !== undefined) {
    const deck = ctx.ownDeck(id);
    return kind === "deck" ? deck?.cards : deck?.discardPile;
  }
  if (zone === "hand") return player?.hand;
  const def = zoneDef(s, zone);
  if (!def) return undefined;
  if (def.scope === "global") return listIn(s.globalSlots, zone);
  return player ? listIn(player.slots, zone) : undefined;
}

/**
 * Move up to `count` cards (1 by default) from one zone to another. Taking from a deck
 * draws from its top (its discard pile is shuffled in when it runs out, as for `draw`);
 * from anywhere else "top" is the end of the list (the pile's top card) and "bottom" its
 * start. Cards go on top of piles and slots, and under a deck's draw pile.
 */
function move(ctx: Ctx, e: MoveEffect, scope: EffectScope): void {
  const s = ctx.s;
  const ev = evaluatorFor(ctx);
  const f = facts(ctx, scope);
  const seat = e.player === undefined ? f.me : ev.value(e.player, f);
  const player = typeof seat === "string" ? playerOf(s, seat) : undefined;
  const count = Math.max(0, Math.floor(e.count === undefined ? 1 : ev.number(e.count, f)));
  if (count === 0) return;
  const to = zoneOf(ctx, e.to, player);
  if (!to) return;
  let cards: Card[];
  const [kind, deckId] = e.from.split(":");
  if (kind === "deck" && deckId !== undefined) cards = drawCards(ctx, deckId, count);
  else {
    const from = zoneOf(ctx, e.from, player);
    if (!from || from === to) return;
    const n = Math.min(count, from.length);
    cards = e.take === "bottom" ? from.splice(0, n) : from.splice(from.length - n, n);
  }
  if (cards.length === 0) return;
  for (const c of cards) delete s.faces[c.id];
  to.push(...cards);
  const [toKind, toDeck] = e.to.split(":");
  if (toKind === "deck" && toDeck !== undefined && e.shuffle) rngShuffle(s.rng, to);
  if (e.to === "hand" && player && kind === "deck" && deckId !== undefined)
    ctx.emit({ type: "cardDrawn", playerId: player.id, deckId, count: cards.length });
}

/** Every card back to its deck's draw pile (hands, slots, discard piles), each deck shuffled. */
function gather(ctx: Ctx): void {
  const s = ctx.s;
  const back = (cards: Card[]) => {
    for (const c of cards.splice(0)) {
      const id = homeDeck(s, c);
      const deck = id === undefined ? undefined : ctx.ownDeck(id);
      if (deck) deck.cards.push(c);
      delete s.faces[c.id];
    }
  };
  for (const p of s.players) {
    back(p.hand);
    for (const list of Object.values(p.slots)) back(list);
  }
  for (const list of Object.values(s.globalSlots)) back(list);
  for (const id of Object.keys(s.decks)) {
    const deck = ctx.ownDeck(id);
    if (!deck) continue;
    back(deck.discardPile);
  }
  for (const id of Object.keys(s.decks)) {
    const deck = ctx.ownDeck(id);
    if (deck) rngShuffle(s.rng, deck.cards);
  }
}
