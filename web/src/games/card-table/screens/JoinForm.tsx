import { type FormEvent, useEffect, useRef } from "react";
import { Button } from "../../../kit/Button";
import { FieldError, NameBox, useNameField } from "../../../kit/fields";
import { isUnjudged, seatedPlayers } from "../table";
import type { ScreenProps } from "./props";

/**
 * A visitor's first screen: the table's name and who is there, the join form, and
 * watching as the second choice. (Watchers keep a smaller join panel beside the table.)
 */
export function JoinScreen(props: ScreenProps & { onWatch(): void }) {
  const { s, v, onWatch } = props;
  const here = seatedPlayers(v);
  const names = here.map((p) => p.name);
  const state =
    v.status === "lobby"
      ? "The game has not started yet."
      : v.status === "ended"
        ? "The last game is over; the next one starts from the lobby."
        : `A game is under way (round ${v.round}). Join and you are dealt in.`;
  return (
    <section className="card stack ct-join-screen" data-testid="join-screen">
      <p className="eyebrow">Card Table{isUnjudged(v) ? ` · ${v.definition.name}` : ""}</p>
      <h1>Join table {s.roomId}</h1>
      <p className="muted" data-testid="join-who">
        {names.length === 0
          ? "Nobody has sat down yet."
          : `${listOf(names)} ${names.length === 1 ? "is" : "are"} here. ${state}`}
      </p>
      <JoinForm {...props} greeting />
      <div>
        <Button variant="ghost" onClick={onWatch} testId="just-watch">
          Just watch
        </Button>
      </div>
    </section>
  );
}

/** A visitor asks for a seat: a name, then the server signs a seat token for this browser. */
export function JoinForm({ s, v, room, greeting = false }: ScreenProps & { greeting?: boolean }) {
  const field = useNameField();
  const input = useRef<HTMLInputElement>(null);
  const refusal = s.refusal;

  // A taken name: say so, and put the cursor back in the name so another can be typed.
  useEffect(() => {
    if (refusal?.code === "name_taken") input.current?.select();
  }, [refusal]);

  // A kicked browser is never offered a seat; one that left (or timed out) may take a new one.
  if (v.you !== null || s.removed === "kicked") return null;
  const full = seatedPlayers(v).length >= v.definition.maxPlayers || refusal?.code === "room_full";
  const locked = v.locked === true || refusal?.code === "table_locked";

  function submit(e: FormEvent) {
    e.preventDefault();
    const clean = field.take();
    if (clean) void room.sit(clean);
  }

  const when =
    v.status === "lobby"
      ? "Take a seat before the lead starts the game."
      : v.status === "ended"
        ? "Take a seat for the rematch."
        : "You can join mid-game: you get a hand and a turn.";
  const shown =
    field.error ?? (refusal?.code === "name_taken" || refusal?.code === "bad_token" ? refusal.message : null);
  const Wrapper = greeting ? "div" : "section";
  return (
    <Wrapper className={greeting ? "stack" : "ct-panel ct-join stack"} data-testid="join-panel">
      {!greeting && <h2 className="ct-panel__title">Join this table</h2>}
      {locked ? (
        <p className="note" data-testid="table-locked-note">
          The lead has locked this table: no new players for now. You can watch.
        </p>
      ) : full ? (
        <p className="note" data-testid="table-full-note">
          The table is full, but you can watch.
        </p>
      ) : (
        <form className="stack stack--tight" onSubmit={submit} data-testid="join-form">
          <label className="label" htmlFor="cards-name">
            Your name
          </label>
          <p className="muted small">{when}</p>
          <div className="row row--wrap">
            <NameBox
              id="cards-name"
              inputRef={input}
              className="ct-name-input ct-name-hint"
              {...field.box}
              placeholder="Type your name"
              error={shown}
              testId="cards-name"
            />
            <Button type="submit" variant="primary" size="lg" disabled={s.joining} testId="cards-join">
              {s.joining ? "Joining…" : "Sit down"}
            </Button>
          </div>
          <FieldError id="cards-name" testId="join-error">
            {shown}
          </FieldError>
        </form>
      )}
    </Wrapper>
  );
}

function listOf(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
