import { type PointerEvent as ReactPointerEvent, useRef, useState } from "react";
import { Button } from "../../../kit/Button";
import { pairingAnswer, place, unplaced } from "../answers";
import type { CardData } from "../wire";

type Pairs = NonNullable<CardData["sentencePairs"]>;

/** Further than this (px) and a press on a right part is a drag, not a tap. */
const DRAG_PX = 8;

interface Drag {
  index: number;
  pointerId: number;
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  moved: boolean;
}

/**
 * SENTENCE_PAIRING: the left parts stay in order, each with a slot; the right parts (in
 * the server's scrambled order) wait below. Drag a right part onto a slot, or tap one and
 * then a slot (or the other way round), by mouse, finger or keyboard. A filled slot tapped
 * gives its part back.
 */
export function Pairing({ pairs, onSubmit }: { pairs: Pairs; onSubmit(answer: unknown): Promise<boolean> }) {
  const [matches, setMatches] = useState<Map<string, number>>(new Map());
  const [picked, setPicked] = useState<number | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  /** A drag ends with a click on the part it moved; that click is not a tap. */
  const draggedRef = useRef(false);

  const put = (pairId: string, right: number) => {
    setMatches((m) => place(m, pairId, right));
    setPicked(null);
    setSlot(null);
  };
  const pickRight = (i: number) => {
    if (slot !== null) put(slot, i);
    else setPicked(picked === i ? null : i);
  };
  const tapSlot = (pairId: string) => {
    if (picked !== null) return put(pairId, picked);
    if (matches.has(pairId)) {
      const next = new Map(matches);
      next.delete(pairId);
      setMatches(next);
      return;
    }
    setSlot(slot === pairId ? null : pairId);
  };

  const down = (i: number) => (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    const d = { index: i, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moved: false };
    dragRef.current = d;
    draggedRef.current = false;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const dx = e.clientX - d.x0;
    const dy = e.clientY - d.y0;
    const next = { ...d, dx, dy, moved: d.moved || Math.hypot(dx, dy) > DRAG_PX };
    dragRef.current = next;
    if (next.moved) setDrag(next);
  };
  const up = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const d = dragRef.current;
    dragRef.current = null;
    setDrag(null);
    if (!d || d.pointerId !== e.pointerId || !d.moved) return;
    // Dropped: the slot under the finger (the dragged part itself is skipped).
    const target = document
      .elementsFromPoint(e.clientX, e.clientY)
      .map((el) => (el as HTMLElement).closest<HTMLElement>("[data-slot]"))
      .find((el) => el !== null);
    const pairId = target?.dataset.slot;
    // Dropped on a slot, the part leaves the pool (no click follows); elsewhere, its click is no tap.
    draggedRef.current = !pairId;
    if (pairId) put(pairId, d.index);
  };
  const click = (i: number) => () => {
    if (draggedRef.current) {
      draggedRef.current = false;
      return;
    }
    pickRight(i);
  };

  const pool = unplaced(pairs.length, matches);
  const done = pool.length === 0;
  return (
    <>
      <p className="muted small">Drag each answer onto its match, or tap an answer and then its place.</p>
      <ol className="sr-pairs" data-testid="pairs">
        {pairs.map((p) => {
          const placed = matches.get(p.id);
          const waiting = slot === p.id;
          return (
            <li key={p.id} className="sr-pair">
              <span className="sr-pair__left">{p.left}</span>
              <button
                type="button"
                className={[
                  "sr-slot",
                  placed !== undefined ? "is-filled" : "",
                  waiting ? "is-waiting" : "",
                  picked !== null ? "is-target" : "",
                ]
                  .filter(Boolean)
                  .join(" ")}
                data-slot={p.id}
                onClick={() => tapSlot(p.id)}
                aria-label={
                  placed !== undefined
                    ? `${p.left} matched with ${pairs[placed]?.right}: tap to take it back`
                    : `${p.left}: ${picked !== null ? `put ${pairs[picked]?.right} here` : "choose its match"}`
                }
                data-testid={`slot-${p.id}`}
              >
                {placed !== undefined ? (
                  pairs[placed]?.right
                ) : (
                  <span className="muted">{waiting ? "now tap an answer" : "…"}</span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      <fieldset className="sr-right-pool sr-bare" data-testid="right-pool">
        <legend className="visually-hidden">Answers to place</legend>
        {pool.length === 0 ? (
          <span className="muted small">All placed. Tap a match to change it.</span>
        ) : (
          pool.map((i) => {
            const dragging = drag?.index === i;
            return (
              <button
                key={i}
                type="button"
                className={["sr-right", picked === i ? "is-on" : "", dragging ? "is-dragging" : ""]
                  .filter(Boolean)
                  .join(" ")}
                style={dragging ? { transform: `translate(${drag.dx}px, ${drag.dy}px)` } : undefined}
                aria-pressed={picked === i}
                onPointerDown={down(i)}
                onPointerMove={move}
                onPointerUp={up}
                onPointerCancel={() => {
                  dragRef.current = null;
                  setDrag(null);
                }}
                onClick={click(i)}
                data-testid={`right-${i}`}
                data-text={pairs[i]?.right}
              >
                {pairs[i]?.right}
              </button>
            );
          })
        )}
      </fieldset>
      <div>
        <Button
          variant="primary"
          size="lg"
          disabled={!done}
          onClick={() => void onSubmit(pairingAnswer(pairs, matches))}
          testId="answer-submit"
        >
          Submit answer
        </Button>
      </div>
    </>
  );
}
