import { useState } from "react";
import { Button } from "../../../kit/Button";

/**
 * A gamemaster's action that cannot be taken back (skip a turn, remove a player): the first
 * press asks, in words, what will happen; only the second does it. The parent gives it a
 * `key` of what it acts on, so a question left open never carries over to another turn or
 * player.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  testId,
  compact = false,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  /** Resolves true when the server accepted it (a refusal arrives as a toast). */
  onConfirm(): Promise<boolean>;
  testId: string;
  /** A small button, for a row of a list. */
  compact?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <Button
        variant="ghost"
        className={compact ? "sr-confirm__open--compact" : undefined}
        onClick={() => setAsking(true)}
        testId={testId}
      >
        {label}
      </Button>
    );
  const confirm = async () => {
    setBusy(true);
    await onConfirm();
    setBusy(false);
    setAsking(false);
  };
  return (
    <div className="sr-confirm note" data-testid={`${testId}-question`}>
      <p>{question}</p>
      <div className="row row--wrap">
        <Button variant="danger" disabled={busy} onClick={() => void confirm()} testId={`${testId}-confirm`}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setAsking(false)} testId={`${testId}-cancel`}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
