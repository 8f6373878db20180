import { Countdown } from "../../../kit/Countdown";
import { signed } from "../perspective";
import type { Seat } from "../wire";
import { headline } from "./outcome";
import { clockOf, type ScreenProps } from "./props";
import { Scoreboard } from "./Scoreboard";

export function Resolution({ s, p }: ScreenProps) {
  const r = s.resolution;
  if (!r)
    return (
      <section className="phase" data-testid="phase-RESOLUTION">
        <Scoreboard s={s} p={p} />
      </section>
    );
  const change = r.balanceChanges[p.me];
  // A timed-out answer is recorded as null, so the buzzers say whether anyone tried.
  const tried = (seat: Seat) => r.answers[seat] !== null || (s.buzzer !== null && s.buzzer[seat] !== "AVAILABLE");
  const shown = (seat: Seat) => r.answers[seat] ?? (tried(seat) ? "Time ran out" : "—");
  const h = headline(r.outcome, p, change, tried("P1") || tried("P2"));
  const last = r.questionIndex + 1 >= s.questionsPerMatch;
  const folded = r.outcome === "P1_FOLD" || r.outcome === "P2_FOLD";
  return (
    <section className="phase" data-testid="phase-RESOLUTION">
      <Scoreboard s={s} p={p} />
      <div className="card center stack">
        <p className="eyebrow">
          Question {r.questionIndex + 1} of {s.questionsPerMatch}
          {r.category ? ` · ${r.category}` : ""}
        </p>
        <h2 className={`verdict verdict--${h.tone}`} data-testid="verdict" data-outcome={r.outcome}>
          {h.text}
        </h2>
        {folded && s.lastBet?.action === "FOLD" && s.lastBet.auto && (
          <p className="muted" data-testid="auto-fold">
            {p.isPlayer && s.lastBet.player === p.me ? "Your" : `${p.name(s.lastBet.player)}'s`} time to bet ran out, so
            the table folded for {p.isPlayer && s.lastBet.player === p.me ? "you" : "them"}.
          </p>
        )}
        <dl className="facts">
          {!folded && (
            <>
              <dt>{p.isPlayer ? "Your answer" : p.name(p.me)}</dt>
              <dd data-testid="my-answer">{shown(p.me)}</dd>
              <dt>{p.isPlayer ? `${p.name(p.opp)}'s answer` : p.name(p.opp)}</dt>
              <dd data-testid="opponent-answer">{shown(p.opp)}</dd>
            </>
          )}
          <dt>Correct answer</dt>
          <dd data-testid="correct-answer">{r.correctAnswer}</dd>
        </dl>
        {p.isPlayer && (
          <p
            className={change > 0 ? "points points--up" : change < 0 ? "points points--down" : "points"}
            data-testid="points-change"
          >
            {change === 0 ? "No points change hands" : `${signed(change)} points`}
          </p>
        )}
        <Countdown
          deadline={r.nextPhaseAt}
          {...clockOf(s)}
          format={(n) => (last ? `Final scores in ${n}…` : `Next question in ${n}…`)}
          urgentAt={0}
        />
      </div>
    </section>
  );
}
