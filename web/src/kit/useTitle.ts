import { useEffect } from "react";

/** Names the browser tab after the page, so a player with several tabs can find the game. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Parlor` : "Parlor";
  }, [title]);
}
