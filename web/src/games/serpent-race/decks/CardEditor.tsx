import type { JSX } from "react";
import { Options } from "../../../kit/Options";
import { AcceptedFields } from "./answers/AcceptedFields";
import { binder, CardBox } from "./answers/CardBox";
import { CloserFields } from "./answers/CloserFields";
import { ConsequenceFields } from "./answers/ConsequenceFields";
import { PairingFields } from "./answers/PairingFields";
import { type AnswerProps, invalid, problemsAt } from "./answers/props";
import { QuizFields } from "./answers/QuizFields";
import { TrueFalseFields } from "./answers/TrueFalseFields";
import type { CardForm, FieldProblem } from "./form";
import { Problems } from "./Problems";
import { ALLOWED, CARD, CARD_HINT, CARD_LABEL, type CardTypeCode, type DeckTypeCode, LIMITS } from "./types";

interface Props {
  card: CardForm;
  index: number;
  decktype: DeckTypeCode;
  problems: FieldProblem[];
  open: boolean;
  onToggle(): void;
  onChange(patch: Partial<CardForm>): void;
  onRetype(type: CardTypeCode): void;
  onRemove(): void;
  canRemove: boolean;
}

const ANSWER: Record<CardTypeCode, ((p: AnswerProps) => JSX.Element) | null> = {
  0: QuizFields,
  1: PairingFields,
  2: AcceptedFields,
  3: TrueFalseFields,
  4: CloserFields,
  5: ConsequenceFields,
  6: ConsequenceFields,
};

/** One card of the deck: a summary line that opens into its type, question and answer. */
export function CardEditor(props: Props) {
  const { card, index, decktype, problems, open, onToggle, onChange, onRetype, onRemove, canRemove } = props;
  const idBase = `card-${card.key}`;
  const allowed = ALLOWED[decktype];
  const types = allowed.includes(card.type) ? allowed : [card.type, ...allowed];
  const Answer = ANSWER[card.type];
  const summary = card.question.trim() || "(no question yet)";
  const questionLabel = card.type === CARD.LUCK ? "Card text" : card.type === CARD.JOKER ? "Task" : "Question";
  const typeProblems = problemsAt(problems, "type");
  const questionProblems = problemsAt(problems, "question");
  // Problems the card's inputs do not show (its id, its subject, a path the editor does not know).
  const placed = ["type", "question", "answer", "consequence"];
  const other = problems.filter((p) => !placed.some((f) => p.field === f || p.field.startsWith(`${f}.`)));

  return (
    <section
      className={`sd-card${problems.length ? " sd-card--bad" : ""}`}
      aria-labelledby={`${idBase}-title`}
      data-card-key={card.key}
      data-testid={`card-${index}`}
      data-type={card.type}
    >
      <div className="sd-card__head">
        <button
          type="button"
          className="sd-card__toggle"
          aria-expanded={open}
          aria-controls={`${idBase}-body`}
          onClick={onToggle}
          data-testid="card-toggle"
        >
          <span className="sd-card__num" aria-hidden="true">
            {index + 1}
          </span>
          <span className="sd-card__titles">
            <span id={`${idBase}-title`} className="sd-card__type">
              <span className="visually-hidden">Card {index + 1}: </span>
              {CARD_LABEL[card.type]}
              {problems.length > 0 && <span className="sd-badge sd-badge--bad">needs a fix</span>}
            </span>
            <span className="sd-card__summary">{summary}</span>
          </span>
          <span className="sd-card__chevron" aria-hidden="true">
            {open ? "▴" : "▾"}
          </span>
        </button>
      </div>
      {open && (
        <div id={`${idBase}-body`} className="sd-card__body stack">
          <Problems list={other} id={`${idBase}-other-err`} />
          <div className="sd-card__meta">
            <label className="sd-field">
              <span className="sd-field__label">Card type</span>
              <select
                className="text-input sd-select"
                value={card.type}
                onChange={(e) => onRetype(Number(e.target.value) as CardTypeCode)}
                aria-invalid={invalid(problems, "type")}
                aria-describedby={`${idBase}-type-hint`}
                data-testid="card-type"
              >
                <Options
                  values={types}
                  label={(t) => `${CARD_LABEL[t]}${allowed.includes(t) ? "" : " (not allowed in this deck)"}`}
                />
              </select>
              <span id={`${idBase}-type-hint`} className="small muted">
                {CARD_HINT[card.type]}
              </span>
            </label>
            {card.type !== CARD.LUCK && (
              <CardBox
                label="Subject (optional)"
                field={binder({ card, onChange, problems })("topic", "topic")}
                maxLength={LIMITS.topic}
                list="sd-topics"
                testId="card-topic"
              />
            )}
          </div>
          <Problems list={typeProblems} id={`${idBase}-type-err`} />
          <label className="sd-field">
            <span className="sd-field__label">{questionLabel}</span>
            <textarea
              className="text-input sd-textarea"
              rows={2}
              value={card.question}
              maxLength={LIMITS.question}
              onChange={(e) => onChange({ question: e.target.value })}
              aria-invalid={invalid(problems, "question")}
              aria-describedby={questionProblems.length ? `${idBase}-question-err` : undefined}
              data-testid="card-question"
            />
          </label>
          <Problems list={questionProblems} id={`${idBase}-question-err`} />
          {Answer && <Answer card={card} onChange={onChange} problems={problems} idBase={idBase} />}
          <div className="row row--between row--wrap">
            <span className="small muted">{card.cardid ? `Card id ${card.cardid}` : "New card"}</span>
            <button
              type="button"
              className="sd-link-btn sd-link-btn--bad"
              onClick={onRemove}
              disabled={!canRemove}
              data-testid="card-remove"
            >
              Remove card {index + 1}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
