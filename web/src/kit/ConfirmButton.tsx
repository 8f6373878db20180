import { useEffect, useState } from "react";
import { Button } from "./Button";

interface Props {
  label: string;
  /** The second button's wording, e.g. "Yes, end it". */
  confirmLabel: string;
  onConfirm(): void;
  testId: string;
  disabled?: boolean;
  variant?: "danger" | "ghost" | "secondary";
  cancelLabel?: string;
  /** Said to screen readers once armed ("Delete “Quiz night”?"). */
  question?: string;
  className?: string;
  armedMs?: number;
}

/**
 * A destructive action in two presses: the first arms it, the second (within a few
 * seconds) does it. No browser dialog, so it works the same by keyboard, touch and in tests.
 */
export function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  testId,
  disabled,
  variant = "danger",
  cancelLabel = "Cancel",
  question,
  className,
  armedMs = 5000,
}: Props) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const id = window.setTimeout(() => setArmed(false), armedMs);
    return () => window.clearTimeout(id);
  }, [armed, armedMs]);
  if (!armed)
    return (
      <Button variant={variant} onClick={() => setArmed(true)} disabled={disabled} testId={testId}>
        {label}
      </Button>
    );
  return (
    <span className={className ? `confirm ${className}` : "confirm"}>
      {question && <span className="visually-hidden">{question}</span>}
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
        {cancelLabel}
      </Button>
    </span>
  );
}

/**
 * A lead's action on one player at the table ("Kick", "Remove"), in that player's row, asked
 * twice; its test id is the verb and the player's id (`kick-P2`).
 */
export function PlayerAction(props: {
  verb: string;
  player: { id: string; name: string };
  act(playerId: string): void;
  className: string;
}) {
  const { verb, player } = props;
  return (
    <span className={props.className}>
      <ConfirmButton
        label={verb}
        confirmLabel={`${verb} ${player.name}`}
        onConfirm={() => props.act(player.id)}
        testId={`${verb.toLowerCase()}-${player.id}`}
        variant="ghost"
      />
    </span>
  );
}

/** The lead ends the game for everyone, asked twice. */
export const EndGameButton = ({ onEnd, disabled }: { onEnd(): void; disabled: boolean }) => (
  <ConfirmButton
    label="End game"
    confirmLabel="Yes, end it now"
    onConfirm={onEnd}
    disabled={disabled}
    testId="end-game"
  />
);
