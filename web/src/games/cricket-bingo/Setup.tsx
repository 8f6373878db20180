import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../kit/Button";
import { Choice, radios } from "../../kit/Choice";
import { Problem } from "../../kit/fields";
import { myGames } from "./api";
import { formatScore } from "./board";
import { dayLabel } from "./dates";
import { type Attempt, attemptKey, localResults, prefs, savePrefs } from "./local";
import { type GridSize, LIVES, type Mode, type MyGamesReply } from "./wire";

interface Props {
  date: string;
  practice: boolean;
  /** Playing with an account (ranked today), not as a guest. */
  signedIn: boolean;
  busy: boolean;
  error: string | null;
  onStart(a: Attempt): void;
}

type Taken = MyGamesReply["games"][number];

const MODES = [
  { id: "classic", title: "Classic", what: "No hints: what you know is what you score." },
  { id: "assisted", title: "Assisted", what: "Shows the cells each card fits. Ranked on its own board." },
] as const;

/**
 * Size and mode, and who is playing (ranked with an account, unranked as a guest); then play
 * (or see the result of) that attempt. docs/games/cricket-bingo.md, Decisions D7 allows one
 * attempt per day and size, whatever its mode: once a size is started, its mode is fixed,
 * and the screen shows the mode it is being played in.
 */
export function Setup({ date, practice, signedIn, busy, error, onStart }: Props) {
  const [size, setSize] = useState<GridSize>(() => prefs().size);
  const [mode, setMode] = useState<Mode>(() => prefs().mode);
  const [taken, setTaken] = useState<Taken[]>([]);

  // The server knows which sizes this player already started today (this browser may not).
  // Signing in or out is another player: the page draws this form again for them (its key).
  useEffect(() => {
    let live = true;
    myGames(date).then(
      (r) => live && setTaken(r.games),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [date]);

  const mine = taken.find((g) => g.gridSize === size);
  // This browser's notes are a guest's: a signed-in player's attempts are the server's word alone.
  const noted = signedIn ? undefined : localResults()[attemptKey({ date, size })];
  // The mode of the attempt already made at this size, if any: asking for the other mode would give this one back.
  const fixed: Mode | undefined = mine?.mode ?? noted?.mode;
  const shownMode = fixed ?? mode;
  const done =
    mine && mine.status !== "playing" ? { status: mine.status, score: mine.score } : mine ? undefined : noted;
  const inPlay = mine?.status === "playing";

  function submit(e: FormEvent) {
    e.preventDefault();
    savePrefs({ size, mode });
    onStart({ date, size, mode: shownMode });
  }

  const sizes = radios("bingo-size", size, setSize, (s) => `size-${s}`);
  const modes = radios("bingo-mode", shownMode, setMode, (m) => `mode-${m}`);
  return (
    <form className="card stack setup" onSubmit={submit} data-testid="bingo-setup">
      <h2>{practice ? `Practice: ${dayLabel(date)}` : "Today's puzzle"}</h2>
      <fieldset className="choice">
        <legend className="label">Grid</legend>
        <div className="options options--2">
          {([3, 4] as const).map((s) => (
            <Choice key={s} {...sizes(s)} className={s === size ? "option option--on" : "option"}>
              <span className="option__title">
                {s}×{s}
              </span>
              <span className="option__text">
                {s * s} cells, {LIVES[s]} lives
              </span>
            </Choice>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice">
        <legend className="label">Mode</legend>
        <div className="options options--2">
          {MODES.map((m) => (
            <Choice
              key={m.id}
              {...modes(m.id)}
              disabled={fixed !== undefined && fixed !== m.id}
              className={optionClass(m.id, shownMode, fixed)}
            >
              <span className="option__title">{m.title}</span>
              <span className="option__text">{m.what}</span>
            </Choice>
          ))}
        </div>
        {fixed && (
          <p className="muted small" data-testid="setup-mode-fixed">
            {practice ? "This day's" : "Today's"} {size}×{size} is {done ? "played" : "started"} in {fixed} mode: one
            attempt per day and grid, in one mode.
          </p>
        )}
      </fieldset>
      <div className="row row--wrap">
        <Button type="submit" variant="primary" size="lg" disabled={busy} testId="bingo-play">
          {busy
            ? "Loading…"
            : done
              ? "See your result"
              : inPlay
                ? "Resume your game"
                : practice
                  ? "Play for practice"
                  : signedIn
                    ? "Play ranked"
                    : "Play as a guest"}
        </Button>
        {done && (
          <span className="muted small" data-testid="setup-done">
            Played: {done.status === "won" ? "bingo" : "no bingo"}, {formatScore(done.score)} points.
            {fixed ? "" : " One attempt per day and grid."}
          </span>
        )}
      </div>
      <Problem testId="bingo-start-error">{error}</Problem>
    </form>
  );
}

/** A mode's option: on when it is the one shown, greyed when the size's attempt is in the other mode. */
function optionClass(m: Mode, shown: Mode, fixed: Mode | undefined): string {
  if (m === shown) return "option option--on";
  return fixed ? "option option--off" : "option";
}
