import { type FormEvent, useState } from "react";
import { Button } from "../../../kit/Button";
import { cleanName, lastName, NAME_MAX } from "../seat-token";
import { seatedPlayers } from "../table";
import type { ScreenProps } from "./props";

/** A watcher asks for a seat: a name, then the server signs a seat token for this browser. */
export function JoinForm({ s, v, room }: ScreenProps) {
  const [name, setName] = useState(lastName);
  const [error, setError] = useState<string | null>(null);
  if (v.you !== null || s.removed) return null;
  const full = seatedPlayers(v).length >= v.definition.maxPlayers;

  function submit(e: FormEvent) {
    e.preventDefault();
    const clean = cleanName(name);
    if (!clean) {
      setError("Type the name the others will see.");
      return;
    }
    void room.sit(clean);
  }

  const when =
    v.status === "lobby"
      ? "Take a seat before the lead starts the game."
      : v.status === "ended"
        ? "Take a seat for the rematch."
        : "You can join mid-game: you get a hand and a turn to judge.";
  return (
    <form className="ct-panel ct-join stack" onSubmit={submit} data-testid="join-form">
      <h2 className="ct-panel__title">
        <label htmlFor="cards-name">Join this table</label>
      </h2>
      <p className="muted small">{full ? "The table is full, but you can watch." : when}</p>
      {!full && (
        <div className="row row--wrap">
          <input
            id="cards-name"
            className="text-input ct-name-input"
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            placeholder="Your name"
            autoComplete="nickname"
            aria-invalid={error !== null}
            aria-describedby={error ? "cards-name-error" : undefined}
            data-testid="cards-name"
          />
          <Button type="submit" variant="primary" size="lg" disabled={room.sitting} testId="cards-join">
            {room.sitting ? "Joining…" : "Sit down"}
          </Button>
        </div>
      )}
      {error && (
        <p id="cards-name-error" className="note note--bad">
          {error}
        </p>
      )}
    </form>
  );
}
