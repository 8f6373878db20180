import { describe, expect, it } from "vitest";
import { envelopeWire } from "../../engine/envelope-wire";
import { outrankModule } from "./index";
import { outrankWire } from "./protocol";
import { Action } from "./wire";

describe("the /outrank wire", () => {
  it("speaks the engine's action envelope, like Card Table", () => {
    expect(outrankWire).toBe(envelopeWire);
  });

  it("has exactly the issue's actions plus the table-mode ones and the round-end ready", () => {
    const types = Action.options.map((o) => o.shape.type.value).sort();
    // The actions, the table-mode ones, and the round-end ready.
    const named = "startGame selectChallenge draftGuess cashOut discard pass pauseGame resumeGame kickPlayer endGame";
    expect(types).toEqual([...named.split(" "), "configure", "addPlayer", "removePlayer", "nextRound"].sort());
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
