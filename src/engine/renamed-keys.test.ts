import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renameKeys, withOldNames } from "./renamed-keys";

describe("renamed keys", () => {
  it("renames in place, keeping the order, and the new name wins over the old", () => {
    const renames = { reconnectGraceSec: "graceSeconds" };
    const out = renameKeys({ a: 1, reconnectGraceSec: 5, b: 2 }, renames);
    expect(JSON.stringify(out)).toBe('{"a":1,"graceSeconds":5,"b":2}');
    expect(renameKeys({ reconnectGraceSec: 5, graceSeconds: 9 }, renames)).toEqual({ graceSeconds: 9 });
    expect(renameKeys([1], renames)).toEqual([1]);
    expect(renameKeys(null, renames)).toBeNull();
  });

  it("lets a strict schema take the old name", () => {
    const Config = withOldNames(
      { reconnectGraceSec: "graceSeconds" },
      z.object({ graceSeconds: z.number().default(30) }).strict(),
    );
    expect(Config.parse({ reconnectGraceSec: 600 })).toEqual({ graceSeconds: 600 });
    expect(Config.parse({})).toEqual({ graceSeconds: 30 });
    expect(Config.safeParse({ reconnectGraceSec: "soon" }).success).toBe(false);
    expect(Config.safeParse({ other: 1 }).success).toBe(false);
  });
});
