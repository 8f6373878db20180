import type { RuleError } from "../../engine/errors";
import { setPresence as changePresence, changes, goneRefusal, playerName } from "../../engine/presence";
import type { PresenceIntent } from "../../engine/rules";
import { refuse } from "./codes";
import type { Ctx } from "./context";
import { newPlayer } from "./roster";
import { applyPatch } from "./settings";
import { MAX_PLAYERS, type OutrankState, type Player, type Presence } from "./state";

/** What a presence change will do; worked out without touching the state. */
export type PresencePlan =
  | { kind: "noop" }
  | { kind: "join"; name: string }
  | { kind: "device"; name: string }
  | { kind: "rename"; index: number; name: string }
  | { kind: "set"; presence: "active" | "disconnected" }
  | { kind: "leave" };

/** The players a seat speaks for: its own player online, the whole table in table mode. */
function playersOf(s: OutrankState, seat: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players.length; i++) {
    const p = s.players[i] as Player;
    if (p.seat === seat && p.presence !== "left") out.push(i);
  }
  return out;
}

function unchanged(s: OutrankState, seat: string, presence: Presence): boolean {
  return playersOf(s, seat).every((i) => !changes(s.players[i] as Player, presence));
}

/**
 * Presence from the platform (joins, sockets coming and going, leaving for good), checked.
 * Refusing a join with `left_game` or `kicked` makes the platform offer the next seat; any
 * other refusal (full, started, table mode) keeps the newcomer out, watching.
 */
export function planPresence(s: OutrankState, intent: PresenceIntent): PresencePlan | RuleError {
  const seat = intent.seat;
  const gone = goneRefusal(s.gone[seat]);
  if (gone) return gone;
  const mine = playersOf(s, seat);
  const known = s.mode === "table" ? s.device === seat : mine.length > 0;

  if (!known) {
    if (intent.status !== "joined") return refuse("unknown_seat", `Seat ${seat} has not joined.`);
    if (s.mode === "table") {
      if (s.device !== null) return refuse("table_mode", "This table is played on one device; you can watch.");
      if (s.phase !== "lobby") return refuse("game_in_progress", "The game has started; you can watch.");
      return { kind: "device", name: playerName(intent.name) ?? "Player 1" };
    }
    if (s.phase !== "lobby") return refuse("game_in_progress", "The game has started; you can watch.");
    if (s.players.length >= MAX_PLAYERS) return refuse("room_full", "This table is full.");
    return { kind: "join", name: playerName(intent.name) ?? seat };
  }

  switch (intent.status) {
    case "joined":
    case "connected": {
      // Online, a seat coming back in the lobby may bring a new name.
      const i = mine[0];
      if (s.mode === "online" && s.phase === "lobby" && i !== undefined && intent.name !== undefined) {
        const name = playerName(intent.name) ?? seat;
        if (name !== (s.players[i] as Player).name) return { kind: "rename", index: i, name };
      }
      return unchanged(s, seat, "active") ? { kind: "noop" } : { kind: "set", presence: "active" };
    }
    case "disconnected":
      return unchanged(s, seat, "disconnected") ? { kind: "noop" } : { kind: "set", presence: "disconnected" };
    case "left":
      return { kind: "leave" };
  }
}

export function applyPresence(ctx: Ctx, seat: string, plan: PresencePlan): void {
  const s = ctx.s;
  switch (plan.kind) {
    case "noop":
      return;
    case "join": {
      const p = newPlayer(s, seat, seat, plan.name, ctx.now);
      s.players.push(p);
      ctx.emit({ type: "playerJoined", player: { id: p.id, name: p.name, seat } });
      return;
    }
    case "device": {
      s.device = seat;
      addLocalPlayer(ctx, plan.name);
      return;
    }
    case "rename": {
      const p = s.players[plan.index] as Player;
      p.name = plan.name;
      setPresence(ctx, p, "active");
      return;
    }
    case "set":
      for (const i of playersOf(s, seat)) setPresence(ctx, s.players[i] as Player, plan.presence);
      return;
    case "leave":
      for (const i of playersOf(s, seat).reverse()) leavePlayer(ctx, i, "left");
      s.gone[seat] = "left";
      if (s.device === seat) s.device = null;
      return;
  }
}

/** Table mode: a player sitting at the device's table ("T1", "T2", … never reused). */
export function addLocalPlayer(ctx: Ctx, name: string): void {
  const s = ctx.s;
  const seat = s.device as string;
  const p = newPlayer(s, `T${s.nextSeq + 1}`, seat, name, ctx.now);
  s.players.push(p);
  ctx.emit({ type: "playerJoined", player: { id: p.id, name: p.name, seat } });
}

export function setPresence(ctx: Ctx, p: Player, presence: Presence): void {
  if (changePresence(p, presence, ctx.now)) ctx.emit({ type: "presenceChanged", playerId: p.id, presence });
}

/**
 * A player leaves (or is kicked, or removed from a table-mode lobby). In the lobby the
 * chair goes; in a game the record stays for the standings, out of every round to come.
 * Their tokens stay theirs (this-round ones become safe at the round's end as anyone's do).
 */
export function leavePlayer(ctx: Ctx, i: number, reason: "left" | "kicked" | "removed"): void {
  const s = ctx.s;
  const p = s.players[i] as Player;
  if (s.phase === "lobby") {
    s.players.splice(i, 1);
    if (s.settings.youngest === p.id) s.settings = applyPatch(s.settings, { youngest: null });
  } else {
    p.presence = "left";
    p.absentSince ??= ctx.now;
    if (p.status === "in") p.status = "out";
  }
  if (reason === "kicked" && s.mode === "online") s.gone[p.seat] = "kicked";
  ctx.emit({ type: "playerLeft", playerId: p.id, reason });
}
