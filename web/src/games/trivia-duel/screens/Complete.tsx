import { Button } from "../../../kit/Button";
import { Invite } from "../../../kit/Invite";
import { Link } from "../../../kit/Link";
import { signed } from "../perspective";
import { mark, potWinner } from "./outcome";
import type { ScreenProps } from "./props";

export function Complete({ s, p, send, onLeave }: ScreenProps & { onLeave(): void }) {
  const res = s.result;
  const final = res?.finalBalances ?? s.balances;
  const title = !res
    ? "Match over"
    : res.winner === "TIE"
      ? "It's a tie"
      : !p.isPlayer
        ? `${p.name(res.winner)} wins`
        : res.winner === p.me
          ? "You win!"
          : "You lose";
  const tone = !res || res.winner === "TIE" || !p.isPlayer ? "neutral" : res.winner === p.me ? "good" : "bad";
  const oppHere = s.players[p.opp].joined && s.players[p.opp].connected;
  const iAsked = s.playAgain[p.me];
  const theyAsked = s.playAgain[p.opp];
  return (
    <section className="phase card center stack" data-testid="phase-COMPLETE">
      {tone === "good" && <Trophy />}
      <h1 className={`verdict verdict--${tone}`} data-testid="match-result" data-winner={res?.winner}>
        {title}
      </h1>
      {res?.forfeitedBy && (
        <p className="note" data-testid="forfeit">
          {p.isPlayer
            ? res.forfeitedBy === p.me
              ? `You were away too long, so the match went to ${p.name(p.opp)} by forfeit.`
              : `${p.name(p.opp)} left and did not come back: a win by forfeit.`
            : `${p.name(res.forfeitedBy)} forfeited.`}
        </p>
      )}
      {res?.winner === "TIE" && (
        <p className="muted">Level scores: both players leave with the {s.startingBalance} they started with.</p>
      )}
      <Tally s={s} p={p} />
      <div className="final">
        <h2 className="label">Final score</h2>
        <div className="final__scores">
          <span data-testid="final-me">
            {p.name(p.me)}: <strong>{final[p.me]}</strong>
          </span>
          <span data-testid="final-opponent">
            {p.name(p.opp)}: <strong>{final[p.opp]}</strong>
          </span>
        </div>
      </div>
      {s.recap.length > 0 && (
        <ol className="recap" data-testid="recap">
          {s.recap.map((r) => {
            // Players see their own ✓/✗ and points; spectators see who took each question.
            const winner = potWinner(r.outcome);
            const gain = winner ? r.balanceChanges[winner] : 0;
            const m = p.isPlayer
              ? mark(r.outcome, p.me, r.balanceChanges[p.me])
              : winner && gain > 0
                ? p.name(winner)
                : "–";
            const change = p.isPlayer ? signed(r.balanceChanges[p.me]) : gain > 0 ? `+${gain}` : "0";
            return (
              <li key={r.questionIndex} className={p.isPlayer ? "recap__row" : "recap__row recap__row--watch"}>
                <span className="recap__q">Q{r.questionIndex + 1}</span>
                <span className={m === "✓" ? "recap__mark good" : m === "✗" ? "recap__mark bad" : "recap__mark"}>
                  {m}
                </span>
                <span className="recap__change">{change}</span>
                <span className="recap__cat muted">{r.category}</span>
                <span className="recap__answer muted">{r.correctAnswer}</span>
              </li>
            );
          })}
        </ol>
      )}
      {p.isPlayer ? (
        <>
          <p className="muted small" role="status" data-testid="rematch-status">
            {!oppHere
              ? `${p.name(p.opp)} has gone. Share the room link to play someone new.`
              : iAsked
                ? `Waiting for ${p.name(p.opp)} to accept the rematch…`
                : theyAsked
                  ? `${p.name(p.opp)} wants a rematch!`
                  : "Fancy another round? New questions every time."}
          </p>
          {!oppHere && (
            <Invite
              url={`${location.origin}/trivia/${s.roomId}`}
              label="Link to this room"
              title={`Trivia Duel room ${s.roomId}`}
              testId="share-link"
            />
          )}
          <div className="row row--center row--wrap">
            <Button
              variant="primary"
              size="lg"
              disabled={iAsked || !oppHere || s.pending === "PLAY_AGAIN"}
              onClick={() => send({ type: "PLAY_AGAIN" })}
              testId="play-again"
            >
              Play again
            </Button>
            <Button variant="secondary" size="lg" onClick={onLeave} testId="leave">
              Leave
            </Button>
          </div>
        </>
      ) : (
        <Link href="/" className="btn btn--secondary btn--md">
          Back to all games
        </Link>
      )}
    </section>
  );
}

/** The running tally across rematches in this room, once there has been more than one match. */
function Tally({ s, p }: Pick<ScreenProps, "s" | "p">) {
  const t = s.tally;
  if (t.P1 + t.P2 + t.ties < 2) return null;
  return (
    <p className="tally" data-testid="tally">
      Matches so far: {p.name(p.me)} <strong>{t[p.me]}</strong> – <strong>{t[p.opp]}</strong> {p.name(p.opp)}
      {t.ties > 0 ? ` (${t.ties} ${t.ties === 1 ? "tie" : "ties"})` : ""}
    </p>
  );
}

/** Drawn, not an emoji, so it shows on machines without an emoji font. */
function Trophy() {
  return (
    <svg className="trophy" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <path d="M18 8h28v14a14 14 0 0 1-28 0z" fill="#f5b400" stroke="#8a5300" strokeWidth="3" />
      <path
        d="M18 14H9v4a9 9 0 0 0 9 9M46 14h9v4a9 9 0 0 1-9 9"
        fill="none"
        stroke="#8a5300"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M32 36v10M22 54h20l-3-8H25z" fill="#f5b400" stroke="#8a5300" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
