import type { RuleError } from "../../engine/errors";
import { setPresence as changePresence, goneRefusal, playerName, presenceFor } from "../../engine/presence";
import type { PresenceIntent } from "../../engine/rules";
import { refuse } from "./codes";
import type { Ctx } from "./context";
import { dealTo } from "./effects";
import { publicPlayer } from "./events";
import { currentPhase } from "./phases";
import { nextInRotation, seated, setJudge, setTurn } from "./roles";
import type { CardTableState, Player, PlayerPresence } from "./state";
import { discardSubmission } from "./submissions";
import { passesInRounds, passTurn } from "./vocab/turns";
import { discard, playerOf } from "./zones";

/** What a presence change will do, worked out without touching the state. */
export type PresencePlan =
  | { kind: "join"; name: string }
  | { kind: "rejoin"; name: string | undefined }
  | { kind: "set"; presence: "active" | "disconnected" }
  | { kind: "leave" };

/** Presence from the platform (joins, sockets coming and going, leaving for good), checked. */
export function planPresence(s: CardTableState, intent: PresenceIntent): PresencePlan | RuleError {
  const p = playerOf(s, intent.seat);
  const gone = goneRefusal(s.gone[intent.seat] ?? (p?.presence === "left" ? "left" : undefined));
  if (gone) return gone;
  if (p?.virtual) return refuse("unknown_seat", "No such seat.");
  if (intent.status === "joined") {
    if (p) return { kind: "rejoin", name: intent.name };
    if (s.locked) return refuse("table_locked", "The lead has locked this table to newcomers; you can watch.");
    if (seated(s).length >= s.definition.maxPlayers) return refuse("room_full", "This table is full.");
    const wanted = playerName(intent.name) ?? intent.seat;
    if (nameTaken(s, wanted))
      return refuse("name_taken", `Someone here is already called ${wanted}; choose another name.`);
    return { kind: "join", name: wanted };
  }
  if (!p) return refuse("unknown_seat", `Seat ${intent.seat} has not joined.`);
  if (intent.status === "left") return { kind: "leave" };
  // Not "unchanged" even when it is: every presence says when the player was last seen.
  return { kind: "set", presence: presenceFor(intent.status) as "active" | "disconnected" };
}

export function applyPresence(ctx: Ctx, seat: string, plan: PresencePlan): void {
  const s = ctx.s;
  const p = playerOf(s, seat);
  switch (plan.kind) {
    case "join":
      join(ctx, seat, plan.name);
      return;
    case "rejoin": {
      const player = p as Player;
      const renamed = plan.name === undefined ? player.name : (playerName(plan.name) ?? player.id);
      if (!nameTaken(s, renamed, player.id)) player.name = renamed;
      setPresence(ctx, player, "active");
      return;
    }
    case "set":
      setPresence(ctx, p as Player, plan.presence);
      return;
    case "leave":
      leave(ctx, p as Player, "left");
      return;
  }
}

/** Whether another seated player already goes by this name (names differing only in case are the same). */
export function nameTaken(s: CardTableState, name: string, except?: string): boolean {
  const key = name.toLocaleLowerCase();
  return s.players.some((p) => p.id !== except && p.presence !== "left" && p.name.toLocaleLowerCase() === key);
}

function join(ctx: Ctx, seat: string, name: string): void {
  const s = ctx.s;
  const p: Player = {
    id: seat,
    name,
    isLead: false,
    presence: "active",
    lastSeen: ctx.now,
    joinedAt: ctx.now,
    seq: s.nextSeq++,
    hand: [],
    slots: {},
    score: 0,
  };
  s.players.push(p);
  s.turnOrder.push(seat);
  // The room's first player is its host: the document's gameCreated names them.
  if (s.hostId === null) {
    s.hostId = seat;
    ctx.emit({ type: "gameCreated", gameId: s.gameId, hostId: seat });
  }
  ctx.emit({ type: "playerJoined", player: publicPlayer(p) });
  // Joining a game in progress: a hand from the answer deck, and a place at the end of the rotation.
  const handDeck = s.definition.judging?.answerDeck ?? Object.keys(s.decks)[0];
  if ((s.status === "playing" || s.status === "paused") && handDeck && s.decks[handDeck])
    dealTo(ctx, p, handDeck, s.settings.handSize);
}

/**
 * Presence Rules, by the engine's model: absence is timed from the first moment the player
 * stopped being active. Away is a player's own step back, so losing the socket while away
 * makes them disconnected (and starts the grace window from when they stepped away).
 */
export function setPresence(ctx: Ctx, p: Player, presence: PlayerPresence): void {
  p.lastSeen = ctx.now;
  if (changePresence(p, presence, ctx.now, "chosen"))
    ctx.emit({ type: "playerPresenceChanged", playerId: p.id, presence });
}

/**
 * left (or kicked, or never back from a disconnection): hand discarded, out of the
 * rotation, never back. Answers not yet anonymised are discarded; anonymised ones stay,
 * since pulling one out would tell everyone whose it was.
 */
export function leave(ctx: Ctx, p: Player, reason: "left" | "kicked" | "disconnected"): void {
  const s = ctx.s;
  const inGame = s.status === "playing" || s.status === "paused";
  if (inGame && s.roles.judge === p.id) setJudge(ctx, nextInRotation(s, p.id));
  if (s.roles.turn === p.id) {
    if (inGame && passesInRounds(currentPhase(s))) passTurn(ctx);
    else setTurn(ctx, nextInRotation(s, p.id));
  }
  // Face-down cards go quietly: the others hear how many, not which (a hand is secret).
  let discarded = 0;
  for (const c of p.hand.splice(0)) {
    discard(ctx, c, undefined, true);
    discarded++;
  }
  if (inGame && s.roundState.shuffledOrder === undefined) discarded += discardSubmission(ctx, p);
  if (discarded > 0) ctx.emit({ type: "cardsDiscarded", playerId: p.id, count: discarded });
  s.gone[p.id] = reason === "kicked" ? "kicked" : "left";
  s.turnOrder = s.turnOrder.filter((id) => id !== p.id);
  setPresence(ctx, p, "left");
  ctx.emit({ type: "playerLeft", playerId: p.id, reason });
  // Nobody keeps a seat record in a lobby: the table simply loses a chair.
  if (s.status === "lobby") s.players = s.players.filter((x) => x.id !== p.id);
}
