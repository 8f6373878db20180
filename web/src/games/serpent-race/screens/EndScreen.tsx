import { cardLabel } from "../answers";
import { tokenColour } from "../board";
import type { EndedData, StateData } from "../wire";

const ORDER = ["QUIZ", "SENTENCE_PAIRING", "OWN_ANSWER", "TRUE_FALSE", "CLOSER"];

/**
 * The end: the winner, where everyone finished, and each player's report (answers right
 * and wrong per card type), readable on a phone and from the back of the room.
 */
export function EndScreen({
  ended,
  v,
  you,
  big,
}: {
  ended: EndedData;
  v: StateData | null;
  you: string | null;
  big: boolean;
}) {
  const players = v?.players ?? [];
  const reports = new Map(ended.report.map((r) => [r.playerId, r]));
  return (
    <div className={big ? "sr-end sr-end--big" : "sr-end"} data-testid="phase-ended">
      <section className="sr-panel sr-end__hero">
        <p className="label">The race is over</p>
        <h1 className="sr-end__winner" data-testid="winner">
          {ended.winnerName ? `${ended.winnerName} wins!` : "Nobody is left in the race."}
        </h1>
        <p className="muted">{ended.message}</p>
      </section>
      <section className="sr-panel" aria-label="Final positions">
        <h2 className="sr-panel__title">Final positions</h2>
        <ol className="sr-final" data-testid="final-positions">
          {ended.finalPositions.map((f, i) => (
            <li key={f.playerId} className={f.playerId === ended.winner ? "sr-final__row is-winner" : "sr-final__row"}>
              <span className="sr-final__rank">{i + 1}</span>
              <span className="sr-dot" style={{ background: tokenColour(players, f.playerId) }} aria-hidden="true" />
              <span className="sr-final__name">
                {f.playerName}
                {f.playerId === you && <span className="muted"> (you)</span>}
              </span>
              <span className="sr-final__pos">field {f.boardPosition}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="sr-panel" aria-label="Answers per player">
        <h2 className="sr-panel__title">Answers, right and wrong</h2>
        <div className="sr-reports" data-testid="reports">
          {[...ended.finalPositions.map((f) => f.playerId), ...ended.report.map((r) => r.playerId)]
            .filter((id, i, all) => all.indexOf(id) === i)
            .map((id) => reports.get(id))
            .filter((r) => r !== undefined)
            .map((r) => {
              const types = Object.keys(r.answers).sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
              const right = types.reduce((n, t) => n + (r.answers[t]?.right ?? 0), 0);
              const wrong = types.reduce((n, t) => n + (r.answers[t]?.wrong ?? 0), 0);
              return (
                <article key={r.playerId} className="sr-report" data-testid={`report-${r.playerId}`}>
                  <h3 className="sr-report__name">
                    <span
                      className="sr-dot"
                      style={{ background: tokenColour(players, r.playerId) }}
                      aria-hidden="true"
                    />
                    {r.playerName}
                    <span className="sr-report__total">
                      <span className="sr-n-right">{right} right</span> ·{" "}
                      <span className="sr-n-wrong">{wrong} wrong</span>
                    </span>
                  </h3>
                  {types.length === 0 ? (
                    <p className="muted small">No question cards this race.</p>
                  ) : (
                    <table className="sr-report__table">
                      <thead>
                        <tr>
                          <th scope="col">Card</th>
                          <th scope="col">Right</th>
                          <th scope="col">Wrong</th>
                        </tr>
                      </thead>
                      <tbody>
                        {types.map((t) => (
                          <tr key={t} data-testid={`report-${r.playerId}-${t}`}>
                            <th scope="row">{cardLabel(t)}</th>
                            <td className="sr-n-right">{r.answers[t]?.right ?? 0}</td>
                            <td className="sr-n-wrong">{r.answers[t]?.wrong ?? 0}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </article>
              );
            })}
        </div>
      </section>
    </div>
  );
}
