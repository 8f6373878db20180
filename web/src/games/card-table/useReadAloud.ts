import { useEffect, useRef, useState } from "react";
import { store, stored } from "../../kit/storage";
import { type Reading, readingOf } from "./read-aloud";
import type { GameStateView } from "./wire";

const KEY = "parlor.cards.readAloud";

/** Whether this browser reads the cards aloud (kept between visits; off by default), and the switch. */
export function useReadAloudSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => stored(KEY) === "on");
  return [
    on,
    (next: boolean) => {
      store(KEY, next ? "on" : "off");
      setOn(next);
      if (!next) window.speechSynthesis?.cancel();
    },
  ];
}

/** Say each new reading of the view (read-aloud.ts) while `on`; nothing where the browser cannot speak. */
export function useReadAloud(v: GameStateView, on: boolean): void {
  const said = useRef<string | null>(null);
  // The latest reading, for the effect below, which runs only when a new one comes (by its key).
  const reading = useRef<Reading | null>(null);
  reading.current = readingOf(v);
  const key = reading.current?.key ?? null;
  useEffect(() => {
    const synth = typeof window === "undefined" ? undefined : window.speechSynthesis;
    const now = reading.current;
    if (!on || key === null || !now || !synth || said.current === key) return;
    said.current = key;
    synth.cancel();
    for (const line of now.lines) synth.speak(new SpeechSynthesisUtterance(line));
  }, [on, key]);
}
