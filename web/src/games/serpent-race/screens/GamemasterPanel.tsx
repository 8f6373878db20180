import type { SerpentRoom } from "../useSerpentRoom";
import type { PlayerView, StateData } from "../wire";
import { ConfirmButton } from "./ConfirmButton";
import { ProjectorLink } from "./ProjectorLink";

/**
 * The gamemaster's hand on the race (the server's `game:skip-turn` and `game:remove-player`):
 * skip the roll of a player who does not roll (away, or gone quiet), and take a player out
 * for good. Each asks first. A skip names the player, so a press that arrives after the turn
 * moved on skips nobody else (the server says `not_their_turn`).
 */
export function GamemasterPanel({ room, v }: { room: SerpentRoom; v: StateData }) {
  const p = v.pending;
  const roller = v.phase === "active" && p?.kind === "roll" ? p : null;
  const racing = v.players.filter((x) => !x.left);
  return (
    <section className="sr-panel sr-gm" aria-label="Gamemaster controls" data-testid="gm-controls">
      <h2 className="sr-panel__title">Gamemaster</h2>
      {roller ? (
        <ConfirmButton
          key={`${roller.playerId}-${v.turnNumber}`}
          label={`Skip ${roller.playerName}'s turn`}
          question={`Skip ${roller.playerName}'s roll? The turn passes to the next player; ${roller.playerName} plays again next round.`}
          confirmLabel="Skip the turn"
          onConfirm={() => room.send("game:skip-turn", { playerId: roller.playerId })}
          testId="skip-turn"
        />
      ) : (
        <p className="muted small">A turn can be skipped while it waits for the roll.</p>
      )}
      <details className="sr-gm__remove">
        <summary data-testid="remove-open">Remove a player…</summary>
        <ul className="sr-gm__players">
          {racing.map((x) => (
            <li key={x.playerId} className="sr-gm__player">
              <span className="sr-gm__name">
                {x.playerName}
                {!x.connected && <span className="sr-badge sr-badge--away">away</span>}
              </span>
              <RemoveButton room={room} v={v} player={x} />
            </li>
          ))}
        </ul>
      </details>
      <ProjectorLink gameId={v.gameId} />
    </section>
  );
}

/** Take one player out (the lobby's list has it too), saying what follows. */
export function RemoveButton({ room, v, player }: { room: SerpentRoom; v: StateData; player: PlayerView }) {
  const left = v.players.filter((x) => !x.left && x.playerId !== player.playerId);
  const after =
    v.phase === "waiting"
      ? "Their place is freed; their device can only watch this game."
      : left.length < 2
        ? `With one player left the race ends${left[0] ? `, and ${left[0].playerName} wins` : ""}.`
        : "They leave the turn order and cannot come back.";
  return (
    <ConfirmButton
      key={player.playerId}
      label="Remove"
      question={`Take ${player.playerName} out of the game for good? ${after}`}
      confirmLabel={`Remove ${player.playerName}`}
      onConfirm={() => room.send("game:remove-player", { playerId: player.playerId })}
      testId={`remove-${player.playerId}`}
      compact
    />
  );
}
