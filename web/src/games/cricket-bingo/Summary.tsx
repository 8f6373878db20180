import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { errorText } from "../../kit/api";
import { Button } from "../../kit/Button";
import { shareOrCopy } from "../../kit/share";
import { shareText } from "./api";
import { bestStreak, formatScore } from "./board";
import { Streaks } from "./Streaks";
import { Who } from "./Who";
import type { BingoView, Standing } from "./wire";

interface Props {
  gameId: string;
  ranked: boolean;
  /** An earlier day's puzzle. */
  practice: boolean;
  /** Its rank on the day's board, or the rank it would have had (absent until the server says). */
  standing: Standing | undefined;
  state: BingoView;
}

/** "#3 of 41". */
const place = (s: Standing) => `#${s.rank} of ${s.players}`;

/**
 * The end of a game: what it came to, where it stands (or would have stood: a guest's game
 * and practice are not ranked), the share text, and the player's runs of days.
 */
export function Summary({ gameId, ranked, practice, standing, state }: Props) {
  const placed = Object.values(state.placements);
  const wild = placed.filter((p) => p.by === "wildcard").length;
  const wrong = state.history.filter((h) => h.wasValid === false).length;
  const skipped = state.history.filter((h) => h.action === "skipped").length;
  return (
    <section className="card stack summary" aria-labelledby="summary-title" data-testid="bingo-summary">
      <h2 id="summary-title">
        {state.status === "won"
          ? `Bingo in ${state.deckIndex} card${state.deckIndex === 1 ? "" : "s"}`
          : state.remainingPlayers === 0
            ? "Out of lives"
            : "The deck ran out"}
      </h2>
      <dl className="summary__facts">
        <div>
          <dt>Score</dt>
          <dd data-testid="summary-score">{formatScore(state.score)}</dd>
        </div>
        <div>
          <dt>Best streak</dt>
          <dd>{bestStreak(state)}</dd>
        </div>
        <div>
          <dt>Cells filled</dt>
          <dd>
            {placed.length} of {state.grid.length}
            {wild ? ` (${wild} by wildcard)` : ""}
          </dd>
        </div>
        <div>
          <dt>Lives spent</dt>
          <dd>
            {wrong + skipped} ({wrong} wrong, {skipped} skipped)
          </dd>
        </div>
      </dl>
      <p className="summary__rank" data-testid="summary-rank" data-ranked={ranked ? "yes" : "no"}>
        {ranked
          ? standing
            ? `On today's leaderboard: ${place(standing)}.`
            : "Your game counts on today's leaderboard."
          : practice
            ? `A practice game: it is not ranked.${standing ? ` On that day's leaderboard it would be ${place(standing)}.` : ""}`
            : `Not ranked: you played as a guest.${standing ? ` On today's leaderboard you would be ${place(standing)}.` : ""}`}
      </p>
      {!ranked && !practice && <Who practice={false} ended />}
      <ShareBox gameId={gameId} />
      {!practice && <Streaks />}
    </section>
  );
}

/**
 * "Share": copies the spoiler-free text to the clipboard. Where the browser refuses, the
 * text is shown selected, ready to copy by hand.
 */
function ShareBox({ gameId }: { gameId: string }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let live = true;
    shareText(gameId).then(
      (t) => live && setText(t),
      (e) => live && setError(`The share text did not load. ${errorText(e)}`),
    );
    return () => {
      live = false;
    };
  }, [gameId]);

  useEffect(() => {
    if (copied === "no") area.current?.select();
  }, [copied]);

  // The box wraps long lines (a phone is narrower than "… · 4×4 (assisted)"), so it grows to
  // hold every wrapped line rather than hiding the end of one or scrolling.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el || text === null) return;
    const grow = () => {
      el.style.height = "auto";
      el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
    };
    grow();
    window.addEventListener("resize", grow);
    return () => window.removeEventListener("resize", grow);
  }, [text]);

  async function share() {
    if (text === null) return;
    // The phone's share sheet where there is one; copied otherwise.
    const how = await shareOrCopy({ text });
    if (how !== "cancelled") setCopied(how === "shared" ? null : how === "copied" ? "yes" : "no");
  }

  return (
    <div className="stack stack--tight share">
      <div className="row row--wrap">
        <Button variant="primary" size="lg" onClick={share} disabled={text === null} testId="bingo-share">
          {copied === "yes" ? "Copied!" : "Share your result"}
        </Button>
        <span className="muted small" role="status" data-testid="share-status">
          {copied === "yes"
            ? "Copied: paste it anywhere. It names no player and no cell."
            : copied === "no"
              ? "This browser would not let the page copy. The text below is selected: copy it yourself."
              : ""}
        </span>
      </div>
      {error && <p className="note note--bad">{error}</p>}
      {text !== null && (
        <label className="share__label">
          <span className="visually-hidden">Share text</span>
          <textarea
            ref={area}
            className="share__text"
            readOnly
            value={text}
            rows={text.split("\n").length}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="share-text"
          />
        </label>
      )}
    </div>
  );
}
