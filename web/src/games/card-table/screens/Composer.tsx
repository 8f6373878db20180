import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { Button } from "../../../kit/Button";
import type { Card } from "../wire";

interface Props {
  /** Cards already played into this answer (locked by the server), shown first. */
  played: Card[];
  /** Picked but not yet played, in order. */
  picked: Card[];
  /** Slots still open: the answer's pick less what is already played. */
  room: number;
  pending: boolean;
  wager: boolean;
  onMove(from: number, to: number): void;
  onRemove(cardId: string): void;
  /** Write on a picked blank card. */
  onWrite(cardId: string, text: string): void;
  onSubmit(): void;
}

/** As the server takes it: at most this many characters on a blank card. */
const WRITE_IN_MAX = 80;

interface Drag {
  from: number;
  over: number;
  startY: number;
  dy: number;
  pointerId: number;
}

/**
 * The numbered answer slots. Order matters for a pick-2 or pick-3 prompt, so each
 * picked card can be dragged by its handle (mouse or touch), moved with the arrow
 * buttons, or moved with the arrow keys while its handle has focus.
 */
export function Composer({ played, picked, room, pending, wager, onMove, onRemove, onWrite, onSubmit }: Props) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const total = played.length + room;
  const blankLeft = picked.some((c) => c.properties.blank === true && (c.properties.text ?? "").trim() === "");
  const ready = picked.length === room && !pending && !blankLeft;
  const prefix = wager ? "wager-slot" : "slot";

  /** The picked card under the pointer, looking through the one being dragged (it follows the pointer). */
  function slotAt(x: number, y: number, from: number): number | null {
    for (const hit of document.elementsFromPoint(x, y)) {
      const el = hit.closest<HTMLElement>("[data-draft-index]");
      if (!el || !list.current?.contains(el)) continue;
      const n = Number(el.dataset.draftIndex);
      if (Number.isInteger(n) && n !== from) return n;
    }
    return null;
  }

  function down(e: PointerEvent<HTMLElement>, i: number) {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ from: i, over: i, startY: e.clientY, dy: 0, pointerId: e.pointerId });
  }

  function move(e: PointerEvent<HTMLElement>) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const over = slotAt(e.clientX, e.clientY, drag.from);
    setDrag({ ...drag, dy: e.clientY - drag.startY, over: over ?? drag.from });
  }

  function up(e: PointerEvent<HTMLElement>) {
    if (!drag || e.pointerId !== drag.pointerId) return;
    if (drag.over !== drag.from) onMove(drag.from, drag.over);
    setDrag(null);
  }

  function key(e: KeyboardEvent<HTMLElement>, i: number) {
    const to =
      e.key === "ArrowUp" || e.key === "ArrowLeft"
        ? i - 1
        : e.key === "ArrowDown" || e.key === "ArrowRight"
          ? i + 1
          : null;
    if (to === null || to < 0 || to >= picked.length) return;
    e.preventDefault();
    onMove(i, to);
    // Keep focus on the handle of the card that moved, so repeated presses keep moving it.
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-handle="${to}"]`)?.focus());
  }

  return (
    <div className="ct-composer" data-testid={wager ? "wager-composer" : "composer"}>
      <ol className="ct-slots" ref={list} aria-label={wager ? "Your wager, in order" : "Your answer, in order"}>
        {Array.from({ length: total }, (_, n) => {
          const number = n + 1;
          const lockedCard = played[n];
          if (lockedCard)
            return (
              <li
                key={`played-${lockedCard.id}`}
                className="ct-slot ct-slot--locked"
                data-testid={`${prefix}-${number}`}
              >
                <span className="ct-slot__num">{number}</span>
                <span className="ct-slot__text">{lockedCard.properties.text}</span>
                <span className="ct-slot__note">played</span>
              </li>
            );
          const i = n - played.length;
          const card = picked[i];
          if (!card)
            return (
              <li key={`empty-${number}`} className="ct-slot ct-slot--empty" data-testid={`${prefix}-${number}`}>
                <span className="ct-slot__num">{number}</span>
                <span className="ct-slot__text muted">Tap a card in your hand</span>
              </li>
            );
          const dragging = drag?.from === i;
          const cls = [
            "ct-slot",
            "ct-slot--filled",
            dragging && "is-dragging",
            drag && drag.over === i && !dragging && "is-over",
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <li
              key={card.id}
              className={cls}
              data-draft-index={i}
              data-testid={`${prefix}-${number}`}
              data-card={card.id}
              style={dragging ? { transform: `translateY(${drag.dy}px)` } : undefined}
            >
              <button
                type="button"
                className="ct-slot__handle"
                aria-label={`Card ${number}: ${card.properties.text}. Drag, or use the arrow keys, to reorder.`}
                data-handle={i}
                data-testid={`${prefix}-handle-${number}`}
                onPointerDown={(e) => down(e, i)}
                onPointerMove={move}
                onPointerUp={up}
                onPointerCancel={() => setDrag(null)}
                onKeyDown={(e) => key(e, i)}
              >
                <span className="ct-slot__num">{number}</span>
                <span className="ct-grip" aria-hidden="true">
                  ⠿
                </span>
              </button>
              {card.properties.blank === true ? (
                <input
                  type="text"
                  className="text-input ct-slot__write"
                  value={card.properties.text ?? ""}
                  maxLength={WRITE_IN_MAX}
                  placeholder="Write your answer"
                  aria-label={`Write on blank card ${number}`}
                  onChange={(e) => onWrite(card.id, e.target.value)}
                  data-testid={`${prefix}-write-${number}`}
                />
              ) : (
                <span className="ct-slot__text">{card.properties.text}</span>
              )}
              <span className="ct-slot__tools">
                {total > 1 && (
                  <>
                    <button
                      type="button"
                      className="ct-icon-btn"
                      onClick={() => onMove(i, i - 1)}
                      disabled={i === 0}
                      aria-label={`Move card ${number} up`}
                      data-testid={`${prefix}-up-${number}`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="ct-icon-btn"
                      onClick={() => onMove(i, i + 1)}
                      disabled={i === picked.length - 1}
                      aria-label={`Move card ${number} down`}
                      data-testid={`${prefix}-down-${number}`}
                    >
                      ↓
                    </button>
                  </>
                )}
                <button
                  type="button"
                  className="ct-icon-btn"
                  onClick={() => onRemove(card.id)}
                  aria-label={`Put card ${number} back in your hand`}
                  data-testid={`${prefix}-remove-${number}`}
                >
                  ×
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="row row--wrap">
        <Button
          variant="primary"
          size="lg"
          onClick={onSubmit}
          disabled={!ready}
          testId={wager ? "submit-wager" : "submit-cards"}
        >
          {pending
            ? "Sending…"
            : wager
              ? "Wager a point on it"
              : room === 1 && played.length === 0
                ? "Submit card"
                : "Submit cards"}
        </Button>
        <span className="muted small" data-testid={wager ? "wager-count" : "pick-progress"}>
          {picked.length} of {room} chosen
        </span>
      </div>
    </div>
  );
}
