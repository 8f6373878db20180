import { closerRange } from "../form";
import { Problems } from "../Problems";
import { binder, CardBox } from "./CardBox";
import { type AnswerProps, problemsAt } from "./props";

const fmt = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 6 });

/** Closest number: the right number and the margin, with the range of guesses that count. */
export function CloserFields(props: AnswerProps) {
  const { card, problems, idBase } = props;
  const bind = binder(props);
  const group = problemsAt(problems, "answer");
  const errId = `${idBase}-answer-err`;
  const range = closerRange(card);
  return (
    <fieldset className="sd-group" aria-describedby={`${idBase}-range${group.length ? ` ${errId}` : ""}`}>
      <legend className="sd-field__label">Answer</legend>
      <div className="sd-closer">
        <CardBox
          label="Right number"
          inputMode="decimal"
          field={bind("closerCorrect", "answer.correct")}
          testId="closer-correct"
        />
        <CardBox
          label="Margin (%)"
          inputMode="decimal"
          field={bind("closerPercent", "answer.percent")}
          testId="closer-percent"
        />
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
