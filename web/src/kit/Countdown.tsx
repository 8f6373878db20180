import { secondsLeft, useNow } from "./clock";

interface Props {
  /** Server timestamp (ms) the countdown runs to. */
  deadline: number | null;
  /** serverNow − local time. */
  offset: number;
  /** Wording around the number, e.g. (n) => `Betting in ${n}…`. Defaults to "n s". */
  format?: (seconds: number) => string;
  /** At or below this many seconds the countdown turns urgent. */
  urgentAt?: number;
  /**
   * Local time (ms) the clock stood still at, or null/absent while it runs: a paused game
   * shows what was left then, greyed, with a pause sign instead of the clock.
   */
  frozenAt?: number | null;
  testId?: string;
}

export function Countdown({ deadline, offset, format, urgentAt = 3, frozenAt = null, testId = "countdown" }: Props) {
  const frozen = frozenAt !== null;
  const now = useNow(200, deadline !== null && !frozen);
  if (deadline === null) return null;
  const n = secondsLeft(deadline, offset, frozen ? frozenAt : now);
  const text = format ? format(n) : `${n}s`;
  const cls = frozen ? "countdown countdown--frozen" : n <= urgentAt ? "countdown countdown--urgent" : "countdown";
  return (
    <span className={cls} data-testid={testId} data-frozen={frozen} role="timer">
      {frozen ? <PauseIcon /> : <ClockIcon />}
      {text}
      {frozen && <span className="visually-hidden"> (paused)</span>}
    </span>
  );
}

/** Drawn rather than an emoji, so it looks the same on machines without an emoji font. */
function ClockIcon() {
  return (
    <svg className="countdown__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 6v3.2l2 1.3M6 1.5h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg className="countdown__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M5 3v10M11 3v10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
