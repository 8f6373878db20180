import { describe, expect, it } from "vitest";
import { ApiRefusal } from "../engine/module";
import { ContentBlobs } from "./content-store";
import { memoryDb } from "./db/test-db";
import { InputLog } from "./input-log";

const database = memoryDb();

const MIN = 60_000;
const item = (body: unknown, owner = "owner-a") => ({ game: "g", kind: "k", owner, body });
const open = async (hash: string) => {
  const uid = `room-${hash.slice(0, 8)}`;
  await new InputLog(database()).createRoom({
    uid,
    code: uid.slice(5, 11).toUpperCase(),
    game: "g",
    options: { set: { hash } },
    seed: "s",
    timeScale: 1,
    createdAt: 0,
  });
  return uid;
};

describe("content store", () => {
  it("stores content once, charges only new content, and lets go of what no open room names", async () => {
    let now = 1_000 * MIN;
    const store = new ContentBlobs(database(), { now: () => now, elsewhere: async () => 1000 });
    const asked: number[] = [];
    const admit = async (bytes: number) => void asked.push(bytes);
    const named = await store.put(item({ cards: ["a", "b"] }), admit);
    const loose = await store.put(item({ cards: ["c"] }, "owner-b"), admit);
    // The same content again is the same row, and nobody is asked to pay for it twice.
    expect(await store.put(item({ cards: ["a", "b"] }, "owner-b"), admit)).toBe(named);
    expect(asked).toEqual([JSON.stringify({ cards: ["a", "b"] }).length, JSON.stringify({ cards: ["c"] }).length]);
    expect(await store.get("g", "k", named)).toEqual({ cards: ["a", "b"] });
    expect(await store.get("other-game", "k", named)).toBeNull();
    expect(await store.usage("owner-a")).toEqual({ owner: asked[0], total: asked[0]! + asked[1]! + 1000 });

    await open(named);
    // Just used: kept even though no room names it yet (a room being created has not logged itself).
    expect(await store.purge()).toBe(0);
    now += 11 * MIN;
    expect(await store.purge()).toBe(1);
    expect(await store.get("g", "k", loose)).toBeNull();
    expect(await store.get("g", "k", named)).not.toBeNull();
  });

  it("lets go of unnamed content when a quota runs out, then asks again", async () => {
    let now = 5_000 * MIN;
    const store = new ContentBlobs(database(), { now: () => now });
    const old = await store.put(item({ old: true }, "owner-c"), async () => {});
    now += 20 * MIN;
    let full = true;
    const hash = await store.put(item({ fresh: true }, "owner-c"), async () => {
      // Full until unnamed content goes.
      if (full && (await store.get("g", "k", old))) throw new ApiRefusal(403, "quota_exceeded", "full");
      full = false;
    });
    expect(await store.get("g", "k", old)).toBeNull();
    expect(await store.get("g", "k", hash)).toEqual({ fresh: true });
    // Nothing left to let go: the refusal stands.
    now += 20 * MIN;
    await expect(
      store.put(item({ another: true }, "owner-c"), async () => {
        throw new ApiRefusal(403, "quota_exceeded", "full");
      }),
    ).rejects.toMatchObject({ code: "quota_exceeded" });
  });
});
