import { Countdown } from "../../../kit/Countdown";
import { clockOf, type ScreenProps } from "./props";
import { Scoreboard } from "./Scoreboard";

/** The category reveal: a moment to think about it before the betting opens. */
export function Category({ s, p }: ScreenProps) {
  const first = s.firstActor;
  return (
    <section className="phase" data-testid="phase-CATEGORY">
      <Scoreboard s={s} p={p} />
      <div className="card center stack">
        <p className="eyebrow" data-testid="question-number">
          Question {s.questionIndex + 1} of {s.questionsPerMatch}
        </p>
        <p className="category-chip" data-testid="category">
          {s.category}
        </p>
        {first && (
          <p className="muted">{first === p.me && p.isPlayer ? "You bet first." : `${p.name(first)} bets first.`}</p>
        )}
        <Countdown deadline={s.categoryEndsAt} {...clockOf(s)} format={(n) => `Betting in ${n}…`} urgentAt={-1} />
      </div>
    </section>
  );
}
