import { Button } from "../../../kit/Button";
import { ConfirmButton, EndGameButton } from "../../../kit/ConfirmButton";
import { isPending } from "../reducer";
import { isLead, meOf, PHASE } from "../table";
import type { ScreenProps } from "./props";

/** The lead's running-game controls: pause or resume, hurry a round along, end the game. */
export function LeadControls({ s, v, room }: ScreenProps) {
  if (!isLead(v) || (v.status !== "playing" && v.status !== "paused")) return null;
  const busy = isPending(s, "pauseGame", "resumeGame", "endGame", "setPhase", "nextTurn");
  const playing = v.status === "playing";
  return (
    <section className="ct-panel" aria-labelledby="lead-controls" data-testid="lead-controls">
      <h2 className="ct-panel__title" id="lead-controls">
        You lead this table
      </h2>
      <div className="ct-tools">
        {playing ? (
          <Button onClick={() => room.send({ type: "pauseGame" })} disabled={busy} testId="pause">
            Pause
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={() => room.send({ type: "resumeGame" })}
            // An automatic pause (too few players) lifts itself; an exhausted deck only ends.
            disabled={busy || v.pausedReason === "exhausted" || v.pausedReason === "insufficient"}
            testId="resume"
          >
            Resume
          </Button>
        )}
        {playing && v.currentPhase === PHASE.SUBMIT && (
          <Button
            onClick={() => room.send({ type: "setPhase", phaseId: PHASE.REVEAL })}
            disabled={busy}
            testId="force-reveal"
          >
            Reveal answers now
          </Button>
        )}
        {playing && (v.currentPhase === PHASE.PROMPT || v.currentPhase === PHASE.JUDGE) && (
          <Button onClick={() => room.send({ type: "nextTurn" })} disabled={busy} testId="skip-judge">
            Pass the judge on
          </Button>
        )}
        <LockControl s={s} v={v} room={room} />
        <EndGameButton onEnd={() => room.send({ type: "endGame" })} disabled={busy} />
      </div>
    </section>
  );
}

/**
 * The lead keeps newcomers out, or lets them in again
 * (docs/games/card-table.md, Decisions D5). The state is spelled out beside the button,
 * so nobody has to guess which way it is.
 */
export function LockControl({ s, v, room }: ScreenProps) {
  if (!isLead(v) || v.status === "ended") return null;
  const locked = v.locked === true;
  return (
    <div className="ct-lock" data-testid="lock-control" data-locked={locked}>
      <span className={locked ? "ct-lock__state ct-lock__state--on" : "ct-lock__state"} data-testid="lock-state">
        {locked ? "Locked: newcomers can only watch." : "Open: anyone with the code can sit down."}
      </span>
      <Button
        variant={locked ? "primary" : "secondary"}
        onClick={() => room.send({ type: "lockTable", locked: !locked })}
        disabled={isPending(s, "lockTable")}
        testId={locked ? "unlock-table" : "lock-table"}
      >
        {locked ? "Unlock table" : "Lock table"}
      </Button>
    </div>
  );
}

/** Everyone else sees that the table is closed to newcomers. */
export function LockedBadge({ v }: { v: ScreenProps["v"] }) {
  if (!v.locked || isLead(v)) return null;
  return (
    <span className="ct-badge ct-badge--locked" data-testid="locked-badge">
      Locked
    </span>
  );
}

/** The viewer's own seat: step away for a while, or leave the table for good. */
export function SeatControls({ s, v, room, onLeave }: ScreenProps & { onLeave(): void }) {
  const me = meOf(v);
  if (!me) return null;
  const away = me.presence === "away";
  return (
    <div className="ct-tools" data-testid="seat-controls">
      {(v.status === "playing" || v.status === "paused") && (
        <Button
          variant="ghost"
          onClick={() => room.send({ type: "setPresence", presence: away ? "active" : "away" })}
          disabled={isPending(s, "setPresence")}
          testId={away ? "back" : "step-away"}
        >
          {away ? "I'm back" : "Step away"}
        </Button>
      )}
      <ConfirmButton
        label="Leave table"
        confirmLabel="Leave for good"
        onConfirm={onLeave}
        testId="leave"
        variant="ghost"
      />
    </div>
  );
}
