import { type FormEvent, useEffect, useState } from "react";
import { api, errorText } from "../../kit/api";
import { Button } from "../../kit/Button";
import { Choice } from "../../kit/Choice";
import { NameBox, Problem } from "../../kit/fields";
import { savedName, saveName } from "../../kit/identity";
import { JoinByCode } from "../../kit/JoinByCode";
import { LobbyPage } from "../../kit/LobbyPage";
import { navigate } from "../../kit/navigation";
import "./trivia.css";

interface Category {
  name: string;
  questions: number;
}

/** Gentler than the document's protocol defaults (15 s to bet, 5 s to answer): friends chat while they play. */
const CASUAL = { questions: 5, betSec: 25, answerSec: 10 };

/** /trivia: join a friend's room with a code, or set up a new duel. */
export function TriviaLobby() {
  return (
    <LobbyPage
      title="Trivia Duel"
      eyebrow="Two players · about five minutes"
      intro={
        <>
          Each question starts with a category and a bet. Then the clue types itself out, hardest facts first. Buzz the
          moment you know it, and answer before the clock runs out.
        </>
      }
    >
      <JoinByCode
        prefix="/trivia"
        inputClassName="code-input"
        ids={{ input: "join-code", button: "join-room", error: "join-error" }}
      />
      <CreateDuel />
      <div className="card stack">
        <h2>How a question plays</h2>
        <ol className="howto">
          <li>The category appears. Both players start with 500 points.</li>
          <li>
            One player bets 5 to 100, the other matches, raises once, or folds. Each of you has two folds per match.
          </li>
          <li>The clue reveals itself letter by letter. The first to buzz gets one shot at the answer.</li>
          <li>Right answer takes the pot. A miss hands the buzzer to the other player. Nobody right: bets go back.</li>
        </ol>
      </div>
    </LobbyPage>
  );
}

function CreateDuel() {
  const [name, setName] = useState(savedName());
  const [questions, setQuestions] = useState(CASUAL.questions);
  const [betSec, setBetSec] = useState(CASUAL.betSec);
  const [answerSec, setAnswerSec] = useState(CASUAL.answerSec);
  const [strict, setStrict] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api<{ categories: Category[] }>("/api/v1/trivia/categories").then(
      (r) => setCategories(r.categories),
      () => setCategories([]),
    );
  }, []);

  const pool =
    chosen.size === 0 ? Infinity : categories.filter((c) => chosen.has(c.name)).reduce((n, c) => n + c.questions, 0);

  async function create(e: FormEvent) {
    e.preventDefault();
    const n = name.replace(/\s+/g, " ").trim();
    if (!n) {
      setError("Type the name your opponent will see.");
      return;
    }
    if (pool < questions) {
      setError(`Those categories hold ${pool} questions; choose more, or fewer questions.`);
      return;
    }
    setCreating(true);
    setError(null);
    saveName(n);
    try {
      const config = {
        questionsPerMatch: questions,
        betTimeLimitSec: betSec,
        answerTimeLimitSec: answerSec,
        strictMatching: strict,
        ...(chosen.size > 0 ? { categories: [...chosen] } : {}),
      };
      const room = await api<{ roomId: string }>("/api/v1/trivia/rooms", { body: { config } });
      navigate(`/trivia/${encodeURIComponent(room.roomId)}`);
    } catch (err) {
      setError(errorText(err));
      setCreating(false);
    }
  }

  const toggle = (c: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(c)) next.delete(c);
      else next.add(c);
      return next;
    });

  return (
    <form className="card stack" onSubmit={create} data-testid="create-form">
      <h2>Start a duel</h2>
      <p className="muted">You get a room code and a link to send to your opponent.</p>
      <label className="prompt" htmlFor="creator-name">
        Your name
      </label>
      <NameBox id="creator-name" value={name} onValue={setName} testId="creator-name" />
      <details className="settings" data-testid="duel-settings">
        <summary>
          Settings: {questions} questions, {betSec} s to bet, {answerSec} s to answer
          {chosen.size > 0 ? `, ${chosen.size} ${chosen.size === 1 ? "category" : "categories"}` : ""}
          {strict ? ", exact answers" : ""}
        </summary>
        <div className="stack settings__body">
          <Slider label="Questions" value={questions} min={3} max={15} unit="" onChange={setQuestions} id="questions" />
          <Slider
            label="Time to bet"
            value={betSec}
            min={10}
            max={60}
            step={5}
            unit=" s"
            onChange={setBetSec}
            id="bet"
          />
          <Slider
            label="Time to answer"
            value={answerSec}
            min={5}
            max={30}
            unit=" s"
            onChange={setAnswerSec}
            id="answer"
          />
          {categories.length > 0 && (
            <fieldset className="choice">
              <legend className="prompt">Categories (none ticked: all of them)</legend>
              <div className="checks">
                {categories.map((c) => (
                  <Choice
                    key={c.name}
                    checkbox
                    checked={chosen.has(c.name)}
                    onChoose={() => toggle(c.name)}
                    testId={`category-${c.name}`}
                    className="check"
                  >
                    {c.name}
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}
          <Choice
            checkbox
            checked={strict}
            onChoose={(checked) => setStrict(checked)}
            testId="strict"
            className="check"
          >
            Exact answers only (no allowance for typos)
          </Choice>
        </div>
      </details>
      <div>
        <Button type="submit" variant="primary" size="lg" disabled={creating} testId="create-room">
          {creating ? "Creating…" : "Create a room"}
        </Button>
      </div>
      <Problem testId="create-error">{error}</Problem>
    </form>
  );
}

function Slider(props: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit: string;
  onChange(v: number): void;
}) {
  return (
    <label className="slider" htmlFor={`setting-${props.id}`}>
      <span className="slider__label">
        {props.label}: <strong>{`${props.value}${props.unit}`}</strong>
      </span>
      <input
        id={`setting-${props.id}`}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
        data-testid={`setting-${props.id}`}
      />
    </label>
  );
}
