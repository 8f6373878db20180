import { Button } from "../../../kit/Button";
import { Link } from "../../../kit/Link";
import { isPending } from "../reducer";
import { isLead, leaderOf, PHASE, playerOf, standings } from "../table";
import type { ScreenProps } from "./props";
import { RoundResult } from "./RoundResult";

/** The game is over: the winner, the final standings, and the lead's rematch. */
export function EndPhase({ s, v, room }: ScreenProps) {
  const named = s.finalWinner ? playerOf(v, s.finalWinner) : undefined;
  const winner = named ?? leaderOf(v);
  const title = winner
    ? winner.id === v.you
      ? "You win the game!"
      : `${winner.name} wins the game!`
    : "Game over: no winner";
  const lead = playerOf(v, v.roles.lead);
  const rows = standings(v);
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
            <li key={p.id} className={p.id === winner?.id ? "ct-standing ct-standing--top" : "ct-standing"}>
              <span className="ct-standing__rank">{i + 1}</span>
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
