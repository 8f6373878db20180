import { describe, expect, it } from "vitest";
import { applyMembership, emptySeating, holds } from "./membership";

const joined = (seat: string) => ({ type: "@presence", seat, status: "joined" });

describe("seating from the log's membership rows", () => {
  it("a handover moves the seat to the new credential; the old one proves nothing and no browser keeps it", () => {
    let s = applyMembership(emptySeating(), joined("P2"), { join: "old", device: "old-browser" });
    s = applyMembership(s, joined("P3"), { join: "other", device: "other-browser" });
    s = applyMembership(s, joined("P2"), { join: "new", handover: "old", device: "new-browser" });
    expect(holds(s, "new", "P2")).toBe(true);
    expect(holds(s, "old", "P2")).toBe(false);
    expect(s.handedOver).toEqual({ old: "P2" });
    // Not "retired": a handed-over credential is not offered its seat back as a LEAVE's would be.
    expect(s.retired).toEqual({});
    expect(s.devices).toEqual({ "other-browser": "P3", "new-browser": "P2" });
  });

  it("rows without a handover leave the seating as it was", () => {
    const s = applyMembership(emptySeating(), joined("P1"), { join: "a" });
    expect(applyMembership(s, joined("P1"), null)).toBe(s);
    expect(s.handedOver).toBeUndefined();
  });
});
