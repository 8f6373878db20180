import { closerRange } from "../form";
import { Problems } from "../Problems";
import { type AnswerProps, invalid, problemsAt } from "./props";

const fmt = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 6 });

/** Closest number: the right number and the margin, with the range of guesses that count. */
export function CloserFields({ card, onChange, problems, idBase }: AnswerProps) {
  const group = problemsAt(problems, "answer");
  const errId = `${idBase}-answer-err`;
  const range = closerRange(card);
  return (
    <fieldset className="sd-group" aria-describedby={`${idBase}-range${group.length ? ` ${errId}` : ""}`}>
      <legend className="sd-field__label">Answer</legend>
      <div className="sd-closer">
        <label className="sd-field">
          <span className="sd-field__label">Right number</span>
          <input
            className="text-input sd-input"
            inputMode="decimal"
            value={card.closerCorrect}
            onChange={(e) => onChange({ closerCorrect: e.target.value })}
            aria-invalid={invalid(problems, "answer.correct")}
            data-testid="closer-correct"
          />
        </label>
        <label className="sd-field">
          <span className="sd-field__label">Margin (%)</span>
          <input
            className="text-input sd-input"
            inputMode="decimal"
            value={card.closerPercent}
            onChange={(e) => onChange({ closerPercent: e.target.value })}
            aria-invalid={invalid(problems, "answer.percent")}
            data-testid="closer-percent"
          />
        </label>
      </div>
      <p id={`${idBase}-range`} className="small muted" data-testid="closer-range">
        {range
          ? `Guesses from ${fmt(range.low)} to ${fmt(range.high)} count as right (both ends included).`
          : "A guess counts when it is within the margin, in percent of the right number."}
      </p>
      <Problems list={group} id={errId} />
    </fieldset>
  );
}
