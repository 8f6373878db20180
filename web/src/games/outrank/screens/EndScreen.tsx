import { Button } from "../../../kit/Button";
import { Link } from "../../../kit/Link";
import { endReason, isLead, playerById, points, tiebreakText } from "../game";
import { isPending } from "../reducer";
import type { ScreenProps } from "./props";

/** The game is over: the winner, why it ended, the standings with the tiebreak explained, and a rematch. */
export function EndScreen({ s, v, room }: ScreenProps) {
  const r = v.result;
  if (!r) return null;
  const names = r.winners.map((id) => playerById(v, id)?.name ?? id);
  const meId = v.mode === "online" && v.you !== null ? v.players[v.you]?.id : undefined;
  const title =
    names.length === 0
      ? "Game over"
      : names.length > 1
        ? `${names.join(" and ")} share the win!`
        : r.winners[0] === meId
          ? "You win!"
          : `${names[0]} wins!`;
  const leader = v.players.find((p) => p.seat === v.lead);
  return (
    <section className="or-stage stack" data-testid="phase-gameEnd">
      <div className="card stack center or-final">
        <p className="eyebrow">
          Game over · {v.round} {v.round === 1 ? "round" : "rounds"}
        </p>
        <h1 className="or-final__title" data-testid="winner">
          {title}
        </h1>
        <p data-testid="end-reason">{endReason(v, r)}</p>
        <p className="note or-tiebreak" data-testid="tiebreak" data-decided-by={r.decidedBy}>
          {tiebreakText(v, r)}
        </p>
        <div className="or-standings-wrap">
          <table className="or-standings" data-testid="final-standings">
            <caption className="visually-hidden">Final standings</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Player</th>
                <th scope="col">Points</th>
                <th scope="col" title="Tokens held at the end: the first tiebreaker">
                  Tokens
                </th>
                <th scope="col" title="Correct guesses: the second tiebreaker">
                  Right
                </th>
                <th scope="col">Sets</th>
                <th scope="col" className="or-col-streak" title="Longest run of correct guesses">
                  Streak
                </th>
              </tr>
            </thead>
            <tbody>
              {r.standings.map((st) => {
                const p = playerById(v, st.playerId);
                const won = r.winners.includes(st.playerId);
                return (
                  <tr
                    key={st.playerId}
                    className={won ? "is-winner" : st.left ? "is-left" : undefined}
                    data-testid={`standing-${st.playerId}`}
                  >
                    <td>{st.rank}</td>
                    <th scope="row">
                      {p?.name ?? st.playerId}
                      {st.playerId === meId && <span className="muted"> (you)</span>}
                      {st.left && <span className="muted small"> left</span>}
                    </th>
                    <td>
                      <strong>{st.score}</strong>
                    </td>
                    <td>{st.tokens}</td>
                    <td>{st.correctGuesses}</td>
                    <td>{p?.cashOuts ?? 0}</td>
                    <td className="or-col-streak">{p?.longestStreak ?? 0}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="muted small">
          Points come from right guesses (1 each), last-standing bonuses and cashed sets (
          {v.settings.setPoints.join("/")}
          ). Uncashed tokens are worth {points(0)}.
        </p>
        {isLead(v) ? (
          <Button
            variant="primary"
            size="lg"
            onClick={() => room.send({ type: "startGame" })}
            disabled={isPending(s, "startGame")}
            testId="rematch"
          >
            Rematch with {v.mode === "table" ? "this table" : "everyone here"}
          </Button>
        ) : v.seat !== null ? (
          <p className="or-waiting" data-testid="rematch-wait">
            {leader ? `${leader.name} can start a rematch.` : "The lead can start a rematch."}
          </p>
        ) : null}
        <Link href="/outrank" className="btn btn--ghost btn--md">
          Set up a new game
        </Link>
      </div>
    </section>
  );
}
