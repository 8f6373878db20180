import type { ChangeEvent, InputHTMLAttributes } from "react";
import type { CardForm } from "../form";
import { type AnswerProps, invalid } from "./props";

/** A text field of the card form, bound: its value, how it changes, whether a problem names it. */
export interface Bound {
  value: string;
  onValue(value: string): void;
  invalid: boolean;
}

type TextKey = { [K in keyof CardForm]: CardForm[K] extends string ? K : never }[keyof CardForm];

/** Binds the card's text fields: `bind("topic", "topic")` is the topic, checked against problems at "topic". */
export const binder =
  ({ card, onChange, problems }: Pick<AnswerProps, "card" | "onChange" | "problems">) =>
  (key: TextKey, problem: string): Bound => ({
    value: card[key],
    onValue: (value) => onChange({ [key]: value }),
    invalid: invalid(problems, problem),
  });

/** One of a card's text boxes in the editor, with its label when it has one (else an `aria-label`). */
export function CardBox({
  label,
  field,
  testId,
  ...rest
}: { label?: string; field: Bound; testId: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "value">) {
  const attrs = {
    className: "text-input sd-input",
    value: field.value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => field.onValue(e.target.value),
    "aria-invalid": field.invalid,
    "data-testid": testId,
    ...rest,
  };
  if (label === undefined) return <input {...attrs} />;
  return (
    <label className="sd-field">
      <span className="sd-field__label">{label}</span>
      <input {...attrs} />
    </label>
  );
}
