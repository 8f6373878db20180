import { describe, expect, it } from "vitest";
import { stageLine } from "./stage-text";
import { lobbyView, player, raceView } from "./test-views";
import type { PendingView } from "./wire";

const pending = (patch: Partial<PendingView>): PendingView => ({ ...raceView().pending!, ...patch });

describe("the line that says what is happening", () => {
  it("speaks to the player whose turn it is, and about them to everyone else", () => {
    const v = raceView();
    expect(stageLine(v, "P1")).toBe("Your turn: roll the die");
    expect(stageLine(v, "P2")).toBe("Ann's turn to roll");
    expect(stageLine(v, null)).toBe("Ann's turn to roll");
  });

  it("names the card type, the field and the joker's ruling", () => {
    const answer = raceView({
      pending: pending({ kind: "answer", card: { cardType: "SENTENCE_PAIRING", question: "?" } }),
    });
    expect(stageLine(answer, null)).toBe("Ann answers a matching card");
    const drawing = raceView({ pending: pending({ kind: "drawing", fieldType: "negative" }) });
    expect(stageLine(drawing, "P1")).toBe("You landed on a penalty field: drawing a card");
    const decision = raceView({ pending: pending({ kind: "decision" }) });
    expect(stageLine(decision, null)).toBe("The gamemaster decides on Ann's joker");
  });

  it("says when the player to roll is away, and whether the server will skip them (a deadline) or waits", () => {
    const players = [player("P1", "Ann", { connected: false }), player("P2", "Ben")];
    const skipped = pending({ deadline: "2026-03-02T09:00:30.000Z" });
    expect(stageLine(raceView({ players, pending: skipped }), "P2")).toBe("Ann's turn, but they are away");
    expect(stageLine(raceView({ players }), null)).toBe("Ann is away: the turn waits");
  });

  it("sums up the lobby and the end", () => {
    expect(stageLine(lobbyView({ readyCount: 1 }), null)).toBe("2 joined, 1 ready");
    expect(stageLine(raceView({ phase: "ended", winnerName: "Ben" }), null)).toBe("Ben won the race");
  });
});
