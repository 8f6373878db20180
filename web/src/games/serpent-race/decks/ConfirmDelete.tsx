import { useEffect, useState } from "react";
import { Button } from "../../../kit/Button";

const ARMED_MS = 6000;

/**
 * Deleting in two presses: the first asks, the second (within a few seconds) deletes. No
 * browser dialog, so it works the same by keyboard, touch and in tests.
 */
export function ConfirmDelete({ name, onConfirm, disabled }: { name: string; onConfirm(): void; disabled?: boolean }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const id = window.setTimeout(() => setArmed(false), ARMED_MS);
    return () => window.clearTimeout(id);
  }, [armed]);
  if (!armed)
    return (
      <Button variant="danger" onClick={() => setArmed(true)} disabled={disabled} testId="deck-delete">
        Delete
      </Button>
    );
  return (
    <span className="sd-confirm">
      <span className="visually-hidden">Delete “{name}”?</span>
      <Button
        variant="danger"
        autoFocus
        onClick={() => {
          setArmed(false);
          onConfirm();
        }}
        disabled={disabled}
        testId="deck-delete-confirm"
      >
        Yes, delete it
      </Button>
      <Button variant="ghost" onClick={() => setArmed(false)}>
        Keep it
      </Button>
    </span>
  );
}
