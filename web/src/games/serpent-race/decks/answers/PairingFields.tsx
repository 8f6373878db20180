import { Button } from "../../../../kit/Button";
import { Choice } from "../../../../kit/Choice";
import { Problems } from "../Problems";
import { LIMITS } from "../types";
import { type Bound, CardBox } from "./CardBox";
import { type AnswerProps, invalid, problemsAt } from "./props";

/** Pairs to match (left → right), or one sentence the race scrambles into words (the older format). */
export function PairingFields({ card, onChange, problems, idBase }: AnswerProps) {
  const group = problemsAt(problems, "answer");
  const errId = `${idBase}-answer-err`;
  // "Give at least two pairs" is about the deck of pairs: the empty inputs are where to write.
  const wholeAnswer = problems.some((p) => p.field === "answer");
  /** One side of pair `i`: its box, bound to the pair. */
  const part = (i: number, side: "left" | "right") => {
    const text = card.pairs[i]?.[side] ?? "";
    const field: Bound = {
      value: text,
      onValue: (value) => onChange({ pairs: card.pairs.map((p, j) => (j === i ? { ...p, [side]: value } : p)) }),
      invalid: invalid(problems, `answer.${i}.${side}`) || (wholeAnswer && text.trim() === ""),
    };
    const name = side === "left" ? "Left" : "Right";
    return (
      <CardBox
        aria-label={`Pair ${i + 1}, ${side} part`}
        placeholder={name}
        maxLength={LIMITS.option}
        field={field}
        testId={`pair-${side}-${i}`}
      />
    );
  };
  return (
    <fieldset className="sd-group" aria-describedby={group.length ? errId : undefined}>
      <legend className="sd-field__label">Answer</legend>
      <div className="sd-tabs" role="radiogroup" aria-label="Kind of pairing card">
        {(["pairs", "sentence"] as const).map((mode) => (
          <Choice
            key={mode}
            name={`${idBase}-pairing`}
            checked={card.pairingMode === mode}
            onChoose={() => onChange({ pairingMode: mode })}
            testId={`pairing-mode-${mode}`}
            className="sd-choice"
          >
            {mode === "pairs" ? "Pairs to match" : "Sentence to put in order"}
          </Choice>
        ))}
      </div>
      {card.pairingMode === "pairs" ? (
        <>
          <p className="small muted">Players see the left parts in order and the right parts shuffled.</p>
          <ol className="sd-pairs">
            {card.pairs.map((_p, i) => (
              // Pairs have no id of their own; their place is who they are while editing.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className="sd-pair">
                {part(i, "left")}
                <span className="sd-pair__arrow" aria-hidden="true">
                  →
                </span>
                {part(i, "right")}
                <button
                  type="button"
                  className="sd-icon-btn"
                  aria-label={`Remove pair ${i + 1}`}
                  onClick={() => onChange({ pairs: card.pairs.filter((_, j) => j !== i) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
          <div>
            <Button
              variant="ghost"
              onClick={() => onChange({ pairs: [...card.pairs, { left: "", right: "" }] })}
              testId="pair-add"
            >
              + Add a pair
            </Button>
          </div>
        </>
      ) : (
        <label className="sd-field">
          <span className="sd-field__label">The sentence</span>
          <textarea
            className="text-input sd-textarea"
            rows={2}
            value={card.sentence}
            maxLength={LIMITS.sentence}
            onChange={(e) => onChange({ sentence: e.target.value })}
            aria-invalid={invalid(problems, "answer")}
            data-testid="pairing-sentence"
          />
          <span className="small muted">Players get its words shuffled and put them back in order.</span>
        </label>
      )}
      <Problems list={group} id={errId} />
    </fieldset>
  );
}
