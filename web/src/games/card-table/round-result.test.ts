import { describe, expect, it } from "vitest";
import { initialCardsState } from "./reducer";
import { nameIn, wagerText } from "./screens/RoundResult";
import { submitView } from "./test-views";

describe("where gambled points went", () => {
  const v = submitView();
  const s = { ...initialCardsState("ABC234"), names: { P1: "Ada", P2: "Bob", P3: "Cy", P9: "Gone" } };
  const name = nameIn(s, v);

  it("names players, 'You' for the viewer, and those who have left", () => {
    expect(name("P1")).toBe("Ada");
    expect(name("P2")).toBe("You");
    expect(name("P9")).toBe("Gone");
    expect(name("rando")).toBe("Rando Cardrissian");
  });

  it("says who kept, lost or got back a wager, and to whom a lost point went", () => {
    expect(wagerText({ playerId: "P1", outcome: "kept" }, name)).toBe("Ada kept the wagered point: their answer won.");
    expect(wagerText({ playerId: "P2", outcome: "kept" }, name)).toBe("You kept the wagered point: your answer won.");
    expect(wagerText({ playerId: "P3", outcome: "lost", to: "P1" }, name)).toBe("Cy's wagered point went to Ada.");
    expect(wagerText({ playerId: "P3", outcome: "lost", to: "P2" }, name)).toBe("Cy's wagered point went to you.");
    expect(wagerText({ playerId: "P2", outcome: "lost", to: "P1" }, name)).toBe("Your wagered point went to Ada.");
    expect(wagerText({ playerId: "P1", outcome: "returned" }, name)).toBe(
      "Ada's wagered point came back: nobody won the round.",
    );
  });
});
