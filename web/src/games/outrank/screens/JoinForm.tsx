import type { FormEvent } from "react";
import { Button } from "../../../kit/Button";
import { FieldError, NameBox, useNameField } from "../../../kit/fields";
import { seated } from "../game";
import type { ScreenProps } from "./props";

/** A watcher asks for a seat (online rooms, before the game starts): a name, then a signed seat token. */
export function JoinForm({ s, v, room }: ScreenProps) {
  const field = useNameField();
  if (v.seat !== null || s.removed || v.mode !== "online" || v.phase !== "lobby") return null;
  const full = seated(v).length >= 6;

  function submit(e: FormEvent) {
    e.preventDefault();
    const clean = field.take();
    if (clean) void room.sit(clean);
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
          <NameBox
            id="outrank-join-name"
            className="or-name-input or-hint-input"
            {...field.box}
            placeholder="Your name"
            testId="join-name"
          />
          <Button type="submit" variant="primary" size="lg" disabled={room.sitting} testId="join-seat">
            {room.sitting ? "Joining…" : "Sit down"}
          </Button>
        </div>
      )}
      <FieldError id="outrank-join-name">{field.error}</FieldError>
    </form>
  );
}
