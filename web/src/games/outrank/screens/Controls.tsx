import { useEffect, useState } from "react";
import { Button } from "../../../kit/Button";
import { inGame, isLead } from "../game";
import { isPending } from "../reducer";
import type { ScreenProps } from "./props";

const ARMED_MS = 5000;

/** A destructive action in two presses: the first arms it, the second (within a few seconds) does it. */
export function ConfirmButton(props: {
  label: string;
  confirmLabel: string;
  onConfirm(): void;
  testId: string;
  disabled?: boolean;
  variant?: "danger" | "ghost" | "secondary";
}) {
  const { label, confirmLabel, onConfirm, testId, disabled, variant = "danger" } = props;
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const id = window.setTimeout(() => setArmed(false), ARMED_MS);
    return () => window.clearTimeout(id);
  }, [armed]);
  if (!armed)
    return (
      <Button variant={variant} onClick={() => setArmed(true)} disabled={disabled} testId={testId}>
        {label}
      </Button>
    );
  return (
    <span className="or-confirm">
      <Button
        variant="danger"
        autoFocus
        onClick={() => {
          setArmed(false);
          onConfirm();
        }}
        disabled={disabled}
        testId={`${testId}-confirm`}
      >
        {confirmLabel}
      </Button>
      <Button variant="ghost" onClick={() => setArmed(false)} testId={`${testId}-cancel`}>
        Cancel
      </Button>
    </span>
  );
}

/** The lead's controls during a game: pause or resume, end it. */
export function LeadControls({ s, v, room }: ScreenProps) {
  if (!isLead(v) || !inGame(v)) return null;
  const busy = isPending(s, "pauseGame", "resumeGame", "endGame");
  return (
    <section className="or-panel" aria-labelledby="or-lead-title" data-testid="lead-controls">
      <h2 className="or-panel__title" id="or-lead-title">
        {v.mode === "table" ? "Table controls" : "You lead this game"}
      </h2>
      <div className="or-tools">
        {v.paused ? (
          <Button
            variant="primary"
            onClick={() => room.send({ type: "resumeGame" })}
            disabled={busy || v.paused === "insufficient"}
            testId="resume"
          >
            Resume
          </Button>
        ) : (
          <Button onClick={() => room.send({ type: "pauseGame" })} disabled={busy} testId="pause">
            Pause
          </Button>
        )}
        <ConfirmButton
          label="End game"
          confirmLabel="Yes, end it now"
          onConfirm={() => room.send({ type: "endGame" })}
          disabled={busy}
          testId="end-game"
        />
      </div>
    </section>
  );
}

/** The viewer's own seat: leave the game for good. */
export function SeatControls({ s, v, onLeave }: ScreenProps & { onLeave(): void }) {
  if (v.seat === null || s.removed) return null;
  const table = v.mode === "table";
  return (
    <div className="or-tools" data-testid="seat-controls">
      <ConfirmButton
        label={table ? "Close this table" : "Leave game"}
        confirmLabel={table ? "Close it for everyone" : "Leave for good"}
        onConfirm={onLeave}
        testId="leave"
        variant="ghost"
      />
    </div>
  );
}
