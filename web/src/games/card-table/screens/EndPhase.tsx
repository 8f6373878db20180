import { Button } from "../../../kit/Button";
import { Link } from "../../../kit/Link";
import { isPending } from "../reducer";
import { isLead, leaderOf, PHASE, playerOf, ranks, standings, tiedLeaders } from "../table";
import type { ScreenProps } from "./props";
import { RoundResult } from "./RoundResult";

/** The game is over: the winner, the final standings, and the lead's rematch. */
export function EndPhase({ s, v, room }: ScreenProps) {
  const named = s.finalWinner ? playerOf(v, s.finalWinner) : undefined;
  const winner = named ?? leaderOf(v);
  const tied = winner ? [] : tiedLeaders(v);
  const title = winner
    ? winner.id === v.you
      ? "You win the game!"
      : `${winner.name} wins the game!`
    : tied.length > 0
      ? `A tie: ${tied.map((p) => (p.id === v.you ? "you" : p.name)).join(" and ")} share first place`
      : "Game over: no winner";
  const lead = playerOf(v, v.roles.lead);
  const rows = standings(v);
  const places = ranks(rows);
  const played = v.lastRound?.round ?? 0;
  return (
    <section className="ct-phase stack" data-testid="phase-END">
      <div className="card stack center">
        <p className="eyebrow">
          Game over · {played === 0 ? "final standings" : `${played} ${played === 1 ? "round" : "rounds"} played`}
        </p>
        <h1 className="ct-verdict" data-testid="game-winner" data-player={winner?.id}>
          {title}
        </h1>
        <ol className="ct-standings" data-testid="final-standings">
          {rows.map((p, i) => (
            <li
              key={p.id}
              className={places[i] === 1 && p.score > 0 ? "ct-standing ct-standing--top" : "ct-standing"}
              data-testid={`standing-${p.id}`}
              data-rank={places[i]}
            >
              <span className="ct-standing__rank">
                <span className="visually-hidden">Place </span>
                {places[i]}
                {places[i] === places[i - 1] || places[i] === places[i + 1] ? (
                  <span className="ct-standing__tie" title="tied">
                    =
                  </span>
                ) : null}
              </span>
              <span className="ct-standing__name">
                {p.name}
                {p.id === v.you && <span className="muted"> (you)</span>}
              </span>
              <span className="ct-standing__score">
                {p.score} {p.score === 1 ? "point" : "points"}
              </span>
            </li>
          ))}
        </ol>
        {isLead(v) ? (
          <Button
            variant="primary"
            size="lg"
            onClick={() => room.send({ type: "setPhase", phaseId: PHASE.LOBBY })}
            disabled={isPending(s, "setPhase")}
            testId="rematch"
          >
            Rematch with this table
          </Button>
        ) : (
          <p className="ct-waiting" data-testid="rematch-wait">
            {lead ? `${lead.name} can start a rematch.` : "The lead can start a rematch."}
          </p>
        )}
        <Link href="/cards" className="btn btn--ghost btn--md">
          Set up a new table
        </Link>
      </div>
      {v.lastRound && <RoundResult s={s} v={v} round={v.lastRound} />}
    </section>
  );
}
