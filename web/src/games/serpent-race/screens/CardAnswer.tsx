import { type FormEvent, useState } from "react";
import { Button } from "../../../kit/Button";
import { answerUi, readNumber, sentenceOf } from "../answers";
import type { CardData } from "../wire";
import { Pairing } from "./Pairing";

type Submit = (answer: unknown) => Promise<boolean>;

/**
 * The player's card: the question and the answer UI its type needs. An answer is sent once;
 * a refused one (the wrong shape) can be sent again while the time lasts.
 */
export function CardAnswer({ card, onSubmit }: { card: CardData; onSubmit: Submit }) {
  const [sent, setSent] = useState(false);
  const submit: Submit = async (answer) => {
    setSent(true);
    const ok = await onSubmit(answer);
    if (!ok) setSent(false);
    return ok;
  };
  const ui = answerUi(card);
  return (
    <div className="stack sr-answer" data-testid="card-answer" data-ui={ui} data-card={card.cardid}>
      <p className="sr-question" data-testid="card-question">
        {card.question}
      </p>
      {sent ? (
        <p className="note sr-sent" role="status" data-testid="answer-sent">
          Answer sent. Checking…
        </p>
      ) : ui === "quiz" ? (
        <Quiz card={card} onSubmit={submit} />
      ) : ui === "pairs" ? (
        <Pairing pairs={card.sentencePairs ?? []} onSubmit={submit} />
      ) : ui === "words" ? (
        <Words words={card.words ?? []} onSubmit={submit} />
      ) : ui === "truefalse" ? (
        <TrueFalse onSubmit={submit} />
      ) : ui === "number" ? (
        <NumberAnswer onSubmit={submit} />
      ) : (
        <TextAnswer onSubmit={submit} />
      )}
    </div>
  );
}

function SubmitRow({ disabled, onClick }: { disabled: boolean; onClick(): void }) {
  return (
    <div>
      <Button variant="primary" size="lg" disabled={disabled} onClick={onClick} testId="answer-submit">
        Submit answer
      </Button>
    </div>
  );
}

function Quiz({ card, onSubmit }: { card: CardData; onSubmit: Submit }) {
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <>
      <div className="sr-choices" role="radiogroup" aria-label="Options">
        {(card.answerOptions ?? []).map((o) => (
          // biome-ignore lint/a11y/useSemanticElements: a big tappable option, not a tiny radio dot
          <button
            key={o.answer}
            type="button"
            role="radio"
            aria-checked={choice === o.answer}
            className={choice === o.answer ? "sr-choice is-on" : "sr-choice"}
            onClick={() => setChoice(o.answer)}
            data-testid={`quiz-${o.answer}`}
          >
            <span className="sr-choice__letter">{o.answer}</span>
            <span className="sr-choice__text">{o.text}</span>
          </button>
        ))}
      </div>
      <SubmitRow disabled={choice === null} onClick={() => void onSubmit(choice)} />
    </>
  );
}

function TrueFalse({ onSubmit }: { onSubmit: Submit }) {
  const [choice, setChoice] = useState<boolean | null>(null);
  return (
    <>
      <div className="sr-choices sr-choices--two" role="radiogroup" aria-label="True or false">
        {[true, false].map((b) => (
          // biome-ignore lint/a11y/useSemanticElements: a big tappable option, not a tiny radio dot
          <button
            key={String(b)}
            type="button"
            role="radio"
            aria-checked={choice === b}
            className={choice === b ? "sr-choice sr-choice--tf is-on" : "sr-choice sr-choice--tf"}
            onClick={() => setChoice(b)}
            data-testid={`tf-${b}`}
          >
            <span className="sr-choice__text">{b ? "True" : "False"}</span>
          </button>
        ))}
      </div>
      <SubmitRow disabled={choice === null} onClick={() => void onSubmit(choice)} />
    </>
  );
}

function TextAnswer({ onSubmit }: { onSubmit: Submit }) {
  const [text, setText] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) void onSubmit(text.trim());
  };
  return (
    <form className="stack" onSubmit={submit}>
      <label className="sr-field" htmlFor="sr-own-answer">
        <span className="label">Your answer</span>
        <input
          id="sr-own-answer"
          className="text-input sr-big-input"
          value={text}
          maxLength={500}
          autoComplete="off"
          autoFocus
          onChange={(e) => setText(e.target.value)}
          data-testid="answer-text"
        />
      </label>
      <div>
        <Button type="submit" variant="primary" size="lg" disabled={!text.trim()} testId="answer-submit">
          Submit answer
        </Button>
      </div>
    </form>
  );
}

function NumberAnswer({ onSubmit }: { onSubmit: Submit }) {
  const [text, setText] = useState("");
  const n = readNumber(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (n !== null) void onSubmit(n);
  };
  return (
    <form className="stack" onSubmit={submit}>
      <label className="sr-field" htmlFor="sr-closer">
        <span className="label">Your number (the closest wins)</span>
        <input
          id="sr-closer"
          className="text-input sr-big-input"
          inputMode="decimal"
          value={text}
          autoComplete="off"
          autoFocus
          onChange={(e) => setText(e.target.value)}
          aria-invalid={text.trim() !== "" && n === null}
          data-testid="answer-number"
        />
      </label>
      {text.trim() !== "" && n === null && <p className="note note--bad">Type a number, like 42 or 3.5.</p>}
      <div>
        <Button type="submit" variant="primary" size="lg" disabled={n === null} testId="answer-submit">
          Submit answer
        </Button>
      </div>
    </form>
  );
}

/** The legacy sentence card: tap the words in order; tap a placed word to take it back. */
function Words({ words, onSubmit }: { words: string[]; onSubmit: Submit }) {
  const [order, setOrder] = useState<number[]>([]);
  const left = words.map((_, i) => i).filter((i) => !order.includes(i));
  return (
    <>
      <fieldset className="sr-sentence sr-bare" data-testid="sentence">
        <legend className="visually-hidden">Your sentence</legend>
        {order.length === 0 ? (
          <span className="muted">Tap the words in order.</span>
        ) : (
          order.map((i, k) => (
            <button
              key={i}
              type="button"
              className="sr-word sr-word--placed"
              onClick={() => setOrder(order.filter((x) => x !== i))}
              aria-label={`${words[i]}, word ${k + 1}: take it back`}
              data-testid={`placed-${i}`}
            >
              {words[i]}
            </button>
          ))
        )}
      </fieldset>
      <fieldset className="sr-word-pool sr-bare">
        <legend className="visually-hidden">Words to place</legend>
        {left.map((i) => (
          <button
            key={i}
            type="button"
            className="sr-word"
            onClick={() => setOrder([...order, i])}
            data-testid={`word-${i}`}
            data-word={words[i]}
          >
            {words[i]}
          </button>
        ))}
      </fieldset>
      <div className="row row--wrap">
        <Button
          variant="primary"
          size="lg"
          disabled={left.length > 0}
          onClick={() => void onSubmit(sentenceOf(words, order))}
          testId="answer-submit"
        >
          Submit answer
        </Button>
        {order.length > 0 && (
          <Button variant="ghost" onClick={() => setOrder([])} testId="words-clear">
            Start again
          </Button>
        )}
      </div>
    </>
  );
}
