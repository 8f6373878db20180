import { useId } from "react";
import { cellIcon } from "./board";
import type { BingoView } from "./wire";

interface Props {
  state: BingoView;
  open: boolean;
  onToggle(): void;
  /** The cell the keyboard's focus ring is on, marked in the list. */
  cursor: number;
}

/**
 * What each cell means, in full, without spending a life to find out: on a phone the cells
 * show only short labels ("PWI", "SRH + IPL"). A toggle under the turn buttons (or the I
 * key) opens a list of the cells in grid order, each with a small map of where it sits, its
 * icon and short label as the cell shows them, and its full meaning. Reading it changes
 * nothing in the game.
 */
export function Legend({ state, open, onToggle, cursor }: Props) {
  const listId = useId();
  const size = state.gridSize;
  return (
    <section className="legend" aria-label="What the cells mean">
      <button
        type="button"
        className="legend__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        data-testid="bingo-legend-toggle"
      >
        <span aria-hidden="true" className="legend__i">
          i
        </span>
        {open ? "Hide what the cells mean" : "What the cells mean"}
      </button>
      {open && (
        <ol id={listId} className="legend__list" data-testid="bingo-legend">
          {state.grid.map((c, i) => {
            const placed = state.placements[c.id];
            const row = Math.floor(i / size) + 1;
            const col = (i % size) + 1;
            return (
              <li
                key={c.id}
                className={i === cursor ? "legend__item legend__item--at" : "legend__item"}
                data-testid={`legend-${c.id}`}
                data-filled={placed ? "yes" : undefined}
              >
                <span
                  className="legend__map"
                  style={{ gridTemplateColumns: `repeat(${size}, 1fr)` }}
                  role="img"
                  aria-label={`Row ${row}, column ${col}`}
                >
                  {state.grid.map((other, j) => (
                    <span key={other.id} className={j === i ? "legend__dot legend__dot--on" : "legend__dot"} />
                  ))}
                </span>
                <span className="legend__short" aria-hidden="true">
                  <span className="legend__icon">{cellIcon(c)}</span> {c.shortLabel}
                </span>
                <span className="legend__full">
                  {c.label}
                  {placed && <span className="legend__filled"> · filled: {placed.name}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
