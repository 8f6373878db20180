import type { TriviaClient } from "../reducer";

/** The strip under the scores: which question, its category, and the pot once there is one. */
export function QuestionHeader({ s, showPot = true }: { s: TriviaClient; showPot?: boolean }) {
  return (
    <div className="qheader">
      <span className="qheader__category" data-testid="category">
        {s.category ?? ""}
      </span>
      <span className="qheader__meta">
        <span className="muted" data-testid="question-number">
          Q{s.questionIndex + 1}/{s.questionsPerMatch}
        </span>
        {showPot && (
          <span className="pot" data-testid="pot">
            Pot <strong>{s.pot}</strong>
          </span>
        )}
      </span>
    </div>
  );
}
