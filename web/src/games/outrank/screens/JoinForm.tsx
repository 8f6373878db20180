import { type FormEvent, useState } from "react";
import { Button } from "../../../kit/Button";
import { savedName } from "../../../kit/identity";
import { cleanName, NAME_MAX } from "../api";
import { seated } from "../game";
import type { ScreenProps } from "./props";

/** A watcher asks for a seat (online rooms, before the game starts): a name, then a signed seat token. */
export function JoinForm({ s, v, room }: ScreenProps) {
  const [name, setName] = useState(savedName);
  const [error, setError] = useState<string | null>(null);
  if (v.seat !== null || s.removed || v.mode !== "online" || v.phase !== "lobby") return null;
  const full = seated(v).length >= 6;

  function submit(e: FormEvent) {
    e.preventDefault();
    const clean = cleanName(name);
    if (!clean) {
      setError("Type the name the others will see.");
      return;
    }
    void room.sit(clean);
  }

  return (
    <form className="or-panel stack" onSubmit={submit} data-testid="join-form">
      <h2 className="or-panel__title">
        <label htmlFor="outrank-join-name">Join this game</label>
      </h2>
      {full ? (
        <p className="muted small">The table is full (six players), but you can watch.</p>
      ) : (
        <div className="row row--wrap">
          <input
            id="outrank-join-name"
            className="text-input or-name-input"
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            placeholder="Your name"
            autoComplete="nickname"
            aria-invalid={error !== null}
            aria-describedby={error ? "outrank-join-error" : undefined}
            data-testid="join-name"
          />
          <Button type="submit" variant="primary" size="lg" disabled={room.sitting} testId="join-seat">
            {room.sitting ? "Joining…" : "Sit down"}
          </Button>
        </div>
      )}
      {error && (
        <p id="outrank-join-error" className="note note--bad">
          {error}
        </p>
      )}
    </form>
  );
}
