import { describe, expect, it } from "vitest";
import { envelopeWire } from "./envelope-wire";

/** The action envelope Card Table and Outrank speak (the action inside is each game's to parse). */
describe("the action envelope", () => {
  it("an action message becomes an intent, its requestId kept", () => {
    const action = { type: "draftGuess", tokenId: "movie-avatar", guess: "higher" };
    expect(envelopeWire.parse({ type: "action", action, requestId: "r1" })).toEqual({
      kind: "intent",
      intent: action,
      requestId: "r1",
    });
  });

  it("bad messages are refused with a code and keep the requestId when there is one", () => {
    expect(envelopeWire.parse("hello")).toMatchObject({ kind: "invalid", code: "bad_message" });
    expect(envelopeWire.parse({ type: "shout", requestId: "r2" })).toMatchObject({
      kind: "invalid",
      code: "unknown_type",
      requestId: "r2",
    });
    // The action inside is the host's to parse (with the game's schema, refused as bad_action).
    expect(envelopeWire.parse({ type: "action", action: { type: "fly" }, requestId: "r3" })).toEqual({
      kind: "intent",
      intent: { type: "fly" },
      requestId: "r3",
    });
    expect(envelopeWire.parse({ type: "action", action: { type: "startGame" } })).toMatchObject({
      kind: "invalid",
      code: "bad_message",
    });
    expect(envelopeWire.parse({ type: "leave", requestId: "r4" })).toEqual({ kind: "leave", requestId: "r4" });
  });

  it("joins come through the handshake", () => {
    const h = envelopeWire.handshake;
    expect(h?.({ roomId: "abc123", name: "Ann", token: "t0k" })).toEqual({
      kind: "join",
      roomId: "ABC123",
      credential: "t0k",
      name: "Ann",
    });
    expect(h?.({ roomId: "abc123" })).toEqual({ kind: "join", roomId: "ABC123" });
    expect(h?.({ roomId: "!" })).toMatchObject({ kind: "invalid", code: "bad_handshake" });
    expect(h?.(undefined)).toBeNull();
  });

  it("errors and acks in the document's shape", () => {
    expect(envelopeWire.error("not_judge", "Only the judge can do that now.", "r9")).toEqual({
      type: "error",
      requestId: "r9",
      error: "not_judge",
      message: "Only the judge can do that now.",
    });
    expect(envelopeWire.ack?.("r9")).toEqual({ type: "ack", requestId: "r9" });
  });
});
