import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../kit/Button";
import { MAX_NAME, savedName, saveName } from "../../kit/identity";
import { myGames } from "./api";
import { formatScore } from "./board";
import { dayLabel } from "./dates";
import { type Attempt, attemptKey, localResults, prefs, savePrefs } from "./local";
import { type GridSize, LIVES, type Mode, type MyGamesReply } from "./wire";

interface Props {
  date: string;
  practice: boolean;
  busy: boolean;
  error: string | null;
  onStart(a: Attempt, displayName: string | undefined): void;
}

type Taken = MyGamesReply["games"][number];

/**
 * Size, mode and the name the leaderboard shows; then play (or see the result of) that
 * attempt. RULINGS 7 allows one attempt per day and size, whatever its mode: once a size is
 * started, its mode is fixed, and the screen shows the mode it is being played in.
 */
export function Setup({ date, practice, busy, error, onStart }: Props) {
  const [size, setSize] = useState<GridSize>(() => prefs().size);
  const [mode, setMode] = useState<Mode>(() => prefs().mode);
  const [name, setName] = useState(savedName());
  const [taken, setTaken] = useState<Taken[]>([]);

  // The server knows which sizes this player already started today (this browser may not).
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
  const noted = localResults()[attemptKey({ date, size })];
  // The mode of the attempt already made at this size, if any: asking for the other mode would give this one back.
  const fixed: Mode | undefined = mine?.mode ?? noted?.mode;
  const shownMode = fixed ?? mode;
  const done =
    mine && mine.status !== "playing" ? { status: mine.status, score: mine.score } : mine ? undefined : noted;
  const inPlay = mine?.status === "playing";

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = name.replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
    if (n) saveName(n);
    savePrefs({ size, mode });
    onStart({ date, size, mode: shownMode }, n || undefined);
  }

  return (
    <form className="card stack setup" onSubmit={submit} data-testid="bingo-setup">
      <h2>{practice ? `Practice: ${dayLabel(date)}` : "Today's puzzle"}</h2>
      <fieldset className="choice">
        <legend className="label">Grid</legend>
        <div className="options options--2">
          {([3, 4] as const).map((s) => (
            <label key={s} className={s === size ? "option option--on" : "option"}>
              <input
                type="radio"
                name="bingo-size"
                checked={s === size}
                onChange={() => setSize(s)}
                data-testid={`size-${s}`}
              />
              <span className="option__title">
                {s}×{s}
              </span>
              <span className="option__text">
                {s * s} cells, {LIVES[s]} lives
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice">
        <legend className="label">Mode</legend>
        <div className="options options--2">
          <label className={optionClass("classic", shownMode, fixed)}>
            <input
              type="radio"
              name="bingo-mode"
              checked={shownMode === "classic"}
              disabled={fixed !== undefined && fixed !== "classic"}
              onChange={() => setMode("classic")}
              data-testid="mode-classic"
            />
            <span className="option__title">Classic</span>
            <span className="option__text">No hints: what you know is what you score.</span>
          </label>
          <label className={optionClass("assisted", shownMode, fixed)}>
            <input
              type="radio"
              name="bingo-mode"
              checked={shownMode === "assisted"}
              disabled={fixed !== undefined && fixed !== "assisted"}
              onChange={() => setMode("assisted")}
              data-testid="mode-assisted"
            />
            <span className="option__title">Assisted</span>
            <span className="option__text">Shows the cells each card fits. Ranked on its own board.</span>
          </label>
        </div>
        {fixed && (
          <p className="muted small" data-testid="setup-mode-fixed">
            {practice ? "This day's" : "Today's"} {size}×{size} is {done ? "played" : "started"} in {fixed} mode: one
            attempt per day and grid, in one mode.
          </p>
        )}
      </fieldset>
      {!practice && (
        <div className="stack stack--tight">
          <label className="label" htmlFor="bingo-name">
            Name on the leaderboard
          </label>
          <input
            id="bingo-name"
            className="text-input"
            value={name}
            maxLength={MAX_NAME}
            autoComplete="nickname"
            placeholder="Optional"
            onChange={(e) => setName(e.target.value)}
            data-testid="bingo-name"
          />
        </div>
      )}
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
                  : "Play"}
        </Button>
        {done && (
          <span className="muted small" data-testid="setup-done">
            Played: {done.status === "won" ? "bingo" : "no bingo"}, {formatScore(done.score)} points.
            {fixed ? "" : " One attempt per day and grid."}
          </span>
        )}
      </div>
      {error && (
        <p className="note note--bad" role="alert" data-testid="bingo-start-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** A mode's option: on when it is the one shown, greyed when the size's attempt is in the other mode. */
function optionClass(m: Mode, shown: Mode, fixed: Mode | undefined): string {
  if (m === shown) return "option option--on";
  return fixed ? "option option--off" : "option";
}
