import { describe, expect, it } from "vitest";
import { ContentCache } from "./content-cache";

describe("content cache", () => {
  it("holds the most recent entries up to its byte limit", () => {
    const cache = new ContentCache<{ n: number }>(100);
    for (let n = 0; n < 10; n++) cache.put(`k${n}`, { n }, 30);
    expect(cache.held()).toEqual({ entries: 3, bytes: 90 });
  });

  it("finds a copy it let go while someone still holds it, so every room shares one", () => {
    const cache = new ContentCache<{ cards: string[] }>(100);
    const first = cache.put("pack@1", { cards: ["a"] }, 60);
    // Pushed out of the recent entries by something else...
    cache.put("other@1", { cards: ["b"] }, 60);
    expect(cache.held().entries).toBe(1);
    // ...but a room still holds it: the same object comes back, and a reload keeps the known copy.
    expect(cache.get("pack@1")).toBe(first);
    expect(cache.put("pack@1", { cards: ["a"] }, 60)).toBe(first);
  });
});
