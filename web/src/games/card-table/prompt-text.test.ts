import { describe, expect, it } from "vitest";
import { promptPlain, promptSegments } from "./prompt-text";
import { black, white } from "./test-views";

describe("promptSegments", () => {
  it("fills each blank with the next answer, in order", () => {
    const p = black("_____ and _____ walk into a bar.", 2);
    expect(promptSegments(p, [white(1), white(2)])).toEqual([
      { kind: "answer", text: "Answer 1." },
      { kind: "text", text: " and " },
      { kind: "answer", text: "Answer 2." },
      { kind: "text", text: " walk into a bar." },
    ]);
  });

  it("leaves blanks open while the answer is being chosen", () => {
    const p = black("_____ and _____.", 2);
    expect(promptSegments(p, [white(1)]).map((s) => s.kind)).toEqual(["answer", "text", "blank", "text"]);
    expect(promptPlain(p)).toBe("____ and ____.");
  });

  it("reads the answers after a question with no blank", () => {
    const p = black("What's under the bed?", 1, 0);
    expect(promptPlain(p, [white(3)])).toBe("What's under the bed? Answer 3.");
  });

  it("appends answers beyond the blanks (pick 2 on a one-blank prompt)", () => {
    const p = black("Step 1: _____. Step 2:", 2, 1);
    expect(promptPlain(p, [white(1), white(2)])).toBe("Step 1: Answer 1.. Step 2: Answer 2.");
  });

  it("keeps answer text literal, dollar signs and all", () => {
    const p = black("I paid _____.", 1);
    const card = { id: "w-x", type: "white", properties: { text: "$& and $1" } };
    expect(promptPlain(p, [card])).toBe("I paid $& and $1.");
  });
});
