import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, refusalOf } from "./api";

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

  it("reads the flat { error, code } of the document's routes as well as the nested format", async () => {
    const reply = (status: number, body: string) =>
      vi.fn(async () => new Response(body, { status, headers: { "content-type": "application/json" } }));
    // An account's refusal, and Fastify's own on those routes (a body too large, a crash): all flat.
    const flat: [number, string, string][] = [
      [409, "email_taken", "That email already has an account."],
      [413, "body_too_large", "The request body is too large."],
      [500, "server_error", "Something went wrong on our side."],
    ];
    for (const [status, code, error] of flat) {
      vi.stubGlobal("fetch", reply(status, JSON.stringify({ error, code })));
      await expect(api("/api/v1/decks", { body: {} })).rejects.toMatchObject({ status, code, message: error });
    }
    // A proxy's HTML error page is no JSON: a plain sentence, never "[object Object]".
    vi.stubGlobal("fetch", reply(502, "<html>Bad gateway</html>"));
    await expect(api("/api/v1/decks")).rejects.toMatchObject({
      code: "http_error",
      message: "The server had a problem; try again in a moment.",
    });
  });

  it("never shows an empty or non-text error field as the message", () => {
    expect(refusalOf(400, { error: "", code: "bad_request" }).message).toBe("The server said 400.");
    expect(refusalOf(400, { error: { code: "x" } })).toMatchObject({ code: "x", message: "The server said 400." });
    expect(refusalOf(404, { error: 7, code: 9 })).toMatchObject({
      code: "http_error",
      message: "The server said 404.",
    });
    expect(refusalOf(429, { error: "Rate limit exceeded, retry in 1 minute", code: "rate_limited" })).toMatchObject({
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
