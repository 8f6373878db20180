import { useState } from "react";
import { Button } from "../../../kit/Button";

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/**
 * Roll: the server rolls (docs/games/serpent-race.md, Decisions D1), or, in a room with
 * real dice, the player taps what their die shows.
 */
export function DicePanel({
  physical,
  extra,
  onRoll,
}: {
  physical: boolean;
  extra: boolean;
  onRoll(value?: number): Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const roll = async (value?: number) => {
    setBusy(true);
    if (!(await onRoll(value))) setBusy(false);
  };
  return (
    <div className="stack sr-dice" data-testid="dice-panel">
      <p className="sr-your-turn" data-testid="your-turn">
        {extra ? "Extra turn! Roll again." : "Your turn!"}
      </p>
      {physical ? (
        <>
          <p className="muted">Roll your die, then tap the number it shows.</p>
          <div className="sr-faces">
            {FACES.map((face, i) => (
              <button
                key={face}
                type="button"
                className="sr-face"
                disabled={busy}
                onClick={() => void roll(i + 1)}
                aria-label={`I rolled ${i + 1}`}
                data-testid={`die-${i + 1}`}
              >
                <span className="sr-face__pips" aria-hidden="true">
                  {face}
                </span>
                <span className="sr-face__num">{i + 1}</span>
              </button>
            ))}
          </div>
        </>
      ) : (
        <div>
          <Button variant="primary" size="xl" disabled={busy} onClick={() => void roll()} testId="roll" autoFocus>
            {busy ? "Rolling…" : "Roll the die"}
          </Button>
        </div>
      )}
    </div>
  );
}

/** A die face for the last roll. */
export function DieFace({ value }: { value: number }) {
  return (
    <span className="sr-die" role="img" aria-label={`a ${value}`} data-testid="die-face">
      {value}
    </span>
  );
}
