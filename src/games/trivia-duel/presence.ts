import { type RuleError, refuse } from "../../engine/errors";
import type { Outbound, PresenceIntent } from "../../engine/rules";
import { complete, drawQuestions, type QuestionLookup, startMatch } from "./flow";
import { toAll } from "./messages";
import type { TriviaState } from "./state";
import { isSeat, ms } from "./state";

const live = (s: TriviaState) => s.phase !== "WAITING" && s.phase !== "COMPLETE";

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
      s.players[p.seat] = { joined: true, connected: true, left: false, graceUntil: null };
      s.playAgain[p.seat] = false;
      out.push(toAll({ type: "PLAYER_JOINED", player: p.seat }));
      if (s.phase === "WAITING" && s.players.P1.joined && s.players.P2.joined) {
        const qs = drawQuestions(s, lookup);
        if (!qs) return refuse("no_more_questions", "This room has run out of questions.");
        startMatch(s, qs, now, out);
      }
      return null;
    }
    case "connected": {
      if (!me.joined || me.left) return refuse("not_seated", "That seat is not yours.");
      me.connected = true;
      me.graceUntil = null;
      out.push(toAll({ type: "PLAYER_RECONNECTED", player: p.seat }));
      return null;
    }
    case "disconnected": {
      if (!me.joined || me.left) return refuse("not_seated", "That seat is not taken.");
      me.connected = false;
      // RULINGS #8: a reconnect window while a match is live; timers keep running.
      me.graceUntil = live(s) ? now + ms(s, s.config.reconnectGraceSec) : null;
      out.push(toAll({ type: "PLAYER_DISCONNECTED", player: p.seat, reconnectDeadline: me.graceUntil }));
      return null;
    }
    case "left": {
      if (!me.joined || me.left) return refuse("not_seated", "That seat is not taken.");
      out.push(toAll({ type: "PLAYER_LEFT", player: p.seat }));
      if (live(s)) {
        s.players[p.seat] = { joined: true, connected: false, left: true, graceUntil: null };
        complete(s, p.seat, out);
      } else {
        // Before or after a match the seat simply opens up again.
        s.players[p.seat] = { joined: false, connected: false, left: false, graceUntil: null };
        s.playAgain = { P1: false, P2: false };
      }
      return null;
    }
  }
}
