import { type FormEvent, useState } from "react";
import { Button } from "../../../kit/Button";
import { readWhole } from "../answers";
import { signed } from "../board";
import type { GuessRequest } from "../wire";

/**
 * The position guess: the formula's inputs (the position before the roll, the die, the
 * field's step value, the zone's modifier), and the player's sum. The server does the sum
 * too; a wrong guess costs 2 fields.
 */
export function GuessPrompt({
  request,
  joker,
  onGuess,
}: {
  request: GuessRequest;
  joker: boolean;
  onGuess(position: number): Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const [sent, setSent] = useState(false);
  const n = readWhole(text);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (n === null) return;
    setSent(true);
    if (!(await onGuess(n))) setSent(false);
  }
  const terms = [
    { value: String(request.currentPosition), label: joker ? "joker field" : "you were on" },
    { value: String(request.diceRoll), label: joker ? "joker's die" : "the die" },
    { value: String(request.fieldStepValue), label: "step value" },
    { value: signed(request.patternModifier), label: "zone" },
  ];
  return (
    <form className="stack sr-guess" onSubmit={submit} data-testid="guess-prompt" data-joker={joker}>
      <p className="sr-question">{joker ? "Where does the joker take you?" : "Where do you land?"}</p>
      <fieldset className="sr-formula sr-bare" data-testid="formula">
        <legend className="visually-hidden">The formula</legend>
        {terms.map((t, i) => (
          <span key={t.label} className="sr-formula__part">
            {i > 0 && (
              <span className="sr-formula__op" aria-hidden="true">
                +
              </span>
            )}
            <span className="sr-formula__term">
              <span className="sr-formula__value" data-testid={`formula-${i}`}>
                {t.value}
              </span>
              <span className="sr-formula__label">{t.label}</span>
            </span>
          </span>
        ))}
        <span className="sr-formula__op" aria-hidden="true">
          =
        </span>
        <label className="sr-formula__term" htmlFor="sr-guess">
          <input
            id="sr-guess"
            className="text-input sr-formula__input"
            inputMode="numeric"
            value={text}
            autoComplete="off"
            autoFocus
            disabled={sent}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={text.trim() !== "" && n === null}
            data-testid="guess-input"
          />
          <span className="sr-formula__label">your field</span>
        </label>
      </fieldset>
      {text.trim() !== "" && n === null && <p className="note note--bad">A field number: a whole number.</p>}
      <p className="muted small">Right: you move there. Wrong: you still move, but 2 fields short.</p>
      <div>
        <Button type="submit" variant="primary" size="lg" disabled={n === null || sent} testId="guess-submit">
          {sent ? "Sent…" : "That's my field"}
        </Button>
      </div>
    </form>
  );
}
