import type { RuleError } from "../../engine/errors";
import type { PresenceIntent } from "../../engine/rules";
import { cardData, norm } from "./answers";
import { refuse } from "./codes";
import { type Ctx, currentPlayer, playerOf, who } from "./context";
import { finish, sendDecisionRequest, sendGuessRequest, tooFewLeft } from "./flow";
import type { QuestionCard } from "./options";
import { GM_SEAT, type Player, type SerpentState } from "./state";
import { armRoll, nextPlayer, yourTurn } from "./turns";

/** What a presence change will do, worked out without touching the state. */
export type PresencePlan =
  | { kind: "noop" }
  | { kind: "join"; name: string; connected: boolean }
  | { kind: "gamemaster"; name: string; connected: boolean }
  | { kind: "connection"; connected: boolean }
  /** A seat that is already here connects again (a refresh whose old socket has not gone yet): resend what waits for it. */
  | { kind: "resend" }
  | { kind: "leave" };

const NAME_MAX = 40;

export function cleanName(name: string | undefined, fallback: string): string {
  const n = (name ?? "").replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
  return n === "" ? fallback : n;
}

/**
 * Presence from the platform. The seat "GM" is the gamemaster (the platform gives it to the
 * game's creator only): joining makes its socket the gamemaster, who is not in the turn
 * order and may come and go at any time. Every other seat is a player: they join in the
 * lobby only, up to `maxPlayers`, with a name nobody else has.
 */
export function planPresence(s: SerpentState, intent: PresenceIntent): PresencePlan | RuleError {
  const { seat, status } = intent;
  if (seat === GM_SEAT) return planGamemaster(s, intent);
  if (s.gone.includes(seat)) return refuse("left_game", "You left this game and cannot rejoin it.");
  const p = playerOf(s, seat);
  if (!p) {
    if (status !== "joined") return refuse("unknown_seat", `Seat ${seat} has not joined.`);
    if (s.phase === "ended") return refuse("game_ended", "The race is over.");
    if (s.phase !== "waiting") return refuse("game_started", "The race has started; you can watch.");
    if (s.players.length >= s.settings.maxPlayers) return refuse("room_full", "This game is full.");
    const name = cleanName(intent.name, seat);
    if (s.players.some((q) => norm(q.name) === norm(name)))
      return refuse("name_taken", `Someone in this game is already called ${name}.`);
    // A place taken over REST (POST /game/join) waits for its socket to say it is here.
    return { kind: "join", name, connected: intent.offline !== true };
  }
  switch (status) {
    case "joined":
    case "connected":
      if (!p.connected) return { kind: "connection", connected: true };
      return waitsFor(s, seat) ? { kind: "resend" } : { kind: "noop" };
    case "disconnected":
      return p.connected ? { kind: "connection", connected: false } : { kind: "noop" };
    case "left":
      return { kind: "leave" };
  }
}

function planGamemaster(s: SerpentState, intent: PresenceIntent): PresencePlan | RuleError {
  const gm = s.gamemaster;
  if (intent.status === "joined") {
    const name = cleanName(intent.name, gm?.name ?? "Gamemaster");
    if (gm?.connected && gm.name === name) return waitsFor(s, GM_SEAT) ? { kind: "resend" } : { kind: "noop" };
    return { kind: "gamemaster", name, connected: true };
  }
  if (!gm) return refuse("unknown_seat", "The gamemaster has not joined.");
  const connected = intent.status === "connected";
  if (gm.connected !== connected) return { kind: "gamemaster", name: gm.name, connected };
  return connected && waitsFor(s, GM_SEAT) ? { kind: "resend" } : { kind: "noop" };
}

/**
 * Whether the race waits for this seat: the current player's roll, answer or guess, or the
 * gamemaster's decision. (A drawing card or a decision wait for nobody the seat can help.)
 */
function waitsFor(s: SerpentState, seat: string): boolean {
  if (s.phase !== "active" || !s.stage) return false;
  if (seat === GM_SEAT) return s.stage.kind === "decision";
  return currentPlayer(s)?.seat === seat && ["roll", "answer", "guess"].includes(s.stage.kind);
}

/**
 * Send a seat that just (re)connected what the race waits for from it, as the event that
 * asked for it in the first place, with the time that is left: `game:your-turn` for a
 * roll, `game:card-drawn-self` for an open card, the position-guess request, or the
 * gamemaster's decision request. A client that knows only the document's events then
 * carries on from where it was (the `game:state` sync says the same for ours). It goes
 * through the rules, so it is logged and replays.
 */
export function resend(ctx: Ctx, seat: string): void {
  const s = ctx.s;
  const st = s.stage;
  if (!waitsFor(s, seat) || !st) return;
  const left = (at: number) => Math.max(0, at - ctx.now) / 1000;
  const p = currentPlayer(s) as Player;
  switch (st.kind) {
    case "roll":
      ctx.emit("game:your-turn", yourTurn(s.extraTurn), { seat });
      return;
    case "answer": {
      const card = (s.cards[st.card] as { card: QuestionCard }).card;
      ctx.emit("game:card-drawn-self", { cardData: cardData(card, st.prepared, left(st.at)) }, { seat });
      return;
    }
    case "guess":
      sendGuessRequest(ctx, p, st, left(st.at));
      return;
    case "decision":
      sendDecisionRequest(ctx, p, st, left(st.at));
      return;
    default:
      return;
  }
}

export function applyPresence(ctx: Ctx, seat: string, plan: PresencePlan): void {
  change(ctx, seat, plan);
  // Whoever came or went, the roll of a player who is away may start or stop its clock.
  armRoll(ctx);
}

function change(ctx: Ctx, seat: string, plan: PresencePlan): void {
  const s = ctx.s;
  switch (plan.kind) {
    case "noop":
      return;
    case "resend":
      resend(ctx, seat);
      return;
    case "join": {
      const p: Player = {
        seat,
        name: plan.name,
        position: 0,
        ready: false,
        connected: plan.connected,
        extraTurns: 0,
        turnsToLose: 0,
        left: false,
        answers: {},
      };
      s.players.push(p);
      ctx.emit("game:player-joined", { ...who(p), playerCount: s.players.length });
      return;
    }
    case "gamemaster":
      s.gamemaster = { name: plan.name, connected: plan.connected };
      if (plan.connected) resend(ctx, seat);
      return;
    case "connection": {
      const p = playerOf(s, seat) as Player;
      p.connected = plan.connected;
      ctx.emit("game:player-connection", { ...who(p), connected: plan.connected });
      if (plan.connected) resend(ctx, seat);
      return;
    }
    case "leave":
      leave(ctx, seat, "left");
      return;
  }
}

/**
 * A player gives up their seat for good (or the gamemaster removes them). In the lobby the place goes. In the race their
 * record stays (marked left) and they leave the turn order; if it was their turn, whatever
 * they were doing is dropped and the next player (skips counted) plays. With fewer than
 * two players left the race ends, the one left winning by default.
 */
export function leave(ctx: Ctx, seat: string, reason: "left" | "removed"): void {
  const s = ctx.s;
  const p = playerOf(s, seat) as Player;
  s.gone.push(seat);
  if (s.phase === "waiting") {
    s.players = s.players.filter((q) => q.seat !== seat);
    ctx.emit("game:player-left", { ...who(p), playerCount: s.players.length, reason });
    return;
  }
  p.left = true;
  p.connected = false;
  p.extraTurns = 0;
  p.turnsToLose = 0;
  const count = s.players.filter((q) => !q.left).length;
  ctx.emit("game:player-left", { ...who(p), playerCount: count, reason });
  if (s.phase !== "active") return;
  const i = s.sequence.indexOf(seat);
  const wasCurrent = i === s.current;
  s.sequence = s.sequence.filter((q) => q !== seat);
  if (tooFewLeft(s)) {
    const last = s.players.find((q) => !q.left) ?? null;
    finish(ctx, last, last ? `${last.name} wins: everyone else left.` : "Everyone left the race.");
    return;
  }
  if (wasCurrent) {
    s.stage = null;
    s.extraTurn = false;
    nextPlayer(ctx, (i - 1 + s.sequence.length) % s.sequence.length);
  } else if (i < s.current) {
    s.current--;
  }
}
