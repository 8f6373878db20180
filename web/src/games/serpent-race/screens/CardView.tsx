import { cardLabel, describeAnswer, describeCorrect, plainMessage } from "../answers";
import { FIELD_LABEL } from "../board";
import type { CardInPlay } from "../reducer";
import type { FieldType } from "../wire";

/**
 * A question card as everyone sees it: its type, field and question, the options when
 * known, then the answer given and, once validated, whether it was right and the correct
 * answer (never before: docs/games/serpent-race.md, Decisions D7).
 */
export function CardView({ card, big = false }: { card: CardInPlay; big?: boolean }) {
  const options = card.cardData?.answerOptions;
  const correct = card.correctAnswer;
  const correctLetters = new Set(
    card.cardType === "QUIZ" && correct !== undefined ? (Array.isArray(correct) ? correct : [correct]).map(String) : [],
  );
  const field = card.fieldType as FieldType;
  return (
    <article
      className={`sr-card sr-card--${field}${big ? " sr-card--big" : ""}`}
      data-testid="card-view"
      data-verdict={card.isCorrect === undefined ? "open" : card.isCorrect ? "right" : "wrong"}
    >
      <p className="sr-card__kind">
        {cardLabel(card.cardType)}
        {FIELD_LABEL[field] && <span className="sr-card__field"> · {FIELD_LABEL[field]}</span>}
      </p>
      <p className="sr-card__question">{card.question}</p>
      {options && (
        <ol className="sr-card__options">
          {options.map((o) => (
            <li
              key={o.answer}
              className={[
                "sr-card__option",
                correctLetters.has(o.answer) ? "is-correct" : "",
                card.submitted === o.answer ? "is-chosen" : "",
              ]
                .filter(Boolean)
                .join(" ")}
            >
              <span className="sr-choice__letter">{o.answer}</span> {o.text}
            </li>
          ))}
        </ol>
      )}
      {card.cardData?.sentencePairs && card.submitted === undefined && (
        <p className="muted">Matching: {card.cardData.sentencePairs.map((p) => p.left).join(", ")}</p>
      )}
      {card.submitted !== undefined && (
        <p className="sr-card__given">
          {card.playerName} answered: <strong>{describeAnswer(card.submitted)}</strong>
        </p>
      )}
      {card.isCorrect !== undefined && (
        <div
          className={card.isCorrect ? "sr-verdict sr-verdict--right" : "sr-verdict sr-verdict--wrong"}
          data-testid="verdict"
        >
          <strong>{card.isCorrect ? "Right!" : "Wrong."}</strong>{" "}
          {!card.isCorrect && correct !== undefined && <span>Answer: {describeCorrect(card.cardType, correct)}. </span>}
          {card.message && card.cardType === "SENTENCE_PAIRING" && (
            <span className="sr-verdict__detail">{plainMessage(card.message)}</span>
          )}
        </div>
      )}
    </article>
  );
}
