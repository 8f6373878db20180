import { type RuleError, refuse } from "../../engine/errors";
import type { Outbound, PresenceIntent } from "../../engine/rules";
import { restartClock, stopClock } from "./duel-clock";
import { complete, drawQuestions, type QuestionLookup, startMatch } from "./flow";
import { MAX_NAME } from "./limits";
import { toAll } from "./messages";
import type { Seat, TriviaState } from "./state";
import { emptySeat, freshTally, isSeat, ms } from "./state";

const live = (s: TriviaState) => s.phase !== "WAITING" && s.phase !== "COMPLETE";

/** A name as players see it: one line, at most MAX_NAME characters; blank means none. */
function cleanName(name: string | undefined): string | null {
  const n = (name ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
  return n.length > 0 ? n : null;
}

export function applyPresence(
  s: TriviaState,
  p: PresenceIntent,
  now: number,
  out: Outbound[],
  lookup: QuestionLookup,
): RuleError | null {
  // RULINGS #9: only two seats; a third joiner is refused and may watch.
  if (!isSeat(p.seat)) return refuse("room_full", "This duel already has two players; you can watch.");
  const me = s.players[p.seat];
  switch (p.status) {
    case "joined": {
      if (me.joined && !me.left) return refuse("seat_taken", "That seat is taken.");
      if (live(s)) return refuse("room_full", "A match is in progress; you can watch.");
      s.players[p.seat] = { ...emptySeat(), joined: true, connected: true, name: cleanName(p.name) };
      s.playAgain[p.seat] = false;
      // A new face in a seat: the running tally was between other people.
      s.tally = freshTally();
      out.push(toAll({ type: "PLAYER_JOINED", player: p.seat, name: s.players[p.seat].name }));
      if (s.phase === "WAITING" && s.players.P1.joined && s.players.P2.joined) {
        const qs = drawQuestions(s, lookup);
        if (!qs) return refuse("no_more_questions", "This room has run out of questions.");
        startMatch(s, qs, now, out);
      }
      return null;
    }
    case "connected":
      return reconnect(s, p.seat, cleanName(p.name), now, out);
    case "disconnected": {
      if (!me.joined || me.left) return refuse("not_seated", "That seat is not taken.");
      if (!me.connected) return null;
      me.connected = false;
      // RULINGS #8: a reconnect window while a match is live, and the duel's clock stops.
      me.graceUntil = live(s) ? now + ms(s, s.config.reconnectGraceSec) : null;
      if (live(s)) stopClock(s, now);
      out.push(
        toAll({
          type: "PLAYER_DISCONNECTED",
          player: p.seat,
          reconnectDeadline: me.graceUntil,
          clockStopped: s.clockStoppedAt !== null,
        }),
      );
      return null;
    }
    case "left": {
      if (!me.joined || me.left) return refuse("not_seated", "That seat is not taken.");
      out.push(toAll({ type: "PLAYER_LEFT", player: p.seat }));
      if (live(s)) {
        s.players[p.seat] = { ...me, joined: true, connected: false, left: true, graceUntil: null };
        complete(s, p.seat, out);
      } else {
        // Before or after a match the seat simply opens up again.
        s.players[p.seat] = emptySeat();
        s.playAgain = { P1: false, P2: false };
      }
      return null;
    }
  }
}

/**
 * A seated player's socket is back. The other side hears it; if nobody is away any more
 * the clock starts again, every deadline moved on by the pause, and everyone gets a fresh
 * view with the new deadlines.
 */
function reconnect(s: TriviaState, seat: Seat, name: string | null, now: number, out: Outbound[]): RuleError | null {
  const me = s.players[seat];
  if (!me.joined || me.left) return refuse("not_seated", "That seat is not yours.");
  const renamed = name !== null && name !== me.name;
  if (me.connected && !renamed) return null;
  me.connected = true;
  me.graceUntil = null;
  if (name !== null) me.name = name;
  const stopped = restartClock(s, now);
  out.push(toAll({ type: "PLAYER_RECONNECTED", player: seat, name: me.name }));
  if (stopped > 0) out.push({ to: "all", view: true });
  return null;
}
