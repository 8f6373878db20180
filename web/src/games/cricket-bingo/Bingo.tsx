import { useCallback, useEffect, useRef, useState } from "react";
import { useAccount } from "../../kit/account";
import { ApiError, errorText } from "../../kit/api";
import { Button } from "../../kit/Button";
import { savedName } from "../../kit/identity";
import { Layout } from "../../kit/Layout";
import { Link } from "../../kit/Link";
import { Toasts, useToasts } from "../../kit/Toasts";
import { useTitle } from "../../kit/useTitle";
import { Archive } from "./Archive";
import { startGame } from "./api";
import { addDays, dayLabel, isIsoDate, longDayLabel, todayUtc } from "./dates";
import { Game, type LiveGame } from "./Game";
import { Leaderboard } from "./Leaderboard";
import {
  type Attempt,
  currentAttempt,
  forgetCurrentAttempt,
  prefs,
  saveCurrentAttempt,
  saveLocalResult,
} from "./local";
import { NextPuzzle } from "./NextPuzzle";
import { Setup } from "./Setup";
import { Streaks } from "./Streaks";
import { Summary } from "./Summary";
import { Who } from "./Who";
import type { BingoView, Standing } from "./wire";
import "./bingo.css";

/** /bingo (today's puzzle, ranked) and /bingo/YYYY-MM-DD (an earlier day, for practice). */
export function BingoPage({ date: asked }: { date?: string }) {
  const today = todayUtc();
  if (asked !== undefined && (!isIsoDate(asked) || asked > today))
    return (
      <Layout>
        <div className="card stack" data-testid="bingo-bad-date">
          <h1>{isIsoDate(asked) ? "That puzzle is not out yet" : "That is not a date"}</h1>
          <p className="muted">
            {isIsoDate(asked)
              ? `A new grid comes out every midnight (UTC). Today's is ${dayLabel(today)}'s.`
              : "Past puzzles have addresses like /bingo/2026-01-31."}
          </p>
          <div>
            <Link href="/bingo" className="btn btn--primary btn--md">
              Today's puzzle
            </Link>
          </div>
        </div>
      </Layout>
    );
  const date = asked ?? today;
  return <Day key={date} date={date} today={today} />;
}

function Day({ date, today }: { date: string; today: string }) {
  const practice = date < today;
  useTitle(practice ? `Cricket Bingo · ${date}` : "Cricket Bingo");
  const [game, setGame] = useState<LiveGame | null>(null);
  // A game left open on this day is resumed at once: the server returns the same attempt.
  const [starting, setStarting] = useState<Attempt | null>(() => currentAttempt(date));
  const [startError, setStartError] = useState<string | null>(null);
  const { items: toasts, toast, dismiss } = useToasts();
  const [boardRefresh, setBoardRefresh] = useState(0);
  const account = useAccount();

  const start = useCallback(
    async (a: Attempt) => {
      setStarting(a);
      setStartError(null);
      try {
        // A guest's name (an account's games show the account's own); no leaderboard shows a guest.
        const name = savedName() || undefined;
        const r = await startGame({
          size: a.size,
          mode: a.mode,
          // Today's game asks for "today" as the server counts it, so a clock that is off does not make it practice.
          ...(a.date === today ? {} : { date: a.date }),
          ...(name ? { displayName: name } : {}),
        });
        // The server's attempt is the truth: its date, and its mode, which is the one it was
        // started in even when another was asked for (one attempt per day and size).
        const got: Attempt = { date: r.state.date, size: r.state.gridSize, mode: r.state.mode };
        saveCurrentAttempt(got);
        if (r.state.status !== "playing") saveLocalResult(got, { status: r.state.status, score: r.state.score });
        setGame({
          gameId: r.gameId,
          ranked: r.ranked,
          state: r.state,
          ...(r.standing ? { standing: r.standing } : {}),
        });
        window.scrollTo(0, 0);
      } catch (e) {
        if (e instanceof ApiError && e.code === "content_changed") forgetCurrentAttempt();
        setStartError(errorText(e));
      } finally {
        setStarting(null);
      }
    },
    [today],
  );

  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const open = currentAttempt(date);
    if (open) void start(open);
  }, [date, start]);

  const onState = useCallback((state: BingoView, standing?: Standing) => {
    setGame((g) => (g ? { ...g, state, ...(standing ? { standing } : {}) } : g));
    if (state.status !== "playing") {
      saveLocalResult(
        { date: state.date, size: state.gridSize, mode: state.mode },
        { status: state.status, score: state.score },
      );
      setBoardRefresh((n) => n + 1);
    }
  }, []);

  const leave = useCallback(() => {
    forgetCurrentAttempt();
    setGame(null);
    window.scrollTo(0, 0);
  }, []);

  if (game) {
    const s = game.state;
    const over = s.status !== "playing";
    return (
      <Layout>
        <Game game={game} practice={practice} onState={onState} onError={toast} onLeave={leave}>
          {over && (
            <>
              <Summary
                gameId={game.gameId}
                ranked={game.ranked}
                practice={practice}
                standing={game.standing}
                state={s}
              />
              <NextPuzzle />
              <Leaderboard key={boardRefresh} date={s.date} today={today} size={s.gridSize} mode={s.mode} />
              <div className="row row--wrap">
                <Button variant="primary" onClick={leave} testId="bingo-another">
                  Play another grid
                </Button>
                {!practice ? (
                  <Link href={`/bingo/${addDays(today, -1)}`} className="btn btn--secondary btn--md">
                    Practice yesterday's
                  </Link>
                ) : (
                  <Link href="/bingo" className="btn btn--secondary btn--md">
                    Today's puzzle
                  </Link>
                )}
              </div>
            </>
          )}
        </Game>
        <Toasts items={toasts} onDismiss={dismiss} />
      </Layout>
    );
  }

  const p = prefs();
  return (
    <Layout>
      <section className="stack stack--loose bingo-hub" data-testid="bingo-hub">
        <div className="stack stack--tight">
          <p className="eyebrow">{practice ? "Practice · not ranked" : `Daily puzzle · ${dayLabel(today)}`}</p>
          <h1>Cricket Bingo</h1>
          <p className="muted">
            A new grid of cricket categories every day. Cards come one at a time: put each player in a cell they fit, or
            skip them. Fill a row, a column or a diagonal before your lives run out.
          </p>
        </div>
        {practice && (
          <p className="banner banner--info" data-testid="practice-banner">
            <span>
              {longDayLabel(date)}: a practice game, not ranked. <Link href="/bingo">Today's puzzle</Link>
            </span>
          </p>
        )}
        {starting && currentAttempt(date) && !startError ? (
          <p className="card muted" data-testid="bingo-resuming">
            Resuming your game…
          </p>
        ) : (
          <>
            <Who practice={practice} />
            <Setup
              // Signing in or out is another player, with attempts of its own.
              key={account?.id ?? "guest"}
              date={date}
              practice={practice}
              signedIn={account !== null}
              busy={starting !== null}
              error={startError}
              onStart={(a) => void start(a)}
            />
          </>
        )}
        {!practice && <NextPuzzle />}
        <HowTo />
        {/* Signing in or out is another player: their own rank and streaks. */}
        <Leaderboard key={`board-${account?.id ?? "guest"}`} date={date} today={today} size={p.size} mode={p.mode} />
        <Streaks key={`streaks-${account?.id ?? "guest"}`} card />
        <Archive today={today} current={date} />
      </section>
      <Toasts items={toasts} onDismiss={dismiss} />
    </Layout>
  );
}

function HowTo() {
  return (
    <details className="card howto-bingo">
      <summary>
        <h2>How to play</h2>
      </summary>
      <ul className="stack stack--tight">
        <li>Each card names a player, their country and shirt number. Tap a cell they fit.</li>
        <li>
          Right: the cell is theirs and you score (100, more for combo, teammate and trophy cells), and your streak
          raises the next score up to ×3.
        </li>
        <li>Wrong, or a skip: the card is gone and you lose a life. 20 lives on 3×3, 25 on 4×4.</li>
        <li>One wildcard per game: it puts the current card in any empty cell, no questions asked (50 points).</li>
        <li>A full row, column or diagonal is a bingo: +500. One attempt per day and grid, in one mode.</li>
        <li>
          Not sure what a cell means? "What the cells mean", under the grid, lists every cell in full. Looking costs
          nothing.
        </li>
        <li>
          Today's game is ranked when you play signed in. As a guest you play the same puzzle, unranked, and see where
          you would have placed.
        </li>
      </ul>
    </details>
  );
}
