import { forget, secret, store, stored } from "./storage";

/** A seat the server signed for this browser, and the name it was taken under. */
export interface SeatToken {
  token: string;
  name: string;
}

/**
 * What proves this browser's seat in a room, kept per game and room so that a refresh or a
 * dropped line takes the same seat back (a seat belongs to whoever proved it). Never shown
 * on screen. A game with signed seats keeps the server's token; Trivia Duel keeps a secret
 * the browser made itself.
 */
export function seatStore(game: string) {
  const key = (room: string, what: "seat" | "kicked" | "player") => `parlor.${game}.${what}.${room.toUpperCase()}`;
  return {
    load(room: string): SeatToken | null {
      try {
        const v = JSON.parse(stored(key(room, "seat")) ?? "null") as Partial<SeatToken> | null;
        return typeof v?.token === "string" && v.token
          ? { token: v.token, name: typeof v.name === "string" ? v.name : "" }
          : null;
      } catch {
        return null;
      }
    },
    save: (room: string, seat: SeatToken): void => store(key(room, "seat"), JSON.stringify(seat)),
    /** The seat is given up or taken away: nothing here proves it any more. */
    forget(room: string): void {
      forget(key(room, "seat"));
      forget(key(room, "player"));
    },
    /** The browser's own secret for the room, made the first time it is asked for. */
    secret: (room: string): string => secret(key(room, "player")),
    /**
     * The lead removed this browser: remembered, so a reload says so at once and offers no
     * seat. The server keeps the kick itself (by the browser's device id); this only spares
     * the player a form that cannot work.
     */
    markKicked: (room: string): void => store(key(room, "kicked"), "1"),
    wasKicked: (room: string): boolean => stored(key(room, "kicked")) === "1",
  };
}

export type SeatStore = ReturnType<typeof seatStore>;
