import { describe, expect, it } from "vitest";
import { watchQuietRooms } from "./quiet-resync";

describe("quiet room resync", () => {
  it("resends a room's sockets their view once it stops moving, once per version", async () => {
    const sent: string[] = [];
    const socket = (name: string) => ({
      resync: async () => void sent.push(name),
    });
    const versions = new Map<string, number | null>([
      ["ROOMAA", 3],
      ["ROOMBB", 7],
    ]);
    const rooms = new Map([
      ["ROOMAA", [socket("a1"), socket("a2")]],
      ["ROOMBB", [socket("b1")]],
    ]);
    const w = watchQuietRooms({ rooms: () => rooms, version: async (c) => versions.get(c) ?? null, everyMs: 60_000 });
    try {
      await w.look();
      expect(sent).toEqual([]);
      // ROOMBB moved on between the looks; ROOMAA did not.
      versions.set("ROOMBB", 8);
      await w.look();
      expect(sent).toEqual(["a1", "a2"]);
      // Nothing new: nothing again.
      await w.look();
      expect(sent).toEqual(["a1", "a2", "b1"]);
      await w.look();
      expect(sent).toEqual(["a1", "a2", "b1"]);
      // A room that moves and then waits is resent once more; a room that is gone is forgotten.
      versions.set("ROOMAA", 4);
      versions.set("ROOMBB", null);
      await w.look();
      await w.look();
      expect(sent).toEqual(["a1", "a2", "b1", "a1", "a2"]);
    } finally {
      w.stop();
    }
  });
});
