import { Problems } from "../Problems";
import { type AnswerProps, invalid, problemsAt } from "./props";

/** True or false: which one the statement is. */
export function TrueFalseFields({ card, onChange, problems, idBase }: AnswerProps) {
  const group = problemsAt(problems, "answer");
  const errId = `${idBase}-answer-err`;
  return (
    <fieldset className="sd-group" aria-describedby={group.length ? errId : undefined}>
      <legend className="sd-field__label">The statement is</legend>
      <div className="sd-tabs">
        {([true, false] as const).map((v) => (
          <label key={String(v)} className="sd-choice">
            <input
              type="radio"
              name={`${idBase}-truth`}
              checked={card.truth === v}
              onChange={() => onChange({ truth: v })}
              aria-invalid={invalid(problems, "answer")}
              data-testid={`truth-${v}`}
            />
            {v ? "True" : "False"}
          </label>
        ))}
      </div>
      <Problems list={group} id={errId} />
    </fieldset>
  );
}
