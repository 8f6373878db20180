import { type FormEvent, useState } from "react";
import { Button } from "../../kit/Button";
import { MAX_NAME, savedName, saveName } from "../../kit/identity";
import { formatScore } from "./board";
import { dayLabel } from "./dates";
import { type Attempt, attemptKey, localResults, prefs, savePrefs } from "./local";
import { type GridSize, LIVES, type Mode } from "./wire";

interface Props {
  date: string;
  practice: boolean;
  busy: boolean;
  error: string | null;
  onStart(a: Attempt, displayName: string | undefined): void;
}

/** Size, mode and the name the leaderboard shows; then play (or see the result of) that attempt. */
export function Setup({ date, practice, busy, error, onStart }: Props) {
  const [size, setSize] = useState<GridSize>(() => prefs().size);
  const [mode, setMode] = useState<Mode>(() => prefs().mode);
  const [name, setName] = useState(savedName());
  const done = localResults()[attemptKey({ date, size, mode })];

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = name.replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
    if (n) saveName(n);
    savePrefs({ size, mode });
    onStart({ date, size, mode }, n || undefined);
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
          <label className={mode === "classic" ? "option option--on" : "option"}>
            <input
              type="radio"
              name="bingo-mode"
              checked={mode === "classic"}
              onChange={() => setMode("classic")}
              data-testid="mode-classic"
            />
            <span className="option__title">Classic</span>
            <span className="option__text">No hints: what you know is what you score.</span>
          </label>
          <label className={mode === "assisted" ? "option option--on" : "option"}>
            <input
              type="radio"
              name="bingo-mode"
              checked={mode === "assisted"}
              onChange={() => setMode("assisted")}
              data-testid="mode-assisted"
            />
            <span className="option__title">Assisted</span>
            <span className="option__text">Shows the cells each card fits. Ranked on its own board.</span>
          </label>
        </div>
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
          {busy ? "Loading…" : done ? "See your result" : practice ? "Play for practice" : "Play"}
        </Button>
        {done && (
          <span className="muted small" data-testid="setup-done">
            Played: {done.status === "won" ? "bingo" : "no bingo"}, {formatScore(done.score)} points. One attempt per
            day, grid and mode.
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
