import { setMuted, useMuted } from "./sound";

/** Sound on or off, for every game in this browser. */
export function MuteSwitch() {
  const muted = useMuted();
  return (
    <button
      type="button"
      className="mute-switch"
      aria-pressed={muted}
      onClick={() => setMuted(!muted)}
      data-testid="mute-switch"
      title={muted ? "Sound is off" : "Sound is on"}
    >
      {muted ? "Sound off" : "Sound on"}
    </button>
  );
}
