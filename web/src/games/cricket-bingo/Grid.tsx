import { type CSSProperties, type KeyboardEvent, useEffect, useRef } from "react";
import { cellIcon, lineGeometry, moveCursor } from "./board";
import type { BingoView } from "./wire";

/** A cell to animate once: `n` changes on every event so the same cell can shake twice in a row. */
export interface CellFlash {
  cellId: string;
  kind: "wrong" | "right" | "wild";
  n: number;
}

interface Props {
  state: BingoView;
  /** Assisted games only (docs/games/cricket-bingo.md, Decisions D5): classic games never highlight anything. */
  assisted: boolean;
  wildcardMode: boolean;
  playing: boolean;
  /** A turn is on its way to the server: taps wait. */
  busy: boolean;
  cursor: number;
  onCursor(i: number): void;
  onCell(categoryId: string): void;
  flash: CellFlash | null;
}

/**
 * The day's grid: one button per category, row-major, with a roving focus (arrow keys move
 * it, Enter or Space presses the cell). Filled cells show their player; the win line is
 * drawn over the grid when the game is won.
 */
export function Grid({ state, assisted, wildcardMode, playing, busy, cursor, onCursor, onCell, flash }: Props) {
  const size = state.gridSize;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // In wildcard mode every empty cell is gold instead: the hints would only clutter it.
  const hints = assisted && playing && !wildcardMode;
  const eligible = new Set(hints ? (state.eligibleCells ?? []) : []);
  const recommended = hints ? (state.recommendedCell ?? null) : null;
  const winCells = new Set(state.winLine?.cells ?? []);
  const line = state.winLine ? lineGeometry(state.winLine.cells, size) : null;

  // Keep the roving focus where the keyboard left it when the grid re-renders mid-game.
  const focusWanted = useRef(false);
  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    refs.current[cursor]?.focus();
  }, [cursor]);

  function onKey(e: KeyboardEvent<HTMLFieldSetElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = moveCursor(cursor, e.key, size);
    if (next === cursor && !e.key.startsWith("Arrow")) return;
    e.preventDefault();
    focusWanted.current = true;
    onCursor(next);
    if (next === cursor) refs.current[cursor]?.focus();
  }

  return (
    <div className="bingo-grid-wrap">
      <fieldset
        className={[
          "bingo-grid",
          `bingo-grid--${size}`,
          wildcardMode ? "bingo-grid--wild" : "",
          hints ? "bingo-grid--assisted" : "",
        ]
          .filter(Boolean)
          .join(" ")}
        onKeyDown={onKey}
        aria-busy={busy}
        data-testid="bingo-grid"
      >
        <legend className="visually-hidden">
          The {size} by {size} grid
        </legend>
        {state.grid.map((c, i) => {
          const placed = state.placements[c.id];
          const isWin = winCells.has(i);
          const isEligible = eligible.has(c.id);
          const isRecommended = recommended === c.id;
          const flashing = flash?.cellId === c.id ? flash : null;
          const cls = [
            "cell",
            placed ? (placed.by === "wildcard" ? "cell--wildcard" : "cell--placed") : "cell--open",
            !placed && wildcardMode ? "cell--wild-target" : "",
            isEligible ? "cell--eligible" : "",
            hints && !placed && !isEligible ? "cell--dim" : "",
            isRecommended ? "cell--recommended" : "",
            isWin ? "cell--win" : "",
            flashing ? `cell--${flashing.kind} cell--${flashing.kind}-${flashing.n % 2}` : "",
          ]
            .filter(Boolean)
            .join(" ");
          const winOrder = state.winLine ? state.winLine.cells.indexOf(i) : -1;
          const label = placed
            ? `${c.label}: ${placed.name}${placed.by === "wildcard" ? " (wildcard)" : ""}`
            : `${c.label}${isRecommended ? ", recommended" : isEligible ? ", fits this card" : ""}${wildcardMode ? ", place the wildcard here" : ""}`;
          return (
            <button
              key={c.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              className={cls}
              style={winOrder >= 0 ? ({ "--win-order": winOrder } as CSSProperties) : undefined}
              tabIndex={i === cursor ? 0 : -1}
              aria-label={label}
              aria-disabled={!playing || busy || Boolean(placed)}
              onFocus={() => onCursor(i)}
              onClick={() => onCell(c.id)}
              data-testid={`cell-${c.id}`}
              data-index={i}
              data-state={placed ? placed.by : "open"}
              data-eligible={isEligible || undefined}
              data-recommended={isRecommended || undefined}
              data-flash={flashing?.kind}
            >
              {placed ? (
                <>
                  <span className="cell__tag" aria-hidden="true">
                    {c.shortLabel}
                  </span>
                  <span className="cell__player" aria-hidden="true">
                    <span className="cell__flag">{placed.countryFlag}</span> {placed.name}
                  </span>
                </>
              ) : (
                <>
                  <span className="cell__icon" aria-hidden="true">
                    {cellIcon(c)}
                  </span>
                  <span className="cell__label cell__label--short" aria-hidden="true">
                    {c.shortLabel}
                  </span>
                  <span className="cell__label cell__label--long" aria-hidden="true">
                    {c.label}
                  </span>
                  {isRecommended && (
                    <span className="cell__star" aria-hidden="true">
                      ★
                    </span>
                  )}
                </>
              )}
            </button>
          );
        })}
      </fieldset>
      {line && (
        <svg
          className="win-line"
          viewBox={`0 0 ${size} ${size}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="win-line"
        >
          <line x1={line.x1} y1={line.y1} x2={line.x2} y2={line.y2} pathLength={1} vectorEffect="non-scaling-stroke" />
        </svg>
      )}
    </div>
  );
}
