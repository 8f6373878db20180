import { describe, expect, it } from "vitest";
import { seatStore } from "./seats";
import { store } from "./storage";

describe("a game's seats in this browser", () => {
  it("keeps a token per room under the game's keys, whatever the code's case, until forgotten", () => {
    const cards = seatStore("cards");
    expect(cards.load("abc234")).toBeNull();
    cards.save("abc234", { token: "t1", name: "Ada" });
    expect(cards.load("ABC234")).toEqual({ token: "t1", name: "Ada" });
    // Another game's seat in a room of the same code is its own.
    expect(seatStore("outrank").load("ABC234")).toBeNull();
    cards.forget("ABC234");
    expect(cards.load("abc234")).toBeNull();
  });

  it("reads what earlier versions stored, and nothing from a broken entry", () => {
    store("parlor.serpent.seat.K7QM2D", JSON.stringify({ token: "g1" }));
    expect(seatStore("serpent").load("k7qm2d")).toEqual({ token: "g1", name: "" });
    store("parlor.serpent.seat.BROKEN", "{");
    expect(seatStore("serpent").load("BROKEN")).toBeNull();
  });

  it("a browser-made secret is made once per room and goes with the seat", () => {
    const trivia = seatStore("trivia");
    const first = trivia.secret("ROOM01");
    expect(first.length).toBeGreaterThanOrEqual(16);
    expect(trivia.secret("ROOM01")).toBe(first);
    expect(trivia.secret("ROOM02")).not.toBe(first);
    trivia.forget("ROOM01");
    expect(trivia.secret("ROOM01")).not.toBe(first);
  });

  it("remembers a kick", () => {
    const cards = seatStore("cards");
    expect(cards.wasKicked("KICK01")).toBe(false);
    cards.markKicked("kick01");
    expect(cards.wasKicked("KICK01")).toBe(true);
  });
});
