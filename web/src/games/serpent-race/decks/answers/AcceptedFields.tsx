import { Button } from "../../../../kit/Button";
import { Problems } from "../Problems";
import { LIMITS } from "../types";
import { type AnswerProps, invalid, problemsAt } from "./props";

/** Own answer: every answer that counts, one per line. */
export function AcceptedFields({ card, onChange, problems, idBase }: AnswerProps) {
  const group = problemsAt(problems, "answer");
  const errId = `${idBase}-answer-err`;
  return (
    <fieldset className="sd-group" aria-describedby={group.length ? errId : undefined}>
      <legend className="sd-field__label">Accepted answers</legend>
      <p className="small muted">Any of these counts; case and extra spaces do not matter.</p>
      <ul className="sd-list">
        {card.accepted.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: answers are plain strings; their place is who they are
          <li key={i} className="sd-list__row">
            <input
              className="text-input sd-input"
              aria-label={`Accepted answer ${i + 1}`}
              value={a}
              maxLength={LIMITS.option}
              onChange={(e) => onChange({ accepted: card.accepted.map((x, j) => (j === i ? e.target.value : x)) })}
              aria-invalid={invalid(problems, "answer")}
              data-testid={`accepted-${i}`}
            />
            <button
              type="button"
              className="sd-icon-btn"
              aria-label={`Remove accepted answer ${i + 1}`}
              onClick={() => onChange({ accepted: card.accepted.filter((_, j) => j !== i) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="ghost" onClick={() => onChange({ accepted: [...card.accepted, ""] })} testId="accepted-add">
          + Add another answer
        </Button>
      </div>
      <Problems list={group} id={errId} />
    </fieldset>
  );
}
