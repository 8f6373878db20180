import { type FormEvent, useState } from "react";
import { errorText } from "../../kit/api";
import { Button } from "../../kit/Button";
import { savedName, saveName } from "../../kit/identity";
import { JoinByCode } from "../../kit/JoinByCode";
import { Layout } from "../../kit/Layout";
import { navigate } from "../../kit/navigation";
import { useTitle } from "../../kit/useTitle";
import { cleanName, createRoom, type Mode, NAME_MAX, saveSeat, takeSeat } from "./api";
import { SettingsFields } from "./screens/SettingsFields";
import { DEFAULT_FORM, formProblem, type SettingsForm, toPatch } from "./settings-form";
import "./outrank.css";

/** /outrank: start an online game or a one-table game (settings for the lead), or join one by its code. */
export function OutrankLobby() {
  useTitle("Outrank");
  const [name, setName] = useState(savedName);
  const [mode, setMode] = useState<Mode>("online");
  const [form, setForm] = useState<SettingsForm>(DEFAULT_FORM);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function create(e: FormEvent) {
    e.preventDefault();
    const clean = cleanName(name);
    const bad = clean
      ? formProblem(form)
      : mode === "table"
        ? "Type the first player's name; you add the others next."
        : "Type your name: the others see it at the table.";
    setProblem(bad);
    if (bad) return;
    setBusy(true);
    try {
      const roomId = await createRoom(mode, toPatch(form));
      const token = await takeSeat(roomId, clean);
      saveSeat(roomId, { token, name: clean });
      saveName(clean);
      navigate(`/outrank/${encodeURIComponent(roomId)}`);
    } catch (err) {
      setProblem(`Could not set up the game: ${errorText(err)}`);
      setBusy(false);
    }
  }

  return (
    <Layout>
      <section className="stack stack--loose">
        <div className="stack stack--tight">
          <p className="eyebrow">2 to 6 players · push your luck</p>
          <h1>Outrank</h1>
          <p className="muted">
            Is it higher or lower? Draft a token, call it against the one in the center, and collect as you go. One
            wrong call and this round's tokens slip away, so know when to pass, and cash in matching sets for big
            points.
          </p>
        </div>

        <form className="card stack" onSubmit={create} noValidate data-testid="create-form">
          <h2>Start a game</h2>
          <fieldset className="or-fieldset">
            <legend className="label">How are you playing?</legend>
            <div className="or-modes">
              <label className={mode === "online" ? "or-mode is-on" : "or-mode"}>
                <input
                  type="radio"
                  name="mode"
                  checked={mode === "online"}
                  onChange={() => setMode("online")}
                  data-testid="mode-online"
                />
                <span className="or-mode__title">Online</span>
                <span className="muted small">Everyone on their own phone. Share a code or a link.</span>
              </label>
              <label className={mode === "table" ? "or-mode is-on" : "or-mode"}>
                <input
                  type="radio"
                  name="mode"
                  checked={mode === "table"}
                  onChange={() => setMode("table")}
                  data-testid="mode-table"
                />
                <span className="or-mode__title">One table</span>
                <span className="muted small">One device, passed from player to player.</span>
              </label>
            </div>
          </fieldset>
          <label className="or-field" htmlFor="outrank-name">
            <span className="label">{mode === "table" ? "First player's name" : "Your name"}</span>
            <input
              id="outrank-name"
              className="text-input"
              value={name}
              maxLength={NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              placeholder="Ada"
              autoComplete="nickname"
              data-testid="outrank-name"
            />
          </label>
          <details className="or-more">
            <summary data-testid="settings-toggle">
              Settings <span className="muted small">(first to 20 points, hand limit 8, no turn timer)</span>
            </summary>
            <SettingsFields form={form} onChange={setForm} idPrefix="create" />
          </details>
          {problem && (
            <p className="note note--bad" role="alert" data-testid="create-error">
              {problem}
            </p>
          )}
          <div>
            <Button type="submit" variant="primary" size="lg" disabled={busy} testId="outrank-create">
              {busy ? "Setting up…" : mode === "table" ? "Set up the table" : "Create the game"}
            </Button>
          </div>
        </form>

        <JoinByCode
          prefix="/outrank"
          inputId="outrank-code"
          inputClassName="or-code-input"
          testIds={{ input: "outrank-code", button: "outrank-code-join", error: "code-error" }}
        />

        <div className="card stack">
          <h2>How a round plays</h2>
          <ol className="or-howto">
            <li>
              The First Guesser picks a challenge, like Movies · Box office. One token goes in the center with its
              value.
            </li>
            <li>
              On your turn, draft a token from the pool and call <strong>HIGHER</strong> or <strong>LOWER</strong> than
              the center. Right: +1 point, you take the center token, and yours becomes the new center.
            </li>
            <li>Wrong: this round's tokens go back to the pool and you are out until the next round. Points stay.</li>
            <li>Or cash out 2, 3 or 4 tokens sharing a tag for 2, 5 or 8 points, or pass to keep your tokens safe.</li>
            <li>The last player standing gets a bonus point. The first to fail or pass picks the next challenge.</li>
          </ol>
        </div>
      </section>
    </Layout>
  );
}
