import { describe, expect, it } from "vitest";
import { handoverIn, handoverLink } from "./handover-link";

describe("the seat handover link (Decisions D19)", () => {
  it("carries the code in the fragment, and gives it back", () => {
    const link = handoverLink("https://parlor.example", "K7QX2M", "a.b-c_d");
    expect(link).toBe("https://parlor.example/cards/K7QX2M#handover=a.b-c_d");
    expect(handoverIn(new URL(link).hash)).toBe("a.b-c_d");
    expect(handoverIn("")).toBeNull();
    expect(handoverIn("#other=1")).toBeNull();
  });
});
