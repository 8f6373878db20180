import { useEffect, useState } from "react";
import { Button } from "../../../kit/Button";

interface Props {
  label: string;
  /** The second button's wording, e.g. "Yes, end it". */
  confirmLabel: string;
  onConfirm(): void;
  testId: string;
  disabled?: boolean;
  variant?: "danger" | "ghost" | "secondary";
}

const ARMED_MS = 5000;

/**
 * A destructive action in two presses: the first arms it, the second (within a few
 * seconds) does it. No browser dialog, so it stays keyboard- and test-friendly.
 */
export function ConfirmButton({ label, confirmLabel, onConfirm, testId, disabled, variant = "danger" }: Props) {
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
    <span className="ct-confirm">
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
