import { tokenColour } from "../board";
import type { StateData } from "../wire";

/** Everyone in the race, leaders first: field, whose turn, turns owed, who is away. */
export function Standings({ v, you, big = false }: { v: StateData; you: string | null; big?: boolean }) {
  const players = v.players
    .filter((p) => !p.left)
    .slice()
    .sort((a, b) => b.boardPosition - a.boardPosition || a.turnOrder - b.turnOrder);
  return (
    <section
      className={big ? "sr-panel sr-standings sr-standings--big" : "sr-panel sr-standings"}
      aria-label="Standings"
    >
      <h2 className="sr-panel__title">Standings</h2>
      <ol className="sr-standings__list" data-testid="standings">
        {players.map((p) => (
          <li
            key={p.playerId}
            className={p.playerId === v.currentPlayer ? "sr-standing is-current" : "sr-standing"}
            data-testid={`standing-${p.playerId}`}
          >
            <span className="sr-dot" style={{ background: tokenColour(v.players, p.playerId) }} aria-hidden="true" />
            <span className="sr-standing__name">
              {p.playerName}
              {p.playerId === you && <span className="muted"> (you)</span>}
              {!p.connected && <span className="sr-badge sr-badge--away">away</span>}
              {p.turnsToLose > 0 && (
                <span className="sr-badge sr-badge--bad">
                  skips {p.turnsToLose} turn{p.turnsToLose === 1 ? "" : "s"}
                </span>
              )}
              {p.extraTurns > 0 && (
                <span className="sr-badge sr-badge--good">
                  +{p.extraTurns} turn{p.extraTurns === 1 ? "" : "s"}
                </span>
              )}
            </span>
            <span className="sr-standing__pos">{p.boardPosition === 0 ? "start" : p.boardPosition}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
