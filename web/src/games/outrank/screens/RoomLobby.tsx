import { type FormEvent, useState } from "react";
import { Button } from "../../../kit/Button";
import { FieldError, NameBox, useNameField } from "../../../kit/fields";
import { Invite, RoomCode } from "../../../kit/Invite";
import { MuteSwitch } from "../../../kit/MuteSwitch";
import { Options } from "../../../kit/Options";
import { endText, isLead, seated } from "../game";
import { isPending } from "../reducer";
import { formFromSettings, formProblem, type SettingsForm, toPatch } from "../settings-form";
import { SeatControls } from "./Controls";
import { JoinForm } from "./JoinForm";
import { Players } from "./Players";
import type { ScreenProps } from "./props";
import { SettingsFields } from "./SettingsFields";

/** Before the first round: share the room (or add the table's players), settle the settings, start. */
export function RoomLobby(props: ScreenProps & { onLeave(): void }) {
  const { s, v, room } = props;
  const lead = isLead(v);
  const players = seated(v);
  const here = players.filter((p) => p.presence === "active").length;
  const leader = v.players.find((p) => p.seat === v.lead);
  const table = v.mode === "table";
  const youngestMissing = v.settings.firstGuesser === "youngest" && !players.some((p) => p.id === v.settings.youngest);
  return (
    <div className="or-lobby" data-testid="phase-lobby">
      <section className="card stack center">
        <p className="eyebrow">Outrank · {table ? "one table" : "online"}</p>
        <h1>{table ? "Who is playing?" : "Gather the players"}</h1>
        {table ? (
          <p className="muted">
            Everyone plays on this device. Add each player, then pass it round: the screen shows a hand-over step before
            each turn.
          </p>
        ) : (
          <>
            <RoomCode code={s.roomId} className="or-code" />
            <Invite
              url={`${location.origin}/outrank/${s.roomId}`}
              label="Link to this game"
              title={`Outrank game ${s.roomId}`}
              testId="share-link"
            />
          </>
        )}
      </section>

      <JoinForm {...props} />
      {table && lead && <AddPlayer {...props} />}
      <Players {...props} mode="lobby" />

      <section className="or-panel stack" data-testid="settings-panel">
        <h2 className="or-panel__title">Settings</h2>
        {lead ? (
          <SettingsEditor key={JSON.stringify(v.settings)} {...props} />
        ) : (
          <p data-testid="settings-summary">
            {endText(v.settings)} · hand limit {v.settings.handLimit} ·{" "}
            {v.settings.turnSeconds === null ? "no turn timer" : `${v.settings.turnSeconds} s turns`} ·{" "}
            {v.settings.firstGuesser === "youngest" ? "youngest guesses first" : "random First Guesser"}
          </p>
        )}
        {lead && v.settings.firstGuesser === "youngest" && (
          <label className="or-field" htmlFor="outrank-youngest">
            <span className="label">Who is youngest?</span>
            <select
              id="outrank-youngest"
              className="or-select"
              value={v.settings.youngest ?? ""}
              onChange={(e) => room.send({ type: "configure", settings: { youngest: e.target.value || null } })}
              data-testid="setting-youngest"
            >
              <option value="">Choose a player</option>
              <Options values={players.map((p) => p.id)} label={(id) => players.find((p) => p.id === id)?.name ?? id} />
            </select>
          </label>
        )}
      </section>

      <section className="or-panel stack" data-testid="start-panel">
        {lead ? (
          <>
            <Button
              variant="primary"
              size="lg"
              onClick={() => room.send({ type: "startGame" })}
              disabled={players.length < 2 || youngestMissing || isPending(s, "startGame")}
              testId="start-game"
            >
              Start the game
            </Button>
            <p className="muted small" data-testid="start-hint">
              {players.length < 2
                ? table
                  ? "Add at least one more player (2 to 6)."
                  : "At least two players are needed (2 to 6)."
                : youngestMissing
                  ? "Choose who is youngest, or go back to a random First Guesser."
                  : `${players.length} players${table ? "" : `, ${here} here`}. The First Guesser picks the first challenge.`}
            </p>
          </>
        ) : (
          <p className="or-waiting" data-testid="start-hint">
            {leader ? `Waiting for ${leader.name} to start the game.` : "Waiting for players."}
          </p>
        )}
      </section>
      <div className="row row--between row--wrap">
        <SeatControls {...props} />
        <MuteSwitch />
      </div>
    </div>
  );
}

/** The lead edits the settings; Save sends them (the server checks them again). */
function SettingsEditor({ s, v, room }: ScreenProps) {
  const [form, setForm] = useState<SettingsForm>(() => formFromSettings(v.settings));
  const problem = formProblem(form);
  const dirty = JSON.stringify(form) !== JSON.stringify(formFromSettings(v.settings));
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) room.send({ type: "configure", settings: toPatch(form) });
      }}
    >
      <SettingsFields form={form} onChange={setForm} idPrefix="room" />
      {problem && dirty && <p className="note note--bad">{problem}</p>}
      <div>
        <Button type="submit" disabled={!dirty || problem !== null || isPending(s, "configure")} testId="save-settings">
          {dirty ? "Save settings" : "Settings saved"}
        </Button>
      </div>
    </form>
  );
}

/** Table mode: the device adds the people sitting round it, by name. */
function AddPlayer({ s, v, room }: ScreenProps) {
  const field = useNameField(() => "", "Type the player's name.");
  const full = seated(v).length >= 6;
  function add(e: FormEvent) {
    e.preventDefault();
    const clean = field.take();
    if (!clean) return;
    if (v.players.some((p) => p.presence !== "left" && p.name.toLowerCase() === clean.toLowerCase()))
      return field.setError(`${clean} is already at the table.`);
    room.send({ type: "addPlayer", name: clean });
    field.setName("");
  }
  return (
    <form className="or-panel stack" onSubmit={add} data-testid="add-player-form">
      <h2 className="or-panel__title">
        <label htmlFor="outrank-add-name">Add a player</label>
      </h2>
      <div className="row row--wrap">
        <NameBox
          id="outrank-add-name"
          className="or-name-input or-hint-input"
          {...field.box}
          disabled={full}
          placeholder={full ? "The table is full" : "Player's name"}
          autoComplete="off"
          testId="add-player-name"
        />
        <Button type="submit" size="lg" disabled={full || isPending(s, "addPlayer")} testId="add-player">
          Add
        </Button>
      </div>
      <FieldError id="outrank-add-name">{field.error}</FieldError>
    </form>
  );
}
