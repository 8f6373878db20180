import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Spawned, spawnServer } from "./support/child-server";
import {
  cardTable,
  FLOOD_SERVER_ENV,
  inputsServed,
  PLAYER_GAP_MS,
  roundTrip,
  startFlooder,
} from "./support/flood-room";

/**
 * One seated socket floods its room with valid actions that change nothing (the probe sent
 * 10,000 a second and stalled every other room for 25 s). What a test can assert exactly:
 * the server cuts the flood off, nothing it sent is applied, and the room beside it has every
 * input answered meanwhile. What the flood costs that room's latency is measured by
 * `npm run bench:flood` (docs/benchmarks.md), not asserted here. Server, flooder and the
 * other room's client are three processes, and the server runs as in production: PGlite on
 * disk, the default limits but for a socket's allowance.
 */
const dir = mkdtempSync(join(tmpdir(), "parlor-flood-"));
let server: Spawned;
beforeAll(async () => {
  server = await spawnServer({ DATA_DIR: dir, ...FLOOD_SERVER_ENV });
});
afterAll(async () => {
  server?.proc.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

describe("a flood in one room", () => {
  it("is cut off, nothing it sent is applied, and every input of the room beside it is answered", async () => {
    const beside = await cardTable(server.url, ["Ann", "Bo", "Cy"]);
    const flooded = await cardTable(server.url, ["Nia", "Oz"]);
    const flooder = await startFlooder(server.url, flooded.roomId);
    try {
      const served = await inputsServed(server.url);
      flooder.on();
      // The room beside it plays on until the server has cut the flood off twice (it comes
      // back each time): every one of its inputs is answered, and applied.
      let inputs = 0;
      for (; flooder.totals().cuts < 2 || inputs < 20; inputs++) {
        expect(inputs, "inputs played before the flood was cut off twice").toBeLessThan(2000);
        expect((await roundTrip(beside.bots[0]!, inputs)).reply).toMatchObject({ type: "ack" });
        await new Promise((r) => setTimeout(r, PLAYER_GAP_MS)); // a player's pace, not a proof
      }
      flooder.off();
      const totals = flooder.totals();
      // Cut off after its allowance of refusals each time, so it did reach the server.
      expect(totals.cuts).toBeGreaterThanOrEqual(2);
      expect(totals.sent).toBeGreaterThan(200);
      // Not one flooded message was served: the only inputs applied are the other room's own.
      expect((await inputsServed(server.url)) - served).toBe(inputs);
    } finally {
      flooder.kill();
      for (const b of [...beside.bots, ...flooded.bots]) b.close();
    }
  });
});
