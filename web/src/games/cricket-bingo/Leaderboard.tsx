import { useEffect, useState } from "react";
import { errorText } from "../../kit/api";
import { leaderboard } from "./api";
import { formatScore } from "./board";
import { dayLabel } from "./dates";
import type { GridSize, LeaderboardReply, Mode } from "./wire";

interface Props {
  date: string;
  today: string;
  size: GridSize;
  mode: Mode;
}

/**
 * A day's ranked games (classic and assisted apart), best first, with this player's own
 * entry marked, and their rank spelt out even when it is outside the top 50.
 */
export function Leaderboard(props: Props) {
  const [size, setSize] = useState<GridSize>(props.size);
  const [mode, setMode] = useState<Mode>(props.mode);
  const [board, setBoard] = useState<LeaderboardReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setSize(props.size), [props.size]);
  useEffect(() => setMode(props.mode), [props.mode]);

  useEffect(() => {
    let live = true;
    setError(null);
    leaderboard(props.date, size, mode).then(
      (b) => live && setBoard(b),
      (e) => {
        if (!live) return;
        setBoard(null);
        setError(`The leaderboard did not load. ${errorText(e)}`);
      },
    );
    return () => {
      live = false;
    };
  }, [props.date, size, mode]);

  const you = board?.you ?? null;
  const isYou = (r: { rank: number; displayName: string; score: number }) =>
    you !== null && r.rank === you.rank && r.displayName === you.displayName && r.score === you.score;
  const when = props.date === props.today ? "Today's" : `${dayLabel(props.date)}'s`;

  return (
    <section className="card stack leaderboard" aria-labelledby="leaderboard-title" data-testid="leaderboard">
      <div className="row row--between row--wrap">
        <h2 id="leaderboard-title">{when} leaderboard</h2>
        <div className="row row--wrap leaderboard__filters">
          <Segmented
            label="Grid size"
            value={String(size)}
            options={[
              ["3", "3×3"],
              ["4", "4×4"],
            ]}
            onChange={(v) => setSize(Number(v) as GridSize)}
            testId="leaderboard-size"
          />
          <Segmented
            label="Mode"
            value={mode}
            options={[
              ["classic", "Classic"],
              ["assisted", "Assisted"],
            ]}
            onChange={(v) => setMode(v as Mode)}
            testId="leaderboard-mode"
          />
        </div>
      </div>
      {error && <p className="note note--bad">{error}</p>}
      {board && (
        <>
          {you ? (
            <p className="leaderboard__you" data-testid="leaderboard-you">
              You are <strong>#{you.rank}</strong> of {board.players} with {formatScore(you.score)} points.
            </p>
          ) : (
            <p className="muted small">
              {props.date === props.today
                ? "Sign in and finish today's game to appear here. Guests' and practice games are never ranked."
                : "Only games played signed in, on the day itself, are ranked."}
            </p>
          )}
          {board.top.length === 0 ? (
            <p className="muted" data-testid="leaderboard-empty">
              No finished {size}×{size} {mode} games {props.date === props.today ? "yet today" : "that day"}.
            </p>
          ) : (
            <ol className="board" data-testid="leaderboard-rows">
              {board.top.map((r, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows carry no id, and the list is replaced whole on every fetch
                  key={`${r.rank}-${r.displayName}-${i}`}
                  className={isYou(r) ? "board__row board__row--you" : "board__row"}
                  data-testid={isYou(r) ? "leaderboard-row-you" : "leaderboard-row"}
                >
                  <span className="board__rank">{r.rank}</span>
                  <span className="board__name">
                    {r.displayName}
                    {isYou(r) && <span className="board__tag"> (you)</span>}
                  </span>
                  <span className="board__result">{r.result === "won" ? "Bingo" : "No bingo"}</span>
                  <span className="board__score">{formatScore(r.score)}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {!board && !error && <p className="muted">Loading…</p>}
    </section>
  );
}

/** A small row of radio-like buttons. */
export function Segmented(props: {
  label: string;
  value: string;
  options: [string, string][];
  onChange(v: string): void;
  testId: string;
}) {
  return (
    <fieldset className="segmented" data-testid={props.testId}>
      <legend className="visually-hidden">{props.label}</legend>
      {props.options.map(([v, text]) => (
        <label key={v} className={v === props.value ? "segmented__opt segmented__opt--on" : "segmented__opt"}>
          <input
            type="radio"
            name={`${props.testId}-radio`}
            value={v}
            checked={v === props.value}
            onChange={() => props.onChange(v)}
            data-testid={`${props.testId}-${v}`}
          />
          {text}
        </label>
      ))}
    </fieldset>
  );
}
