import { Board } from "./Board";
import { Chat } from "./Chat";
import { DecisionPanel } from "./DecisionPanel";
import { Feed } from "./Feed";
import { GamemasterPanel } from "./GamemasterPanel";
import type { RoomProps } from "./props";
import { StagePanel } from "./StagePanel";
import { Standings } from "./Standings";

/**
 * The projected race (the gamemaster's screen, or a projector that joined with the code):
 * the board as large as the screen allows, and beside it in large type whose turn it is,
 * the card in play with its countdown, the standings and what happened. The gamemaster's
 * joker rulings come first when one is waiting; their skip and remove controls follow.
 */
export function ProjectorScreen({ room, s, v, role }: RoomProps) {
  const p = v.pending;
  const deciding = role === "gamemaster" && p?.kind === "decision" && p.decisionRequest !== null;
  return (
    <div className="sr-projector" data-testid="projector-screen" data-role={role}>
      <div className="sr-projector__board">
        <Board v={v} size="full" offset={s.clockOffset} />
      </div>
      <aside className="sr-projector__side">
        {deciding && (
          <DecisionPanel
            pending={p}
            offset={s.clockOffset}
            onDecide={(requestId, decision) => room.send("game:gamemaster-decision", { requestId, decision })}
          />
        )}
        <StagePanel s={s} v={v} big hideJoker={deciding} />
        {role === "gamemaster" && v.phase === "active" && !deciding && <GamemasterPanel room={room} v={v} />}
        <Standings v={v} you={null} big />
        {!deciding && <Feed feed={s.feed} limit={5} big />}
        {role === "gamemaster" && <Chat v={v} canSend onSend={(message) => room.send("game:chat", { message })} />}
      </aside>
    </div>
  );
}
