import { setPresence } from "../../engine/presence";
import type { From } from "../../engine/rules";
import type { Judged } from "./answers";
import type { Ctx } from "./context";
import { answerCard, decide, rollDice, startRace, submitGuess } from "./flow";
import { leave } from "./presence";
import { CHAT_KEPT, GM_SEAT, type Player, playerOf, who } from "./state";
import { armRoll, skipTurn } from "./turns";
import type { Resolved } from "./validate";
import type { Intent } from "./wire";

/** Apply a validated intent. Never refuses: validate() has checked everything. */
export function apply(ctx: Ctx, from: From, intent: Intent, r: Resolved): void {
  const s = ctx.s;
  switch (intent.event) {
    case "start":
      startRace(ctx);
      return;
    case "game:ready": {
      const p = playerOf(s, from) as Player;
      p.ready = intent.data.ready;
      const readyCount = s.players.filter((q) => q.ready).length;
      ctx.emit("game:player-ready", {
        ...who(p),
        ready: p.ready,
        readyCount,
        totalPlayers: s.players.length,
        allReady: readyCount === s.players.length,
      });
      return;
    }
    case "game:dice-roll":
      rollDice(ctx, r.dice);
      return;
    case "game:card-answer":
      answerCard(ctx, r.judged as Judged);
      return;
    case "game:position-guess":
    case "game:joker-position-guess":
      submitGuess(ctx, intent.data.guessedPosition);
      return;
    case "game:gamemaster-decision":
      decide(ctx, intent.data.decision === "approve", false);
      return;
    case "game:chat": {
      const speaker =
        from === GM_SEAT
          ? { playerId: GM_SEAT, playerName: s.gamemaster?.name ?? "Gamemaster" }
          : who(playerOf(s, from) as Player);
      const line = { ...speaker, message: r.text as string, at: ctx.now };
      s.chat = [...s.chat, line].slice(-CHAT_KEPT);
      ctx.emit("game:chat", { ...speaker, message: line.message });
      return;
    }
    case "game:leave":
      if (from === GM_SEAT) {
        if (s.gamemaster) setPresence(s.gamemaster, "disconnected", ctx.now);
        return;
      }
      leave(ctx, from, "left");
      // Their going may leave a player who is away alone with nobody here: the away clock stops.
      armRoll(ctx);
      return;
    case "game:skip-turn":
      skipTurn(ctx, "gamemaster");
      return;
    case "game:remove-player":
      leave(ctx, intent.data.playerId, "removed");
      armRoll(ctx);
      return;
  }
}
