import type { RuleError } from "../../engine/errors";
import { UNCHANGED, type Unchanged } from "../../engine/game";
import { changes, goneRefusal, playerName, presenceFor, setPresence } from "../../engine/presence";
import type { PresenceIntent } from "../../engine/rules";
import { cardData, norm } from "./answers";
import { refuse } from "./codes";
import type { Ctx } from "./context";
import { finish, sendDecisionRequest, sendGuessRequest, tooFewLeft } from "./flow";
import type { QuestionCard } from "./options";
import { currentPlayer, GM_SEAT, type Player, playerOf, type SerpentState, stillIn, who } from "./state";
import { armRoll, nextPlayer, yourTurn } from "./turns";

/** What a presence change will do, worked out without touching the state. */
export type PresencePlan =
  | { kind: "join"; name: string; connected: boolean }
  | { kind: "gamemaster"; name: string; presence: "active" | "disconnected" }
  | { kind: "connection"; presence: "active" | "disconnected" }
  /** A seat that is already here connects again (a refresh whose old socket has not gone yet): resend what waits for it. */
  | { kind: "resend" }
  | { kind: "leave" };

/**
 * Presence from the platform. The seat "GM" is the gamemaster (the platform gives it to the
 * game's creator only): joining makes its socket the gamemaster, who is not in the turn
 * order and may come and go at any time. Every other seat is a player: they join in the
 * lobby only, up to `maxPlayers`, with a name nobody else has.
 */
export function planPresence(s: SerpentState, intent: PresenceIntent): PresencePlan | RuleError | Unchanged {
  const { seat, status } = intent;
  if (seat === GM_SEAT) return planGamemaster(s, intent);
  const gone = goneRefusal(s.gone[seat]);
  if (gone) return gone;
  const p = playerOf(s, seat);
  if (!p) {
    if (status !== "joined") return refuse("unknown_seat", `Seat ${seat} has not joined.`);
    if (s.phase === "ended") return refuse("game_ended", "The race is over.");
    if (s.phase !== "waiting") return refuse("game_started", "The race has started; you can watch.");
    if (s.players.length >= s.settings.maxPlayers) return refuse("room_full", "This game is full.");
    const name = playerName(intent.name) ?? seat;
    if (s.players.some((q) => norm(q.name) === norm(name)))
      return refuse("name_taken", `Someone in this game is already called ${name}.`);
    // A place taken over REST (POST /game/join) waits for its socket to say it is here.
    return { kind: "join", name, connected: intent.offline !== true };
  }
  const to = presenceFor(status);
  if (to === "left") return { kind: "leave" };
  if (changes(p, to)) return { kind: "connection", presence: to as "active" | "disconnected" };
  return to === "active" && waitsFor(s, seat) ? { kind: "resend" } : UNCHANGED;
}

/** The gamemaster comes and goes at any time; leaving only marks them away. */
function planGamemaster(s: SerpentState, intent: PresenceIntent): PresencePlan | RuleError | Unchanged {
  const gm = s.gamemaster;
  const here = () => (waitsFor(s, GM_SEAT) ? ({ kind: "resend" } as const) : UNCHANGED);
  if (intent.status === "joined") {
    const name = playerName(intent.name) ?? gm?.name ?? "Gamemaster";
    if (gm?.presence === "active" && gm.name === name) return here();
    return { kind: "gamemaster", name, presence: "active" };
  }
  if (!gm) return refuse("unknown_seat", "The gamemaster has not joined.");
  const to = intent.status === "connected" ? "active" : "disconnected";
  if (gm.presence !== to) return { kind: "gamemaster", name: gm.name, presence: to };
  return to === "active" ? here() : UNCHANGED;
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
      ctx.emit("game:card-drawn-self", { cardData: cardData(card, st.prepared, left(st.at), st.cardId) }, { seat });
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
    case "resend":
      resend(ctx, seat);
      return;
    case "join": {
      const p: Player = {
        seat,
        name: plan.name,
        position: 0,
        ready: false,
        presence: plan.connected ? "active" : "disconnected",
        absentSince: plan.connected ? null : ctx.now,
        extraTurns: 0,
        turnsToLose: 0,
        answers: {},
      };
      s.players.push(p);
      ctx.emit("game:player-joined", { ...who(p), playerCount: s.players.length });
      return;
    }
    case "gamemaster": {
      const gm = s.gamemaster ?? { name: plan.name, presence: "disconnected", absentSince: ctx.now };
      gm.name = plan.name;
      setPresence(gm, plan.presence, ctx.now);
      s.gamemaster = gm;
      if (plan.presence === "active") resend(ctx, seat);
      return;
    }
    case "connection": {
      const p = playerOf(s, seat) as Player;
      setPresence(p, plan.presence, ctx.now);
      const connected = plan.presence === "active";
      // The document announces a player when their socket joins (game:join), so a client
      // that connected after the place was taken over REST, the player's own included,
      // hears of them too. In the race a return is only a connection.
      if (connected && s.phase === "waiting")
        ctx.emit("game:player-joined", { ...who(p), playerCount: s.players.length });
      ctx.emit("game:player-connection", { ...who(p), connected });
      if (connected) resend(ctx, seat);
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
  s.gone[seat] = "left";
  if (s.phase === "waiting") {
    s.players = s.players.filter((q) => q.seat !== seat);
    ctx.emit("game:player-left", { ...who(p), playerCount: s.players.length, reason });
    return;
  }
  setPresence(p, "left", ctx.now);
  p.extraTurns = 0;
  p.turnsToLose = 0;
  const count = s.players.filter(stillIn).length;
  ctx.emit("game:player-left", { ...who(p), playerCount: count, reason });
  if (s.phase !== "active") return;
  const i = s.sequence.indexOf(seat);
  const wasCurrent = i === s.current;
  s.sequence = s.sequence.filter((q) => q !== seat);
  if (tooFewLeft(s)) {
    const last = s.players.find(stillIn) ?? null;
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
