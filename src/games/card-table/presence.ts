import { type RuleError, refuse } from "../../engine/errors";
import type { PresenceIntent } from "../../engine/rules";
import type { Ctx } from "./context";
import { dealTo } from "./effects";
import type { PublicPlayer } from "./events";
import { nextInRotation, seated, setJudge, setTurn } from "./roles";
import type { CardTableState, Player, PlayerPresence } from "./state";
import { discardSubmission } from "./submissions";
import { discard, playerOf } from "./zones";

const MAX_NAME = 40;

export function publicPlayer(p: Player): PublicPlayer {
  const out: PublicPlayer = {
    id: p.id,
    name: p.name,
    isLead: p.isLead,
    presence: p.presence,
    lastSeen: p.lastSeen,
    joinedAt: p.joinedAt,
    hand: [],
    handCount: p.hand.length,
    slots: {},
    slotCounts: Object.fromEntries(Object.entries(p.slots).map(([k, v]) => [k, v.length])),
    score: p.score,
  };
  if (p.avatarUrl !== undefined) out.avatarUrl = p.avatarUrl;
  if (p.virtual) out.virtual = true;
  return out;
}

function cleanName(name: string | undefined, seat: string): string {
  const n = (name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
  return n.length > 0 ? n : seat;
}

/** Presence from the platform: joins, socket comings and goings, leaving for good. */
export function presence(ctx: Ctx, intent: PresenceIntent): RuleError | undefined {
  const s = ctx.s;
  const gone = s.gone[intent.seat];
  const p = playerOf(s, intent.seat);
  if (gone === "kicked") return refuse("kicked", "You were removed from this game.");
  if (gone === "left" || p?.presence === "left") return refuse("left_game", "You left this game and cannot rejoin it.");
  if (p?.virtual) return refuse("unknown_seat", "No such seat.");
  switch (intent.status) {
    case "joined":
      if (p) {
        const renamed = intent.name === undefined ? p.name : cleanName(intent.name, p.id);
        if (!nameTaken(s, renamed, p.id)) p.name = renamed;
        setPresence(ctx, p, "active");
        return;
      }
      return join(ctx, intent.seat, intent.name);
    case "connected":
      if (!p) return refuse("unknown_seat", `Seat ${intent.seat} has not joined.`);
      setPresence(ctx, p, "active");
      return;
    case "disconnected":
      if (!p) return refuse("unknown_seat", `Seat ${intent.seat} has not joined.`);
      setPresence(ctx, p, "disconnected");
      return;
    case "left":
      if (!p) return refuse("unknown_seat", `Seat ${intent.seat} has not joined.`);
      leave(ctx, p, "left");
      return;
  }
}

/** Whether another seated player already goes by this name (names differing only in case are the same). */
export function nameTaken(s: CardTableState, name: string, except?: string): boolean {
  const key = name.toLocaleLowerCase();
  return s.players.some((p) => p.id !== except && p.presence !== "left" && p.name.toLocaleLowerCase() === key);
}

function join(ctx: Ctx, seat: string, name: string | undefined): RuleError | undefined {
  const s = ctx.s;
  if (s.locked) return refuse("table_locked", "The lead has locked this table to newcomers; you can watch.");
  if (seated(s).length >= s.definition.maxPlayers) return refuse("room_full", "This table is full.");
  const wanted = cleanName(name, seat);
  if (nameTaken(s, wanted))
    return refuse("name_taken", `Someone here is already called ${wanted}; choose another name.`);
  const p: Player = {
    id: seat,
    name: wanted,
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
  return;
}

/** Presence Rules: absence is timed from the first moment the player stopped being active. */
export function setPresence(ctx: Ctx, p: Player, presence: PlayerPresence): void {
  p.lastSeen = ctx.now;
  if (p.presence === presence) return;
  p.presence = presence;
  if (presence === "active") delete p.absentSince;
  else p.absentSince ??= ctx.now;
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
  if (s.roles.turn === p.id) setTurn(ctx, nextInRotation(s, p.id));
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

export function isGone(s: CardTableState, seat: string): boolean {
  return s.gone[seat] !== undefined;
}
