import { describe, expect, it } from "vitest";
import { paddedDefinition } from "../bench/upload-definitions";
import { GameDefinition } from "../src/games/card-table/definition";
import { builtinDefinitions } from "../src/games/card-table/definitions/index";
import { PACK_LIMITS } from "../src/games/card-table/service/limits";
import { overlongText, TEXT_LIMITS } from "../src/games/card-table/service/text-limits";

// What `npm run bench:uploads` uploads and how it reads a trial (the bench itself is not run here).
describe("bench uploads: definitions filled to the size limit", () => {
  const base = builtinDefinitions.get("crazy-eights")!;
  const bytes = PACK_LIMITS.definitionBytes - 64;
  const def = paddedDefinition(base, { id: "bench-upload-1", bytes, players: 4, endValue: 300 });

  it("fills to the size asked, and stays a definition the route takes", () => {
    const size = Buffer.byteLength(JSON.stringify(def));
    expect(size).toBeLessThanOrEqual(bytes);
    expect(size).toBeGreaterThan(bytes - 100);
    expect(GameDefinition.safeParse(def).success).toBe(true);
    expect(overlongText(def, [], TEXT_LIMITS.definitionDepth)).toBeNull();
  });

  it("plays the base game under its own id: the padding is variants nobody turns on", () => {
    expect(def).toMatchObject({ id: "bench-upload-1", minPlayers: 4, defaultSettings: { endValue: 300 } });
    expect(def.phases).toEqual(base.phases);
    expect(def.variants.length).toBeGreaterThan(50);
    expect(def.variants.every((v) => !v.default && !def.defaultSettings.activeVariants.includes(v.id))).toBe(true);
    expect(base.id).toBe("crazy-eights"); // the shipped definition is not changed
  });

  it("refuses a size the base does not fit in", () => {
    expect(() => paddedDefinition(base, { id: "x", bytes: 1000 })).toThrow(/before any padding/);
  });
});
