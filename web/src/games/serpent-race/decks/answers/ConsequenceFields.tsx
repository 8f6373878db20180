import { Options } from "../../../../kit/Options";
import { Problems } from "../Problems";
import { CARD, CONSEQUENCE_LABEL, CONSEQUENCE_UNIT, CONSEQUENCES, type ConsequenceCode } from "../types";
import { binder, CardBox } from "./CardBox";
import { type AnswerProps, invalid, problemsAt } from "./props";

/**
 * What a luck card does (move, lose or gain turns, back to start) and by how much; a joker
 * may show one too, or none.
 */
export function ConsequenceFields({ card, onChange, problems, idBase }: AnswerProps) {
  const group = problemsAt(problems, "consequence");
  const errId = `${idBase}-cons-err`;
  const joker = card.type === CARD.JOKER;
  const unit = card.consequenceType === null ? null : CONSEQUENCE_UNIT[card.consequenceType];
  return (
    <fieldset className="sd-group" aria-describedby={group.length ? errId : undefined}>
      <legend className="sd-field__label">{joker ? "Consequence shown with the task" : "What happens"}</legend>
      {joker && (
        <p className="small muted">
          Optional. The table sees it with the task; players move only by their guess after the gamemaster decides.
        </p>
      )}
      <div className="sd-closer">
        <label className="sd-field">
          <span className="sd-field__label">{joker ? "Consequence" : "Effect"}</span>
          <select
            className="text-input sd-select"
            value={card.consequenceType === null ? "none" : String(card.consequenceType)}
            onChange={(e) =>
              onChange({
                consequenceType: e.target.value === "none" ? null : (Number(e.target.value) as ConsequenceCode),
              })
            }
            aria-invalid={invalid(problems, "consequence") && !invalid(problems, "consequence.value")}
            data-testid="consequence-type"
          >
            {joker && <option value="none">None</option>}
            <Options values={CONSEQUENCES} label={(c) => CONSEQUENCE_LABEL[c]} />
          </select>
        </label>
        {unit && (
          <CardBox
            label={`How many ${unit}`}
            inputMode="numeric"
            field={binder({ card, onChange, problems })("consequenceValue", "consequence.value")}
            testId="consequence-value"
          />
        )}
      </div>
      {card.consequenceType === 5 && <p className="small muted">The player goes back to field 1.</p>}
      <Problems list={group} id={errId} />
    </fieldset>
  );
}
