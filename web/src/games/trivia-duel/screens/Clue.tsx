import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import { play } from "../../../kit/sound";
import type { Perspective } from "../perspective";
import { paused, type TriviaClient } from "../reducer";
import { MAX_ANSWER } from "../wire";
import { buzzStatus } from "./buzz-status";
import { clockOf, type ScreenProps } from "./props";
import { QuestionHeader } from "./QuestionHeader";
import { Scoreboard } from "./Scoreboard";

/** CLUE and ANSWER share one screen: the clue stays put while someone answers. */
export function Clue({ s, p, send }: ScreenProps) {
  const answering = s.phase === "ANSWER" ? (s.buzzer?.currentlyAnswering ?? null) : null;
  const iAnswer = p.isPlayer && answering === p.me;
  // One answer box for the whole question, mounted before anyone buzzes: a phone opens its
  // keyboard only for a field focused during the tap itself, so BUZZ focuses it at once.
  const inputRef = useRef<HTMLInputElement>(null);
  const buzz = () => {
    inputRef.current?.focus({ preventScroll: true });
    play("buzz");
    send({ type: "BUZZ" });
  };
  return (
    <section className="phase phase--clue" data-testid={`phase-${s.phase}`}>
      <Scoreboard s={s} p={p} />
      <div className="card stack">
        <QuestionHeader s={s} />
        <ClueText s={s} />
        <LastAnswer s={s} p={p} />
        {p.isPlayer && <AnswerForm s={s} send={send} shown={iAnswer} inputRef={inputRef} />}
        {answering === null ? (
          <BuzzArea s={s} p={p} onBuzz={buzz} />
        ) : (
          !iAnswer && (
            <div className="stack center" data-testid="opponent-answering">
              <p className="status status--waiting">{`${p.name(answering)} is answering…`}</p>
              <Countdown deadline={s.buzzer?.answerDeadline ?? null} {...clockOf(s)} />
            </div>
          )
        )}
      </div>
    </section>
  );
}

function ClueText({ s }: { s: TriviaClient }) {
  const c = s.clue;
  const revealing = s.phase === "CLUE" && c !== null && !c.complete;
  const progress = c && c.clueLength > 0 ? Math.min(1, c.clue.length / c.clueLength) : 0;
  // The clue scrolls inside its own box, newest words in view, so nothing below it moves.
  const box = useRef<HTMLParagraphElement>(null);
  const length = c?.clue.length ?? 0;
  useEffect(() => {
    if (length > 0 && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [length]);
  return (
    <div className="clue">
      <p className="clue__text" data-testid="clue-text" aria-live="off" ref={box}>
        {c?.clue}
        {/* The block cursor blinks while text is still coming and holds still while frozen. */}
        {c && !c.complete && <span className={revealing ? "cursor cursor--live" : "cursor"} aria-hidden="true" />}
      </p>
      <div className="clue__bar" aria-hidden="true">
        <span style={{ width: `${progress * 100}%` }} />
      </div>
    </div>
  );
}

/** After a wrong answer the clue resumes; say what happened so the other player knows it is their turn. */
function LastAnswer({ s, p }: { s: TriviaClient; p: Perspective }) {
  const a = s.lastAnswer;
  if (!a || a.correct || s.phase !== "CLUE") return null;
  const who = p.name(a.player);
  const text = a.timedOut ? `${who} ran out of time.` : `${who} answered “${a.answer}”: not it.`;
  return (
    <p className="note note--bad" data-testid="last-answer">
      {text}
    </p>
  );
}

/** Space to buzz is worth saying only where there is a keyboard (a fine pointer that hovers). */
const hasKeyboard = () => typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;

function BuzzArea({ s, p, onBuzz }: Pick<ScreenProps, "s" | "p"> & { onBuzz(): void }) {
  const complete = s.clue?.complete === true;
  const deadline = complete ? (s.clue?.deadline ?? null) : null;
  const timer = <Countdown deadline={deadline} {...clockOf(s)} format={(n) => `${n}s left to buzz`} />;
  const status = buzzStatus(s, p);
  if (status)
    return (
      <div className="stack center">
        <p className="status status--waiting" data-testid={p.isPlayer ? "buzz-used" : "buzz-status"}>
          {status}
        </p>
        {timer}
      </div>
    );
  return (
    <div className="buzz-dock">
      <Button
        variant="primary"
        size="xl"
        className="buzz"
        disabled={s.pending === "BUZZ" || paused(s)}
        onClick={onBuzz}
        testId="buzz"
      >
        BUZZ!
      </Button>
      {hasKeyboard() && (
        <p className="muted small buzz-dock__hint">
          or press <kbd>Space</kbd>
        </p>
      )}
      {timer}
    </div>
  );
}

interface AnswerProps extends Pick<ScreenProps, "s" | "send"> {
  /** This player holds the buzzer: the form shows; otherwise it waits, out of sight. */
  shown: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}

function AnswerForm({ s, send, shown, inputRef }: AnswerProps) {
  const [text, setText] = useState("");
  const sent = s.pending === "ANSWER";
  useEffect(() => {
    // A fresh box for each buzz; on a lost race the focus a tap gave it goes away again.
    if (shown) inputRef.current?.focus({ preventScroll: true });
    else {
      setText("");
      if (document.activeElement === inputRef.current) inputRef.current?.blur();
    }
  }, [shown, inputRef]);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (shown && !sent && !paused(s)) send({ type: "ANSWER", text: text.trim() });
  }
  return (
    <form
      className={shown ? "stack answer-form" : "answer-form answer-form--waiting"}
      onSubmit={submit}
      data-testid={shown ? "answer-form" : undefined}
      aria-hidden={!shown}
    >
      <label className="prompt" htmlFor="answer-input">
        Your answer
      </label>
      <input
        id="answer-input"
        ref={inputRef}
        className="text-input"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        maxLength={MAX_ANSWER}
        value={text}
        tabIndex={shown ? 0 : -1}
        onChange={(e) => setText(e.target.value)}
        data-testid={shown ? "answer-input" : undefined}
      />
      {shown && (
        <div className="row row--between">
          <Button type="submit" variant="primary" size="lg" disabled={sent || paused(s)} testId="answer-submit">
            Submit
          </Button>
          <Countdown deadline={s.buzzer?.answerDeadline ?? null} {...clockOf(s)} urgentAt={2} />
        </div>
      )}
    </form>
  );
}
