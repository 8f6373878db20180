import { type FormEvent, useState } from "react";
import { useRoomSetup } from "../../kit/action-room";
import { Choice, radios } from "../../kit/Choice";
import { NameBox, SubmitRow } from "../../kit/fields";
import { savedName } from "../../kit/identity";
import { JoinByCode } from "../../kit/JoinByCode";
import { LobbyPage } from "../../kit/LobbyPage";
import { createRoom, type Mode } from "./api";
import { SettingsFields } from "./screens/SettingsFields";
import { DEFAULT_FORM, formProblem, type SettingsForm, toPatch } from "./settings-form";
import "./outrank.css";

const MODES: { id: Mode; title: string; what: string }[] = [
  { id: "online", title: "Online", what: "Everyone on their own phone. Share a code or a link." },
  { id: "table", title: "One table", what: "One device, passed from player to player." },
];

/** /outrank: start an online game or a one-table game (settings for the lead), or join one by its code. */
export function OutrankLobby() {
  const [name, setName] = useState(savedName);
  const [mode, setMode] = useState<Mode>("online");
  const [form, setForm] = useState<SettingsForm>(DEFAULT_FORM);
  const setup = useRoomSetup("outrank", "Could not set up the game");
  const modes = radios("mode", mode, setMode);
  const create = (e: FormEvent) =>
    setup.open(
      e,
      name,
      (clean) =>
        clean
          ? formProblem(form)
          : mode === "table"
            ? "Type the first player's name; you add the others next."
            : "Type your name: the others see it at the table.",
      () => createRoom(mode, toPatch(form)),
    );

  return (
    <LobbyPage
      title="Outrank"
      eyebrow="2 to 6 players · push your luck"
      intro={
        <>
          Is it higher or lower? Draft a token, call it against the one in the center, and collect as you go. One wrong
          call and this round's tokens slip away, so know when to pass, and cash in matching sets for big points.
        </>
      }
    >
      <form className="card stack" onSubmit={create} noValidate data-testid="create-form">
        <h2>Start a game</h2>
        <fieldset className="or-fieldset">
          <legend className="label">How are you playing?</legend>
          <div className="or-modes">
            {MODES.map((m) => (
              <Choice key={m.id} {...modes(m.id)} className={mode === m.id ? "or-mode is-on" : "or-mode"}>
                <span className="or-mode__title">{m.title}</span>
                <span className="muted small">{m.what}</span>
              </Choice>
            ))}
          </div>
        </fieldset>
        <label className="or-field" htmlFor="outrank-name">
          <span className="label">{mode === "table" ? "First player's name" : "Your name"}</span>
          <NameBox
            id="outrank-name"
            className="or-hint-input"
            value={name}
            onValue={setName}
            placeholder={mode === "table" ? "First player's name" : "Your name"}
            testId="outrank-name"
          />
        </label>
        <details className="or-more">
          <summary data-testid="settings-toggle">
            Settings <span className="muted small">(first to 20 points, hand limit 8, no turn timer)</span>
          </summary>
          <SettingsFields form={form} onChange={setForm} idPrefix="create" />
        </details>
        <SubmitRow problem={setup.problem} problemTestId="create-error" busy={setup.busy} testId="outrank-create">
          {setup.busy ? "Setting up…" : mode === "table" ? "Set up the table" : "Create the game"}
        </SubmitRow>
      </form>

      <JoinByCode prefix="/outrank" inputClassName="or-code-input" />

      <div className="card stack">
        <h2>How a round plays</h2>
        <ol className="or-howto">
          <li>
            The First Guesser picks a challenge, like Movies · Box office. One token goes in the center with its value.
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
    </LobbyPage>
  );
}
