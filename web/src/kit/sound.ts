import { useSyncExternalStore } from "react";
import { store, stored } from "./storage";

/**
 * Short sounds made on the spot with Web Audio (no files to fetch), and a buzz on phones
 * that can. One mute switch for every game, remembered by the browser.
 */
export type Cue = "buzz" | "right" | "wrong" | "tick" | "turn";

const NOTES: Record<Cue, { freq: number[]; ms: number; type: OscillatorType; vibrate: number[] }> = {
  buzz: { freq: [220, 180], ms: 220, type: "square", vibrate: [60] },
  right: { freq: [660, 880], ms: 260, type: "sine", vibrate: [30, 40, 30] },
  wrong: { freq: [240, 160], ms: 320, type: "sawtooth", vibrate: [120] },
  tick: { freq: [990], ms: 70, type: "sine", vibrate: [15] },
  turn: { freq: [523, 659], ms: 200, type: "triangle", vibrate: [40] },
};

const KEY = "parlor.muted";
const listeners = new Set<() => void>();
let audio: AudioContext | null = null;

export const isMuted = (): boolean => stored(KEY) === "1";

export function setMuted(muted: boolean): void {
  store(KEY, muted ? "1" : "0");
  for (const l of listeners) l();
}

export function useMuted(): boolean {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, isMuted);
}

export function play(cue: Cue): void {
  if (isMuted()) return;
  const n = NOTES[cue];
  if (typeof navigator.vibrate === "function") navigator.vibrate(n.vibrate);
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
    const t = audio.currentTime;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.15, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + n.ms / 1000);
    gain.connect(audio.destination);
    n.freq.forEach((f, i) => {
      const osc = audio!.createOscillator();
      osc.type = n.type;
      const start = t + (i * n.ms) / (1000 * n.freq.length);
      osc.frequency.setValueAtTime(f, start);
      osc.connect(gain);
      osc.start(start);
      osc.stop(t + n.ms / 1000);
    });
  } catch {
    // No audio here (blocked, or no Web Audio): the game goes on silently.
  }
}
