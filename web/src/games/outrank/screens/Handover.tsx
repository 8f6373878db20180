import { useEffect, useRef } from "react";
import { meOf } from "../game";
import { RevealCard } from "./Board";
import { Marker } from "./Players";
import type { ScreenProps } from "./props";

/**
 * One table: between turns the screen hides the next player's choices until that player
 * says they hold the device. What just happened stays on show for everyone.
 */
export function Handover({ s, v, room }: ScreenProps) {
  const next = meOf(v);
  const card = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const who = next?.id;
  // The page may be scrolled far down (the lobby's start button, the last turn's dock): bring
  // the name to the top of the screen, and focus the button without scrolling it away again.
  useEffect(() => {
    if (who === undefined) return;
    card.current?.scrollIntoView({ block: "start" });
    button.current?.focus({ preventScroll: true });
  }, [who]);
  if (!next) return null;
  const choosing = v.phase === "challenge";
  return (
    <section className="or-stage stack" data-testid="handover" data-player={next.id}>
      <div ref={card} className="card stack center or-handover">
        <p className="eyebrow">Pass the device</p>
        <h1 className="or-handover__name">
          {choosing && <Marker big />}
          {next.name}
        </h1>
        <p className="muted">
          {choosing
            ? `${next.name} holds the First Guesser marker and picks this round's challenge.`
            : `It is ${next.name}'s turn.`}{" "}
          Hand over the device; the choices stay hidden until {next.name} taps below.
        </p>
        <button
          ref={button}
          type="button"
          className="btn btn--primary btn--xl or-ready"
          onClick={() => room.dispatch({ kind: "ready", playerId: next.id })}
          data-testid="ready"
        >
          I'm ready
        </button>
        <span className="muted small">I am {next.name}</span>
      </div>
      {s.reveal && <RevealCard s={s} v={v} />}
    </section>
  );
}
