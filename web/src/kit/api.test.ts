import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api()", () => {
  it("says in plain words that the server cannot be reached, not 'Failed to fetch'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const err = await api("/api/v1/games").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe("Could not reach the Parlor server. Check your connection and try again.");
    expect((err as ApiError).code).toBe("offline");
  });

  it("passes on the server's own message and code, and explains 429s", async () => {
    const reply = (status: number, body: unknown) =>
      vi.fn(
        async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
      );
    vi.stubGlobal(
      "fetch",
      reply(404, { error: { code: "room_not_found", message: "There is no room with that code." } }),
    );
    await expect(api("/api/v1/rooms/X")).rejects.toMatchObject({
      code: "room_not_found",
      message: "There is no room with that code.",
    });
    vi.stubGlobal(
      "fetch",
      reply(429, { error: { code: "rate_limited", message: "Too many requests; try again in 1 minute." } }),
    );
    await expect(api("/api/v1/trivia/rooms", { body: {} })).rejects.toMatchObject({
      code: "rate_limited",
      message: "Too many requests from here just now; wait a moment and try again.",
    });
  });

  it("sends the browser's owner key with uploads", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    const fetch = vi.fn(async () => new Response("{}", { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    await api("/api/v1/cards/packs", { body: { id: "p" }, owner: true });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    const headers = init.headers as Record<string, string>;
    expect(headers["x-parlor-owner"]).toMatch(/^[0-9a-f]{32}$/);
    expect(headers["content-type"]).toBe("application/json");
  });
});
