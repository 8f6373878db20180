import { describe, expect, it } from "vitest";
import { promptPlain, promptSegments } from "./prompt-text";
import { black, white } from "./test-views";

const card = (text: string, proper?: boolean) => ({
  id: `w-${text}`,
  type: "white",
  properties: { text, ...(proper === undefined ? {} : { proper }) },
});

describe("promptSegments", () => {
  it("fills each blank with the next answer, in order, fitted to the sentence", () => {
    const p = black("_____ and _____ walk into a bar.", 2);
    expect(promptSegments(p, [white(1), white(2)])).toEqual([
      { kind: "answer", text: "Answer 1" },
      { kind: "text", text: " and " },
      { kind: "answer", text: "Answer 2" },
      { kind: "text", text: " walk into a bar." },
    ]);
  });

  it("leaves blanks open while the answer is being chosen", () => {
    const p = black("_____ and _____.", 2);
    expect(promptSegments(p, [white(1)]).map((s) => s.kind)).toEqual(["answer", "text", "blank", "text"]);
    expect(promptPlain(p)).toBe("____ and ____.");
  });

  it("reads the answers after a question with no blank, as they are", () => {
    const p = black("What's under the bed?", 1, 0);
    expect(promptPlain(p, [white(3)])).toBe("What's under the bed? Answer 3.");
  });

  it("appends answers beyond the blanks (pick 2 on a one-blank prompt)", () => {
    const p = black("Step 1: _____. Step 2:", 2, 1);
    expect(promptPlain(p, [white(1), white(2)])).toBe("Step 1: Answer 1. Step 2: Answer 2.");
  });

  it("keeps answer text literal, dollar signs and all", () => {
    const p = black("I paid _____.", 1);
    expect(promptPlain(p, [card("$& and $1")])).toBe("I paid $& and $1.");
  });

  it("reads naturally: the issue's 'never trust A tuba solo., and always carry…'", () => {
    const p = black("Never trust _____, and always carry a spare sock.", 1);
    expect(promptPlain(p, [card("A tuba solo.")])).toBe("Never trust a tuba solo, and always carry a spare sock.");
    // Names, I and acronyms keep their capital; a sentence's start keeps it too.
    expect(promptPlain(p, [card("Grandma's casserole.", true)])).toBe(
      "Never trust Grandma's casserole, and always carry a spare sock.",
    );
    expect(promptPlain(p, [card("I'm fine.")])).toBe("Never trust I'm fine, and always carry a spare sock.");
    expect(promptPlain(p, [card("NASA.")])).toBe("Never trust NASA, and always carry a spare sock.");
    expect(promptPlain(black("_____: the musical.", 1), [card("The floor is lava.")])).toBe(
      "The floor is lava: the musical.",
    );
  });

  it("an answer's ! or ? ends the sentence in place of the prompt's full stop", () => {
    const p = black("My advice: _____.", 1);
    expect(promptPlain(p, [card("Too much glitter!")])).toBe("My advice: too much glitter!");
  });
});
