import { type FormEvent, useState } from "react";
import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import type { Perspective } from "../perspective";
import type { TriviaClient } from "../reducer";
import { MAX_ANSWER } from "../wire";
import type { ScreenProps } from "./props";
import { QuestionHeader } from "./QuestionHeader";
import { Scoreboard } from "./Scoreboard";

/** CLUE and ANSWER share one screen: the clue stays put while someone answers. */
export function Clue({ s, p, send }: ScreenProps) {
  const answering = s.phase === "ANSWER" ? (s.buzzer?.currentlyAnswering ?? null) : null;
  return (
    <section className="phase" data-testid={`phase-${s.phase}`}>
      <Scoreboard s={s} p={p} />
      <div className="card stack">
        <QuestionHeader s={s} />
        <ClueText s={s} />
        <LastAnswer s={s} p={p} />
        {answering === null ? (
          <BuzzArea s={s} p={p} send={send} />
        ) : answering === p.me && p.isPlayer ? (
          <AnswerForm s={s} send={send} />
        ) : (
          <div className="stack center" data-testid="opponent-answering">
            <p className="status status--waiting">
              {p.isPlayer ? "Opponent is answering…" : `${p.name(answering)} is answering…`}
            </p>
            <Countdown deadline={s.buzzer?.answerDeadline ?? null} offset={s.clockOffset} />
          </div>
        )}
      </div>
    </section>
  );
}

function ClueText({ s }: { s: TriviaClient }) {
  const c = s.clue;
  const revealing = s.phase === "CLUE" && c !== null && !c.complete;
  const progress = c && c.clueLength > 0 ? Math.min(1, c.clue.length / c.clueLength) : 0;
  return (
    <div className="clue">
      <p className="clue__text" data-testid="clue-text" aria-live="off">
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

function BuzzArea({ s, p, send }: ScreenProps) {
  const status = s.buzzer?.[p.me];
  const complete = s.clue?.complete === true;
  const deadline = complete ? (s.clue?.deadline ?? null) : null;
  const timer = <Countdown deadline={deadline} offset={s.clockOffset} format={(n) => `${n}s left to buzz`} />;
  if (!p.isPlayer)
    return (
      <div className="stack center">
        <p className="status">Both players can buzz.</p>
        {timer}
      </div>
    );
  if (status !== "AVAILABLE")
    return (
      <div className="stack center">
        <p className="status status--waiting" data-testid="buzz-used">
          You have used your buzz. Opponent can still try.
        </p>
        {timer}
      </div>
    );
  return (
    <div className="stack center">
      <Button
        variant="primary"
        size="xl"
        className="buzz"
        disabled={s.pending === "BUZZ"}
        onClick={() => send({ type: "BUZZ" })}
        testId="buzz"
      >
        BUZZ!
      </Button>
      <p className="muted small">
        or press <kbd>Space</kbd>
      </p>
      {timer}
    </div>
  );
}

function AnswerForm({ s, send }: Pick<ScreenProps, "s" | "send">) {
  const [text, setText] = useState("");
  const sent = s.pending === "ANSWER";
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!sent) send({ type: "ANSWER", text: text.trim() });
  }
  return (
    <form className="stack" onSubmit={submit} data-testid="answer-form">
      <label className="prompt" htmlFor="answer-input">
        Your answer
      </label>
      <input
        id="answer-input"
        className="text-input"
        autoFocus
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        maxLength={MAX_ANSWER}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="answer-input"
      />
      <div className="row row--between">
        <Button type="submit" variant="primary" size="lg" disabled={sent} testId="answer-submit">
          Submit
        </Button>
        <Countdown deadline={s.buzzer?.answerDeadline ?? null} offset={s.clockOffset} urgentAt={2} />
      </div>
    </form>
  );
}
