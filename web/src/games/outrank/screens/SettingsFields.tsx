import type { ChangeEvent } from "react";
import { Choice, radios } from "../../../kit/Choice";
import { LIMITS, type SettingsForm, TURN_TIMERS } from "../settings-form";
import type { EndCondition, TargetEnds } from "../wire";

interface Props {
  form: SettingsForm;
  onChange(f: SettingsForm): void;
  disabled?: boolean;
  /** Prefix for ids, so two forms on a page never share one. */
  idPrefix: string;
}

const ENDS: { id: EndCondition; label: string; hint: string }[] = [
  { id: "points", label: "First to a score", hint: "" },
  { id: "rounds", label: "A number of rounds", hint: "" },
  { id: "time", label: "A time limit", hint: "The round under way is played out." },
  { id: "depletion", label: "Until the tokens run out", hint: "When no category can refill the pool." },
];

const TARGET_ENDS: { id: TargetEnds; label: string; hint: string }[] = [
  { id: "atOnce", label: "The game ends at once", hint: "The first to reach it wins." },
  { id: "roundEnd", label: "The round is played out", hint: "Then the highest score wins." },
];

/** The lead's settings: how the game ends, the hand limit, a turn timer, who guesses first. */
export function SettingsFields({ form, onChange, disabled, idPrefix }: Props) {
  const set = <K extends keyof SettingsForm>(k: K, value: SettingsForm[K]) => onChange({ ...form, [k]: value });
  const first = radios(
    `${idPrefix}-first`,
    form.firstGuesser,
    (f) => set("firstGuesser", f),
    (f) => `first-${f}`,
  );
  const num =
    (k: "targetPoints" | "roundLimit" | "timeLimitMinutes" | "handLimit") => (e: ChangeEvent<HTMLInputElement>) =>
      set(k, e.target.value === "" ? Number.NaN : Number(e.target.value));
  const value = (n: number) => (Number.isNaN(n) ? "" : n);
  return (
    <div className="or-settings stack">
      <fieldset className="or-fieldset" disabled={disabled}>
        <legend className="label">The game ends</legend>
        <div className="or-ends">
          {ENDS.map((e) => (
            <Choice
              key={e.id}
              name={`${idPrefix}-end`}
              checked={form.endCondition === e.id}
              onChoose={() => set("endCondition", e.id)}
              testId={`end-${e.id}`}
              className="or-choice"
            >
              <span>
                {e.label}
                {e.hint && <span className="muted small or-choice__hint">{e.hint}</span>}
              </span>
            </Choice>
          ))}
        </div>
        {form.endCondition === "points" && (
          <NumberField
            id={`${idPrefix}-target`}
            label="Points to win"
            value={value(form.targetPoints)}
            range={LIMITS.targetPoints}
            onChange={num("targetPoints")}
            testId="setting-target"
          />
        )}
        {form.endCondition === "points" && (
          <fieldset className="or-fieldset or-fieldset--inner" disabled={disabled}>
            <legend className="label">When someone reaches it</legend>
            <div className="or-ends">
              {TARGET_ENDS.map((e) => (
                <Choice
                  key={e.id}
                  name={`${idPrefix}-target-ends`}
                  checked={form.targetEnds === e.id}
                  onChoose={() => set("targetEnds", e.id)}
                  testId={`target-ends-${e.id}`}
                  className="or-choice"
                >
                  <span>
                    {e.label}
                    <span className="muted small or-choice__hint">{e.hint}</span>
                  </span>
                </Choice>
              ))}
            </div>
          </fieldset>
        )}
        {form.endCondition === "rounds" && (
          <NumberField
            id={`${idPrefix}-rounds`}
            label="Rounds"
            value={value(form.roundLimit)}
            range={LIMITS.roundLimit}
            onChange={num("roundLimit")}
            testId="setting-rounds"
          />
        )}
        {form.endCondition === "time" && (
          <NumberField
            id={`${idPrefix}-minutes`}
            label="Minutes"
            value={value(form.timeLimitMinutes)}
            range={LIMITS.timeLimitMinutes}
            onChange={num("timeLimitMinutes")}
            testId="setting-minutes"
          />
        )}
      </fieldset>
      <div className="or-settings__row">
        <NumberField
          id={`${idPrefix}-hand`}
          label="Hand limit"
          hint="Tokens held (hand + this round) before you must cash out, discard or pass."
          value={value(form.handLimit)}
          range={LIMITS.handLimit}
          onChange={num("handLimit")}
          disabled={disabled}
          testId="setting-hand-limit"
        />
        <label className="or-field" htmlFor={`${idPrefix}-timer`}>
          <span className="label">Turn timer</span>
          <select
            id={`${idPrefix}-timer`}
            className="or-select"
            value={form.turnSeconds ?? ""}
            disabled={disabled}
            onChange={(e) => set("turnSeconds", e.target.value === "" ? null : Number(e.target.value))}
            data-testid="setting-turn-timer"
          >
            {TURN_TIMERS.map((t) => (
              <option key={t ?? "off"} value={t ?? ""}>
                {t === null ? "Off" : `${t} seconds`}
              </option>
            ))}
          </select>
          <span className="muted small">Running out of time counts as a pass.</span>
        </label>
      </div>
      <fieldset className="or-fieldset" disabled={disabled}>
        <legend className="label">First Guesser</legend>
        <div className="row row--wrap">
          <Choice {...first("random")} className="or-choice">
            <span>Drawn at random</span>
          </Choice>
          <Choice {...first("youngest")} className="or-choice">
            <span>Youngest first</span>
          </Choice>
        </div>
      </fieldset>
    </div>
  );
}

function NumberField(props: {
  id: string;
  label: string;
  hint?: string;
  value: number | "";
  range: { min: number; max: number };
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <label className="or-field" htmlFor={props.id}>
      <span className="label">{props.label}</span>
      <input
        id={props.id}
        className="text-input or-number"
        type="number"
        inputMode="numeric"
        min={props.range.min}
        max={props.range.max}
        value={props.value}
        onChange={props.onChange}
        disabled={props.disabled}
        data-testid={props.testId}
      />
      {props.hint && <span className="muted small">{props.hint}</span>}
    </label>
  );
}
