import { useEffect } from "react";
import { Button } from "../../../kit/Button";
import { claimSign, formatValue, heldOf, setOptions } from "../game";
import { isPending, type OutrankClient } from "../reducer";
import type { Guess, OutrankView, PlayerView, TokenView } from "../wire";

interface Props {
  s: OutrankClient;
  v: OutrankView;
  me: PlayerView;
  picked: TokenView | null;
  full: boolean;
  onGuess(g: Guess): void;
  onClear(): void;
  onPass(): void;
  onOpen(panel: "cash" | "discard"): void;
}

/**
 * Your turn, kept at the bottom of the screen: the comparison, HIGHER and LOWER as big
 * buttons (H and L on a keyboard), and the other choices: cash out, discard at the limit, pass.
 */
export function TurnDock({ s, v, me, picked, full, onGuess, onClear, onPass, onOpen }: Props) {
  const busy = isPending(s, "draftGuess", "cashOut", "discard", "pass");
  const center = v.centerToken;
  const unit = v.currentChallenge?.unit ?? "";
  const centerValue = center?.value === undefined ? "?" : formatValue(center.value, unit);
  const direction = v.currentChallenge?.direction ?? "higher";
  const canCash = setOptions(heldOf(me)).length > 0;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      const el = e.target as HTMLElement | null;
      if (
        el &&
        (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable)
      )
        return;
      const k = e.key.toLowerCase();
      if (k === "escape" && picked) onClear();
      if (!picked || busy || full) return;
      if (k === "h") {
        e.preventDefault();
        onGuess("higher");
      } else if (k === "l") {
        e.preventDefault();
        onGuess("lower");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [picked, busy, full, onGuess, onClear]);

  return (
    <section className="or-dock" data-testid="turn-dock" aria-label="Your turn">
      <p className="or-dock__prompt" data-testid="compare">
        {full ? (
          <>
            You hold {me.hand.length + me.thisRound.length} of {v.settings.handLimit} tokens: cash out a set, discard,
            or pass.
          </>
        ) : picked ? (
          <>
            Is <strong>{picked.name}</strong> higher or lower than <strong>{center?.name}</strong> ({centerValue})?
          </>
        ) : (
          <>Tap a token in the pool, then call HIGHER or LOWER than {centerValue}.</>
        )}
      </p>
      {!full && (
        <div className="or-guess">
          <button
            type="button"
            className="or-guess__btn or-guess__btn--higher"
            onClick={() => onGuess("higher")}
            disabled={!picked || busy}
            aria-keyshortcuts="H"
            data-testid="guess-higher"
          >
            <span className="or-guess__word">
              <span aria-hidden="true">▲ </span>HIGHER
            </span>
            <span className="or-guess__cmp">
              <span className="or-guess__name">{picked ? picked.name : "token"}</span> {claimSign(direction, "higher")}{" "}
              {centerValue}
            </span>
          </button>
          <button
            type="button"
            className="or-guess__btn or-guess__btn--lower"
            onClick={() => onGuess("lower")}
            disabled={!picked || busy}
            aria-keyshortcuts="L"
            data-testid="guess-lower"
          >
            <span className="or-guess__word">
              <span aria-hidden="true">▼ </span>LOWER
            </span>
            <span className="or-guess__cmp">
              <span className="or-guess__name">{picked ? picked.name : "token"}</span> {claimSign(direction, "lower")}{" "}
              {centerValue}
            </span>
          </button>
        </div>
      )}
      <div className="or-dock__tools">
        <Button onClick={() => onOpen("cash")} disabled={!canCash || busy} testId="open-cashout">
          Cash out a set
        </Button>
        {full && (
          <Button onClick={() => onOpen("discard")} disabled={busy} testId="open-discard">
            Discard
          </Button>
        )}
        <Button variant="ghost" onClick={onPass} disabled={busy} testId="pass">
          Pass
        </Button>
        <span className="or-dock__keys muted small" aria-hidden="true">
          <kbd>H</kbd> higher · <kbd>L</kbd> lower
        </span>
      </div>
    </section>
  );
}
