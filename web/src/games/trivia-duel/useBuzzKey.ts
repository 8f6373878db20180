import { useEffect } from "react";
import { paused, type TriviaClient } from "./reducer";
import type { ClientIntent } from "./wire";

/** Fields where Space is a character, not a buzz. */
function isTextField(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  if (t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return true;
  if (t instanceof HTMLInputElement) return !["button", "checkbox", "radio", "submit", "reset"].includes(t.type);
  return false;
}

/** Space buzzes while this player's buzzer is live, wherever focus is (except text fields). */
export function useBuzzKey(s: TriviaClient, send: (i: ClientIntent) => void): void {
  const live =
    s.phase === "CLUE" && s.you !== null && s.buzzer?.[s.you] === "AVAILABLE" && s.pending !== "BUZZ" && !paused(s);
  useEffect(() => {
    if (!live) return;
    function onKey(e: KeyboardEvent) {
      if (e.code !== "Space" && e.key !== " ") return;
      if (e.ctrlKey || e.metaKey || e.altKey || isTextField(e.target)) return;
      // Also stops a focused button from treating this Space as its own click.
      e.preventDefault();
      if (!e.repeat) send({ type: "BUZZ" });
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [live, send]);
}
