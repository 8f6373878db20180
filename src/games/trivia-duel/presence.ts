import type { Context } from "../../engine/context";
import type { RuleError } from "../../engine/errors";
import { UNCHANGED, type Unchanged } from "../../engine/game";
import { playerName, setPresence } from "../../engine/presence";
import type { PresenceIntent } from "../../engine/rules";
import { refuse } from "./codes";
import { restartClock, stopClock } from "./duel-clock";
import { complete, drawQuestions, pickQuestions, type QuestionLookup, startMatch } from "./flow";
import { MAX_NAME } from "./limits";
import { toAll } from "./messages";
import type { Seat, TriviaState } from "./state";
import { emptySeat, freshTally, holdsSeat, isSeat, live, other, reconnectDeadline } from "./state";

/**
 * Trivia Duel on the engine's presence model. Its own consequences: two seats only, a seat
 * opens up again outside a match; mid-match a disconnection stops the duel's clock and
 * opens the reconnect window (the grace), whose end forfeits the match, as leaving does.
 */
/** What a presence change will do, worked out without touching the state. */
export type PresencePlan =
  | { kind: "join"; seat: Seat; name: string | null }
  | { kind: "back"; seat: Seat; name: string | null }
  | { kind: "gone"; seat: Seat }
  | { kind: "leave"; seat: Seat };

/** Checks a presence change; UNCHANGED for one that changes nothing (a seat already here coming again). */
export function planPresence(
  s: TriviaState,
  p: PresenceIntent,
  lookup: QuestionLookup,
): PresencePlan | RuleError | Unchanged {
  // Only two seats; a third joiner is refused and may watch (docs/games/trivia-duel.md).
  if (!isSeat(p.seat)) return refuse("room_full", "This duel already has two players; you can watch.");
  const seat = p.seat;
  const me = s.players[seat];
  if (p.status === "joined") {
    if (holdsSeat(me)) return refuse("seat_taken", "That seat is taken.");
    if (live(s)) return refuse("room_full", "A match is in progress; you can watch.");
    const starts = s.phase === "WAITING" && holdsSeat(s.players[other(seat)]);
    if (starts && !pickQuestions(s, lookup)) return refuse("no_more_questions", "This room has run out of questions.");
    return { kind: "join", seat, name: playerName(p.name, MAX_NAME) };
  }
  if (!holdsSeat(me))
    return refuse("not_seated", p.status === "connected" ? "That seat is not yours." : "That seat is not taken.");
  switch (p.status) {
    case "connected": {
      const name = playerName(p.name, MAX_NAME);
      if (me.presence === "active" && (name === null || name === me.name)) return UNCHANGED;
      return { kind: "back", seat, name };
    }
    case "disconnected":
      return me.presence === "active" ? { kind: "gone", seat } : UNCHANGED;
    case "left":
      return { kind: "leave", seat };
  }
}

export function applyPresence(ctx: Context<TriviaState>, plan: PresencePlan, lookup: QuestionLookup): void {
  const { s, now, out } = ctx;
  const { seat } = plan;
  const me = s.players[seat];
  switch (plan.kind) {
    case "join": {
      s.players[seat] = { ...emptySeat(), joined: true, presence: "active", name: plan.name };
      s.playAgain[seat] = false;
      // A new face in a seat: the running tally was between other people.
      s.tally = freshTally();
      out.push(toAll({ type: "PLAYER_JOINED", player: seat, name: plan.name }));
      if (s.phase === "WAITING" && holdsSeat(s.players[other(seat)]))
        startMatch(s, drawQuestions(s, lookup)!, now, out);
      return;
    }
    case "back":
      reconnect(ctx, seat, plan.name);
      return;
    case "gone":
      setPresence(me, "disconnected", now);
      // A reconnect window while a match is live, and the duel's clock stops.
      if (live(s)) stopClock(s, now);
      out.push(
        toAll({
          type: "PLAYER_DISCONNECTED",
          player: seat,
          reconnectDeadline: reconnectDeadline(s, seat),
          clockStopped: s.pause !== null,
        }),
      );
      return;
    case "leave":
      out.push(toAll({ type: "PLAYER_LEFT", player: seat }));
      if (live(s)) {
        setPresence(me, "left", now);
        complete(s, seat, out);
      } else {
        // Before or after a match the seat simply opens up again. After one, it keeps the
        // name it was played under until someone else sits there, so the end screen (and a
        // page refreshed on it) still says who the match was against.
        s.players[seat] = { ...emptySeat(), name: s.phase === "COMPLETE" ? me.name : null };
        s.playAgain = { P1: false, P2: false };
      }
      return;
  }
}

/**
 * A seated player's socket is back. The other side hears it; if nobody is away any more
 * the clock starts again, every deadline moved on by the pause, and everyone gets a fresh
 * view with the new deadlines.
 */
function reconnect(ctx: Context<TriviaState>, seat: Seat, name: string | null): void {
  const { s, now, out } = ctx;
  const me = s.players[seat];
  setPresence(me, "active", now);
  if (name !== null) me.name = name;
  const stopped = restartClock(s, now);
  out.push(toAll({ type: "PLAYER_RECONNECTED", player: seat, name: me.name }));
  if (stopped > 0) ctx.views();
}
