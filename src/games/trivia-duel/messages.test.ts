import { describe, expect, it } from "vitest";
import { MAX_ANSWER as webMaxAnswer } from "../../../web/src/games/trivia-duel/wire";
import { toAll } from "./messages";
import { MAX_ANSWER, TriviaIntent } from "./protocol";

/**
 * What the rules send is typed against the wire schema the web client imports, so a change
 * on one side that breaks the other fails the typecheck (`npm run typecheck`). The lines
 * marked @ts-expect-error would stop compiling if that typing were lost.
 */
describe("Trivia Duel's outbound messages", () => {
  it("are typed against the wire schema", () => {
    // @ts-expect-error a message type the schema (and so the web client) does not know
    toAll({ type: "BUZZ_ACCEPTED", player: "P1" });
    // @ts-expect-error a known message missing a field the web client reads
    toAll({ type: "BUZZED", player: "P1", revealIndex: 3 });
    // @ts-expect-error a field the schema does not have
    toAll({ type: "BET_TIMEOUT", player: "P1", auto: true });
    expect(toAll({ type: "BET_TIMEOUT", player: "P1" })).toEqual({
      to: "all",
      msg: { type: "BET_TIMEOUT", player: "P1" },
    });
  });

  it("share the answer limit with the web client", () => {
    expect(webMaxAnswer).toBe(MAX_ANSWER);
    expect(TriviaIntent.safeParse({ type: "ANSWER", text: "x".repeat(webMaxAnswer) }).success).toBe(true);
    expect(TriviaIntent.safeParse({ type: "ANSWER", text: "x".repeat(webMaxAnswer + 1) }).success).toBe(false);
  });
});
