import { useState } from "react";
import { Button } from "../../kit/Button";
import { JoinByCode } from "../../kit/JoinByCode";
import { Layout } from "../../kit/Layout";
import { navigate } from "../../kit/navigation";
import { useTitle } from "../../kit/useTitle";
import "./trivia.css";

/** /trivia: make a new room, or type a friend's code. */
export function TriviaLobby() {
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  useTitle("Trivia Duel");

  async function create() {
    setCreating(true);
    setCreateError(null);
    try {
      const res = await fetch("/api/v1/trivia/rooms", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const body = (await res.json().catch(() => null)) as { roomId?: unknown; message?: unknown } | null;
      if (!res.ok || typeof body?.roomId !== "string")
        throw new Error(typeof body?.message === "string" ? body.message : `The server said ${res.status}.`);
      navigate(`/trivia/${encodeURIComponent(body.roomId)}`);
    } catch (e) {
      setCreateError(e instanceof Error ? e.message : "Could not reach the server.");
      setCreating(false);
    }
  }

  return (
    <Layout>
      <section className="stack stack--loose">
        <div className="stack stack--tight">
          <p className="eyebrow">Two players · about five minutes</p>
          <h1>Trivia Duel</h1>
          <p className="muted">
            Each question starts with a category and a bet. Then the clue types itself out, hardest facts first. Buzz
            the moment you know it, and answer before the clock runs out.
          </p>
        </div>

        <div className="card stack">
          <h2>Start a duel</h2>
          <p className="muted">You get a room code and a link to send to your opponent.</p>
          <div>
            <Button variant="primary" size="lg" onClick={create} disabled={creating} testId="create-room">
              {creating ? "Creating…" : "Create a room"}
            </Button>
          </div>
          {createError && (
            <p className="note note--bad" role="alert" data-testid="create-error">
              Could not create a room: {createError}
            </p>
          )}
        </div>

        <JoinByCode
          prefix="/trivia"
          inputId="join-code"
          inputClassName="code-input"
          testIds={{ input: "join-code", button: "join-room", error: "join-error" }}
        />

        <div className="card stack">
          <h2>How a question plays</h2>
          <ol className="howto">
            <li>The category appears. Both players start with 500 points.</li>
            <li>
              One player bets 5 to 100, the other matches, raises once, or folds. Each of you has two folds per match.
            </li>
            <li>The clue reveals itself letter by letter. The first to buzz gets one shot at the answer.</li>
            <li>
              Right answer takes the pot. A miss hands the buzzer to the other player. Nobody right: bets go back.
            </li>
          </ol>
        </div>
      </section>
    </Layout>
  );
}
