import { PlayerAction } from "../../../kit/ConfirmButton";
import { hasAnswered, isLead, PHASE, standings } from "../table";
import type { GameStateView, PlayerView, Presence } from "../wire";
import type { ScreenProps } from "./props";

const PRESENCE: Record<Presence, string> = {
  active: "here",
  away: "away",
  disconnected: "disconnected",
  left: "left",
};

/**
 * Everyone at the table with their presence and roles. In the lobby it is the guest
 * list; once the game runs it is the live scoreboard, best first. The lead may kick, until
 * the game is over.
 */
export function Players({ v, room, mode }: ScreenProps & { mode: "lobby" | "scores" }) {
  const kick = (playerId: string) => room.send({ type: "kickPlayer", playerId });
  const people = mode === "scores" ? standings(v) : v.players.filter((p) => p.presence !== "left");
  // Kicking is for a table in play or about to play: the final scoreboard is a record.
  const canKick = isLead(v) && v.status !== "ended";
  return (
    <section
      className="ct-panel"
      data-testid={mode === "scores" ? "scoreboard" : "player-list"}
      aria-labelledby={`players-${mode}`}
    >
      <h2 className="ct-panel__title" id={`players-${mode}`}>
        {mode === "scores" ? "Scores" : `Players (${people.filter((p) => !p.virtual).length})`}
      </h2>
      <ol className="ct-players">
        {people.map((p) => (
          <li
            key={p.id}
            className={p.id === v.you ? "ct-player ct-player--me" : "ct-player"}
            data-testid={`player-${p.id}`}
            data-presence={p.presence}
          >
            <span className={`ct-dot ct-dot--${p.presence}`} aria-hidden="true" />
            <span className="ct-player__name">
              {p.name}
              {p.id === v.you && <span className="muted"> (you)</span>}
              <Badges v={v} p={p} />
            </span>
            {mode === "scores" && (
              <span className="ct-player__score" data-testid={`score-${p.id}`}>
                {p.score}
                <span className="visually-hidden"> points</span>
              </span>
            )}
            {canKick && p.id !== v.you && !p.virtual && p.presence !== "left" && (
              <PlayerAction verb="Kick" player={p} act={kick} className="ct-player__tools" />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Badges({ v, p }: { v: GameStateView; p: PlayerView }) {
  const playing = v.status === "playing" || v.status === "paused";
  const answering = playing && v.currentPhase === PHASE.SUBMIT && p.id !== v.roles.judge;
  return (
    <span className="ct-badges">
      {p.isLead && (
        <span className="ct-badge ct-badge--lead" data-testid={`lead-badge-${p.id}`}>
          Lead
        </span>
      )}
      {playing && v.roles.judge === p.id && (
        <span className="ct-badge ct-badge--judge" data-testid={`judge-badge-${p.id}`}>
          Judge
        </span>
      )}
      {p.virtual && <span className="ct-badge">Bot</span>}
      {p.presence !== "active" && (
        <span className={`ct-badge ct-badge--${p.presence}`} data-testid={`presence-${p.id}`}>
          {PRESENCE[p.presence]}
        </span>
      )}
      {answering && hasAnswered(v, p.id) && (
        <span className="ct-badge ct-badge--done" data-testid={`answered-${p.id}`}>
          answered
        </span>
      )}
    </span>
  );
}
