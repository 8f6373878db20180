import { useEffect, useState } from "react";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { Link } from "../../../kit/Link";
import { navigate } from "../../../kit/navigation";
import { cardLabel } from "../answers";
import { markGamemaster, nextRace, raceAgain } from "../api";
import { tokenColour } from "../board";
import type { RoomRole } from "../useSerpentRoom";
import type { EndedData, StateData } from "../wire";

const ORDER = ["QUIZ", "SENTENCE_PAIRING", "OWN_ANSWER", "TRUE_FALSE", "CLOSER"];

/**
 * The end: the winner, where everyone finished, and each player's report (answers right
 * and wrong per card type), readable on a phone and from the back of the room; then what
 * comes next: the gamemaster starts a new race with the same players, whose phones and
 * projector then show its code (see `NextRace`), or everyone goes back to /serpent.
 */
export function EndScreen({
  ended,
  v,
  you,
  big,
  gameId,
  role,
}: {
  ended: EndedData;
  v: StateData | null;
  you: string | null;
  big: boolean;
  gameId: string | null;
  role: RoomRole;
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
        <NextRace gameId={gameId} role={role} publicGame={(v?.settings.loginType ?? 0) === 0} />
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

/** How often an end screen asks whether the gamemaster started the next race, and for how long. */
const ASK_EVERY_MS = 5000;
const ASK_FOR_MS = 30 * 60_000;

/**
 * What follows the end. The gamemaster: "New race with these players" (a game with the same
 * settings and decks, `POST /api/v1/game/:gameId/again`) and back to /serpent. Players and
 * projectors: back to /serpent, and once the gamemaster has started the next race (asked
 * every few seconds: the room is closed, so no event can say so) its code and a way in.
 */
function NextRace({
  gameId,
  role,
  publicGame,
}: {
  gameId: string | null;
  role: RoomRole;
  /** A PUBLIC game's screens may watch the next one by its code; others need its projector link. */
  publicGame: boolean;
}) {
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const gamemaster = role === "gamemaster";

  useEffect(() => {
    if (gamemaster || !gameId) return;
    let live = true;
    const since = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      nextRace(gameId)
        .then((c) => {
          if (!live || !c) return;
          setNext(c);
          // Found: no need to ask again.
          live = false;
        })
        .catch(() => undefined)
        .finally(() => {
          if (live && Date.now() - since < ASK_FOR_MS) timer = setTimeout(ask, ASK_EVERY_MS);
        });
    };
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [gameId, gamemaster]);
  const found = next !== null;

  async function again() {
    if (!gameId) return;
    setBusy(true);
    setProblem(null);
    try {
      const g = await raceAgain(gameId);
      markGamemaster(g.gamecode, g.id);
      navigate(`/serpent/${encodeURIComponent(g.gamecode)}`);
    } catch (e) {
      setProblem(errorText(e));
      setBusy(false);
    }
  }

  return (
    <div className="stack sr-end__next" data-testid="end-actions">
      {found && !gamemaster && (
        <div className="sr-end__new" data-testid="next-race" data-code={next}>
          <p className="label">The gamemaster started a new race</p>
          {role === "spectator" ? (
            <p className="sr-end__new-code">
              Join at <strong>{location.host}/serpent</strong> with code{" "}
              <strong className="sr-mono" data-testid="next-code">
                {next}
              </strong>
            </p>
          ) : (
            <p className="sr-end__new-code">
              Code{" "}
              <strong className="sr-mono" data-testid="next-code">
                {next}
              </strong>
            </p>
          )}
        </div>
      )}
      <div className="row row--wrap sr-end__buttons">
        {gamemaster && (
          <Button
            variant="primary"
            size="lg"
            disabled={busy || !gameId}
            onClick={() => void again()}
            testId="race-again"
          >
            {busy ? "Creating…" : "New race with these players"}
          </Button>
        )}
        {found && role === "player" && (
          <Link href={`/serpent/${next}`} className="btn btn--primary btn--lg" data-testid="join-next">
            Join the new race
          </Link>
        )}
        {found && role === "spectator" && publicGame && (
          <Link href={`/serpent/${next}/projector`} className="btn btn--secondary btn--lg" data-testid="watch-next">
            Watch the new race
          </Link>
        )}
        <Link href="/serpent" className="btn btn--ghost btn--lg" data-testid="end-back">
          Back to SerpentRace
        </Link>
      </div>
      {gamemaster && (
        <p className="muted small">
          Same settings and decks, a new code: the players' screens show it, with a button to join.
        </p>
      )}
      {problem && (
        <p className="note note--bad" role="alert" data-testid="again-error">
          Could not start a new race: {problem}
        </p>
      )}
    </div>
  );
}
