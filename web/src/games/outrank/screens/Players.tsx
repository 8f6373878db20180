import { PlayerAction } from "../../../kit/ConfirmButton";
import { heldCount, inGame, isLead, roundPileText } from "../game";
import { FX_MS, freshFx } from "../reducer";
import type { PlayerView } from "../wire";
import type { ScreenProps } from "./props";
import { Token } from "./Token";

const PRESENCE: Record<PlayerView["presence"], string> = {
  active: "here",
  disconnected: "reconnecting",
  away: "away",
  left: "left",
};

const STATUS: Record<PlayerView["status"], string> = { in: "in", passed: "passed", out: "out" };

/**
 * Everyone in turn order: the First Guesser marker, whose turn it is, scores, and the
 * tokens each holds (all public at an Outrank table). In the lobby it is the guest list.
 */
export function Players({ s, v, room, mode }: ScreenProps & { mode: "lobby" | "game" }) {
  const kick = (playerId: string) => room.send({ type: "kickPlayer", playerId });
  const remove = (playerId: string) => room.send({ type: "removePlayer", playerId });
  const lead = isLead(v);
  const playing = inGame(v);
  const now = Date.now();
  const pops = freshFx(s, now, ["correct", "cashOut", "bonus", "discard"]);
  const moved = freshFx(s, now, ["marker"]).at(-1);
  const people = mode === "lobby" ? v.players.filter((p) => p.presence !== "left") : v.players;
  return (
    <section
      className="or-panel"
      aria-labelledby={`or-players-${mode}`}
      data-testid={mode === "lobby" ? "player-list" : "scoreboard"}
    >
      <h2 className="or-panel__title" id={`or-players-${mode}`}>
        {mode === "lobby" ? `Players (${people.length} of 6)` : "Players"}
      </h2>
      <ol className="or-players">
        {people.map((p) => {
          const i = v.players.indexOf(p);
          const current = playing && v.currentPlayer === i && v.phase === "drafting";
          const choosing = playing && v.phase === "challenge" && v.currentPlayer === i;
          const marker = v.firstGuesser === i;
          const me = v.mode === "online" && v.you === i;
          const cls = [
            "or-player",
            current && "is-current",
            choosing && "is-current",
            me && "is-me",
            p.presence === "left" && "is-left",
            playing && p.status !== "in" && v.phase === "drafting" && "is-out",
          ]
            .filter(Boolean)
            .join(" ");
          const pop = pops.filter((f) => f.playerId === p.id).at(-1);
          const pile = roundPileText(v, p);
          return (
            <li
              key={p.id}
              className={cls}
              data-testid={`player-${p.id}`}
              data-presence={p.presence}
              data-status={p.status}
              aria-current={current || choosing ? "true" : undefined}
            >
              <span className="or-player__marker">
                {marker && playing && (
                  <Marker key={moved?.playerId === p.id ? moved.id : "m"} moved={moved?.playerId === p.id} />
                )}
              </span>
              <span className="or-player__main">
                <span className="or-player__name">
                  {p.name}
                  {me && <span className="muted"> (you)</span>}
                </span>
                <span className="or-badges">
                  {p.isLead && <span className="or-badge or-badge--lead">Lead</span>}
                  {current && (
                    <span className="or-badge or-badge--turn" data-testid={`turn-${p.id}`}>
                      Turn
                    </span>
                  )}
                  {choosing && <span className="or-badge or-badge--turn">Choosing</span>}
                  {playing && v.phase === "drafting" && p.status !== "in" && p.presence !== "left" && (
                    <span className={`or-badge or-badge--${p.status}`}>{STATUS[p.status]}</span>
                  )}
                  {v.phase === "roundEnd" && p.ready && (
                    <span className="or-badge or-badge--ready" data-testid={`ready-${p.id}`}>
                      ready
                    </span>
                  )}
                  {p.presence !== "active" && (
                    <span className={`or-badge or-badge--${p.presence}`} data-testid={`presence-${p.id}`}>
                      {PRESENCE[p.presence]}
                    </span>
                  )}
                </span>
                {mode === "game" && heldCount(p) > 0 && (
                  <details className="or-player__tokens">
                    <summary data-testid={`tokens-${p.id}`}>
                      {v.phase === "gameEnd" ? `${heldCount(p)} held` : `${p.hand.length} in hand`}
                      {pile && (
                        <span
                          className={p.status === "in" && v.phase === "drafting" ? "or-risk-text" : "or-banked-text"}
                        >
                          {" "}
                          · {pile}
                        </span>
                      )}
                    </summary>
                    <div className="or-mini-tokens">
                      {[...p.thisRound, ...p.hand].map((t) => (
                        <Token key={t.id} t={t} size="sm" unit={v.currentChallenge?.unit} />
                      ))}
                    </div>
                  </details>
                )}
              </span>
              {mode === "game" && (
                <span className="or-player__score" data-testid={`score-${p.id}`}>
                  {p.score}
                  <span className="visually-hidden"> points</span>
                  {pop && (
                    <span
                      key={pop.id}
                      className={`or-pop or-pop--${pop.kind}`}
                      style={{ animationDuration: `${FX_MS}ms` }}
                      aria-hidden="true"
                    >
                      {pop.text}
                    </span>
                  )}
                </span>
              )}
              {lead && p.presence !== "left" && p.seat !== v.seat && v.mode === "online" && v.phase !== "gameEnd" && (
                <PlayerAction verb="Kick" player={p} act={kick} className="or-player__tools" />
              )}
              {lead && v.mode === "table" && v.phase === "lobby" && p.presence !== "left" && (
                <PlayerAction verb="Remove" player={p} act={remove} className="or-player__tools" />
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The First Guesser marker: a pin that bounces when it moves to someone. */
export function Marker({ moved, big }: { moved?: boolean; big?: boolean }) {
  return (
    <span
      className={`or-marker${moved ? " is-moved" : ""}${big ? " or-marker--big" : ""}`}
      title="First Guesser"
      data-testid="first-guesser-marker"
    >
      <svg viewBox="0 0 16 20" width={big ? 18 : 14} height={big ? 22 : 18} aria-hidden="true" focusable="false">
        <path d="M8 1a6 6 0 0 0-6 6c0 4.5 6 12 6 12s6-7.5 6-12a6 6 0 0 0-6-6z" fill="currentColor" />
        <circle cx="8" cy="7" r="2.4" fill="#fff" />
      </svg>
      <span className="visually-hidden">First Guesser</span>
    </span>
  );
}
