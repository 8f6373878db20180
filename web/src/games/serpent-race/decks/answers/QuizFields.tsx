import { Problems } from "../Problems";
import { LETTERS, LIMITS } from "../types";
import { type AnswerProps, invalid, problemsAt } from "./props";

/** Multiple choice: four options, one marked right with a radio button beside it. */
export function QuizFields({ card, onChange, problems, idBase }: AnswerProps) {
  const group = problemsAt(problems, "answer");
  const errId = `${idBase}-answer-err`;
  return (
    <fieldset className="sd-group" aria-describedby={group.length ? errId : undefined}>
      <legend className="sd-field__label">Options (mark the right one)</legend>
      {LETTERS.map((letter, i) => (
        <div key={letter} className="sd-option">
          <input
            type="radio"
            className="sd-radio"
            name={`${idBase}-correct`}
            id={`${idBase}-correct-${letter}`}
            checked={card.correct === letter}
            onChange={() => onChange({ correct: letter })}
            aria-invalid={invalid(problems, "answer") && !problems.some((p) => p.field.startsWith("answer."))}
            data-testid={`quiz-correct-${letter}`}
          />
          <label className="sd-option__letter" htmlFor={`${idBase}-correct-${letter}`}>
            <span className="visually-hidden">Option {letter} is the right one</span>
            <span aria-hidden="true">{letter}</span>
          </label>
          <input
            className="text-input sd-input"
            aria-label={`Option ${letter}`}
            value={card.options[i]}
            maxLength={LIMITS.option}
            onChange={(e) => {
              const options = [...card.options] as typeof card.options;
              options[i] = e.target.value;
              onChange({ options });
            }}
            aria-invalid={invalid(problems, `answer.${i}`)}
            data-testid={`quiz-option-${letter}`}
          />
        </div>
      ))}
      <Problems list={group} id={errId} />
    </fieldset>
  );
}
