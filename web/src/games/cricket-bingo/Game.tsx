import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorText } from "../../kit/api";
import { Button } from "../../kit/Button";
import { MuteSwitch } from "../../kit/MuteSwitch";
import { play } from "../../kit/sound";
import { act, getGame } from "./api";
import { formatScore, turnSentence } from "./board";
import { dayLabel } from "./dates";
import { type CellFlash, Grid } from "./Grid";
import { Legend } from "./Legend";
import type { BingoAction, BingoView, Standing } from "./wire";

export interface LiveGame {
  gameId: string;
  ranked: boolean;
  state: BingoView;
  /** Once the game is over: its rank on the day's board, or the rank it would have had. */
  standing?: Standing;
}

/** A turn before it is sent: the card it is for is added then. */
type Move = { type: "PLACE" | "WILDCARD"; categoryId: string } | { type: "SKIP" };

/** Refusals that mean the game moved on elsewhere (another tab, a retried request): read it again. */
const MOVED_ON = ["cell_filled", "game_over", "no_wildcards", "turn_conflict"];

interface Props {
  game: LiveGame;
  /** An earlier day's puzzle: never ranked. */
  practice: boolean;
  onState(state: BingoView, standing?: Standing): void;
  onError(message: string, code?: string): void;
  /** Back to the choices (size, mode, another day). */
  onLeave(): void;
  /** Shown under the grid once the game is over (the summary). */
  children?: ReactNode;
}

interface Feedback {
  text: string;
  tone: "good" | "bad" | "plain";
}

/** Fields where a letter is typed, not a shortcut. */
function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  return t instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset"].includes(t.type);
}

const multiplier = (streak: number) => Math.min(1 + 0.5 * streak, 3);

/** One attempt on screen: the stats, the current card, the grid and the turn buttons. */
export function Game({ game, practice, onState, onError, onLeave, children }: Props) {
  const { gameId, ranked, state } = game;
  const playing = state.status === "playing";
  const assisted = state.mode === "assisted";
  const [pending, setPending] = useState(false);
  const [wildcardMode, setWildcardMode] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [flash, setFlash] = useState<CellFlash | null>(null);
  const [cursor, setCursor] = useState(() => Math.floor((state.gridSize * state.gridSize) / 2));
  const [legendOpen, setLegendOpen] = useState(false);
  const flashes = useRef(0);
  const gridRef = useRef<HTMLDivElement>(null);

  // A flash lasts as long as its animation, then the class goes so it can run again.
  useEffect(() => {
    if (!flash) return;
    const id = window.setTimeout(() => setFlash(null), 700);
    return () => window.clearTimeout(id);
  }, [flash]);

  useEffect(() => {
    if (!playing || state.wildcardsLeft === 0) setWildcardMode(false);
  }, [playing, state.wildcardsLeft]);

  const send = useCallback(
    async (move: Move) => {
      if (pending || !playing) return;
      setPending(true);
      const card = state.currentPlayer;
      const cell = "categoryId" in move ? state.grid.find((c) => c.id === move.categoryId) : undefined;
      // The card on show is named, so a request sent twice (a retry after a lost reply) is
      // refused the second time instead of being played on the next card.
      const action: BingoAction = { ...move, deckIndex: state.deckIndex };
      try {
        const r = await act(gameId, action);
        onState(r.state, r.standing);
        const res = r.result;
        setFeedback({
          text: turnSentence(card, cell, res),
          tone: res.action === "skipped" ? "plain" : res.wasValid === false ? "bad" : "good",
        });
        if (cell && res.action !== "skipped")
          setFlash({
            cellId: cell.id,
            kind: res.action === "wildcard" ? "wild" : res.wasValid ? "right" : "wrong",
            n: ++flashes.current,
          });
        if (res.action === "wildcard") setWildcardMode(false);
        if (res.status === "won") {
          play("right");
          window.setTimeout(() => play("turn"), 280);
        } else if (res.status === "lost") play("wrong");
        else if (res.action === "skipped") play("tick");
        else play(res.wasValid === false ? "wrong" : "right");
      } catch (e) {
        onError(errorText(e), e instanceof ApiError ? e.code : undefined);
        // The game moved on elsewhere (another tab, a finished game): show it as the server has it.
        if (e instanceof ApiError && MOVED_ON.includes(e.code))
          getGame(gameId).then(
            (g) => onState(g.state, g.standing),
            () => {},
          );
      } finally {
        setPending(false);
      }
    },
    [pending, playing, state, gameId, onState, onError],
  );

  const onCell = useCallback(
    (categoryId: string) => {
      if (!playing) return;
      const cell = state.grid.find((c) => c.id === categoryId);
      if (state.placements[categoryId]) {
        setFeedback({ text: `${cell?.label ?? "That cell"} is already filled: pick an empty cell.`, tone: "plain" });
        return;
      }
      void send({ type: wildcardMode ? "WILDCARD" : "PLACE", categoryId });
    },
    [playing, state, wildcardMode, send],
  );

  const skip = useCallback(() => void send({ type: "SKIP" }), [send]);
  const toggleWildcard = useCallback(() => {
    if (!playing || state.wildcardsLeft === 0) return;
    setWildcardMode((w) => !w);
  }, [playing, state.wildcardsLeft]);

  // S skips, W toggles the wildcard, Escape leaves wildcard mode; arrows bring focus to the grid.
  useEffect(() => {
    if (!playing) return;
    function onKey(e: KeyboardEvent) {
      if (e.ctrlKey || e.metaKey || e.altKey || isTextField(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === "s" && !e.repeat) {
        e.preventDefault();
        skip();
      } else if (key === "w" && !e.repeat) {
        e.preventDefault();
        toggleWildcard();
      } else if (key === "i" && !e.repeat) {
        e.preventDefault();
        setLegendOpen((o) => !o);
      } else if (key === "escape") setWildcardMode(false);
      else if (e.key.startsWith("Arrow") && !gridRef.current?.contains(document.activeElement)) {
        const cell = gridRef.current?.querySelector<HTMLButtonElement>('.cell[tabindex="0"]');
        if (cell) {
          e.preventDefault();
          cell.focus();
        }
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [playing, skip, toggleWildcard]);

  const card = state.currentPlayer;
  return (
    <div
      className="bingo-game stack"
      data-testid="bingo-game"
      data-status={state.status}
      data-mode={state.mode}
      data-deck-index={state.deckIndex}
      data-lives={state.remainingPlayers}
      data-score={state.score}
      data-pending={pending || undefined}
    >
      <div className="row row--between row--wrap bingo-game__head">
        <p className="eyebrow" data-testid="bingo-game-title">
          {practice ? `Practice · ${dayLabel(state.date)}` : `Today · ${dayLabel(state.date)}`} · {state.gridSize}×
          {state.gridSize}
          {assisted ? " · assisted" : ""}
          {!practice && !ranked ? " · guest" : ""}
        </p>
        <div className="row">
          <MuteSwitch />
        </div>
      </div>
      {practice ? (
        <p className="banner banner--info bingo-practice" data-testid="practice-banner">
          Practice game: not ranked on the leaderboard.
        </p>
      ) : (
        !ranked &&
        playing && (
          <p className="banner banner--info bingo-practice" data-testid="unranked-banner">
            Playing as a guest: this game is not ranked. Sign in before tomorrow's puzzle to play ranked.
          </p>
        )
      )}
      <dl className="bingo-stats" data-testid="bingo-stats">
        <div className="stat">
          <dt>Score</dt>
          <dd data-testid="bingo-score">{formatScore(state.score)}</dd>
        </div>
        <div className="stat">
          <dt>Streak</dt>
          <dd data-testid="bingo-streak">
            {state.streak}
            {playing && <span className="stat__sub"> ×{multiplier(state.streak)}</span>}
          </dd>
        </div>
        <div className={state.remainingPlayers <= 3 && playing ? "stat stat--low" : "stat"}>
          <dt>Lives</dt>
          <dd data-testid="bingo-lives">
            <span aria-hidden="true" className="stat__heart">
              ♥
            </span>{" "}
            {state.remainingPlayers}
          </dd>
        </div>
        <div className="stat">
          <dt>Wildcards</dt>
          <dd data-testid="bingo-wildcards">{state.wildcardsLeft}</dd>
        </div>
      </dl>

      {playing && card ? (
        <section className="player-card" aria-label="The current card" data-testid="bingo-card" key={card.id}>
          <span className="player-card__flag" aria-hidden="true">
            {card.countryFlag}
          </span>
          <div className="player-card__text">
            <p className="player-card__count">
              Card {state.deckIndex + 1} of {state.deckSize}
            </p>
            <h2 className="player-card__name" data-testid="bingo-card-name">
              {card.name}
            </h2>
            <p className="player-card__country">{card.country}</p>
          </div>
          {card.jerseyNumber !== undefined && (
            <span className="jersey" title="Shirt number" data-testid="bingo-jersey">
              <span className="visually-hidden">Shirt number </span>
              {card.jerseyNumber}
            </span>
          )}
        </section>
      ) : (
        <section
          className={state.status === "won" ? "result-banner result-banner--won" : "result-banner result-banner--lost"}
          data-testid="bingo-result"
          data-result={state.status}
        >
          <p className="result-banner__title">{state.status === "won" ? "Bingo!" : "No bingo this time"}</p>
          <p className="result-banner__score">{formatScore(state.score)} points</p>
        </section>
      )}

      <p
        className={`bingo-feedback bingo-feedback--${wildcardMode ? "wild" : (feedback?.tone ?? "plain")}`}
        role="status"
        aria-live="polite"
        data-testid="bingo-feedback"
        data-wildcard={wildcardMode || undefined}
      >
        {wildcardMode && card
          ? `Wildcard on: tap any empty cell to put ${card.name} there, no questions asked.`
          : (feedback?.text ??
            (playing
              ? assisted
                ? "Cyan cells fit this card; the ★ cell is the hardest to fill later."
                : "Tap a cell this player fits, or skip."
              : ""))}
      </p>

      <div ref={gridRef}>
        <Grid
          state={state}
          assisted={assisted}
          wildcardMode={wildcardMode}
          playing={playing}
          busy={pending}
          cursor={cursor}
          onCursor={setCursor}
          onCell={onCell}
          flash={flash}
        />
      </div>

      {playing && (
        <div className="bingo-actions">
          <Button variant="secondary" size="lg" onClick={skip} disabled={pending} testId="bingo-skip">
            Skip <span className="lives-cost">(−1 ♥)</span>
          </Button>
          <Button
            variant="secondary"
            size="lg"
            className={wildcardMode ? "wild-toggle wild-toggle--on" : "wild-toggle"}
            aria-pressed={wildcardMode}
            onClick={toggleWildcard}
            disabled={pending || state.wildcardsLeft === 0}
            testId="bingo-wildcard"
          >
            {wildcardMode
              ? "Cancel wildcard"
              : state.wildcardsLeft > 0
                ? `Wildcard (${state.wildcardsLeft})`
                : "Wildcard used"}
          </Button>
        </div>
      )}
      {playing && <Legend state={state} open={legendOpen} onToggle={() => setLegendOpen((o) => !o)} cursor={cursor} />}
      {playing && (
        <p className="keys-hint muted small">
          Keys: <kbd>←</kbd>
          <kbd>↑</kbd>
          <kbd>→</kbd>
          <kbd>↓</kbd> move, <kbd>Enter</kbd> places, <kbd>S</kbd> skips, <kbd>W</kbd> wildcard, <kbd>I</kbd> what the
          cells mean.
        </p>
      )}
      {children}
      {playing && (
        <div>
          <Button variant="ghost" onClick={onLeave} testId="bingo-leave">
            Other puzzles (this game is kept)
          </Button>
        </div>
      )}
    </div>
  );
}
