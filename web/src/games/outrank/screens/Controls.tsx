import { Button } from "../../../kit/Button";
import { ConfirmButton, EndGameButton } from "../../../kit/ConfirmButton";
import { inGame, isLead } from "../game";
import { isPending } from "../reducer";
import type { ScreenProps } from "./props";

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
        <EndGameButton onEnd={() => room.send({ type: "endGame" })} disabled={busy} />
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
