import { describe, expect, it } from "vitest";
import { outrankModule } from "./index";
import { outrankWire } from "./protocol";
import { Action } from "./wire";

describe("the /outrank wire", () => {
  it("parses actions, leave and the handshake like Card Table", () => {
    expect(
      outrankWire.parse({
        type: "action",
        action: { type: "draftGuess", tokenId: "movie-avatar", guess: "higher" },
        requestId: "r1",
      }),
    ).toEqual({
      kind: "intent",
      intent: { type: "draftGuess", tokenId: "movie-avatar", guess: "higher" },
      requestId: "r1",
    });
    expect(outrankWire.parse({ type: "leave", requestId: "r2" })).toEqual({ kind: "leave", requestId: "r2" });
    expect(outrankWire.parse({ type: "action", action: { type: "pass", x: 1 }, requestId: "r3" })).toMatchObject({
      kind: "invalid",
      code: "bad_action",
      requestId: "r3",
    });
    expect(outrankWire.parse({ type: "hello" })).toMatchObject({ kind: "invalid", code: "unknown_type" });
    expect(outrankWire.parse([1])).toMatchObject({ kind: "invalid", code: "bad_message" });
    expect(outrankWire.handshake?.({ roomId: "abc123", token: "t", name: "Ada" })).toEqual({
      kind: "join",
      roomId: "ABC123",
      credential: "t",
      name: "Ada",
    });
    expect(outrankWire.handshake?.(undefined)).toBeNull();
    expect(outrankWire.handshake?.({ roomId: "!" })).toMatchObject({ kind: "invalid", code: "bad_handshake" });
    expect(outrankWire.error("not_your_turn", "It is not your turn.", "r9")).toEqual({
      type: "error",
      requestId: "r9",
      error: "not_your_turn",
      message: "It is not your turn.",
    });
    expect(outrankWire.ack?.("r9")).toEqual({ type: "ack", requestId: "r9" });
  });

  it("has exactly the issue's actions plus the table-mode ones", () => {
    const types = Action.options.map((o) => o.shape.type.value).sort();
    expect(types).toEqual(
      [
        "startGame",
        "selectChallenge",
        "draftGuess",
        "cashOut",
        "discard",
        "pass",
        "pauseGame",
        "resumeGame",
        "kickPlayer",
        "endGame",
        "configure",
        "addPlayer",
        "removePlayer",
      ].sort(),
    );
  });

  it("is a game module with signed seats and a create-room body", async () => {
    expect(outrankModule.namespace).toBe("/outrank");
    expect(outrankModule.seatTokens).toBe("signed");
    expect(outrankModule.createRoom?.slug).toBe("outrank");
    const body = outrankModule.createRoom?.body.parse({ mode: "table", settings: { targetPoints: 30 } });
    const req = { body, params: {}, query: {}, headers: {}, client: "127.0.0.1" };
    const options = await outrankModule.createRoom?.toOptions(body, { db: null as never, now: () => 0 }, req);
    expect(options).toEqual({ mode: "table", settings: { targetPoints: 30 } });
    expect(outrankModule.rules.options.parse({})).toEqual({ mode: "online", settings: {} });
    expect(outrankModule.createRoom?.body.safeParse({ settings: { handLimit: 99 } }).success).toBe(false);
  });
});
