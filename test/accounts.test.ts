import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Identities } from "../src/platform/identities";
import { startServer, type TestServer } from "./support/server";

/** Accounts and organisations over REST, in the SerpentRace document's error format. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

let n = 0;
const email = () => `player${++n}-${Date.now()}@school.example`;
const PASSWORD = "correct horse 42";

describe("accounts", () => {
  it("registers, refuses a taken email, a weak password and a malformed email, and logs in", async () => {
    const address = email();
    const made = await call("POST", "/api/v1/auth/register", {
      body: { email: address.toUpperCase(), password: PASSWORD, displayName: "Ms Ada" },
    });
    expect(made.status).toBe(201);
    expect(made.body.user).toMatchObject({ email: address, displayName: "Ms Ada" });
    expect(made.body.accessToken).toMatch(/^ey/);
    expect(made.body.refreshToken).toMatch(/^ey/);
    expect(JSON.stringify(made.body)).not.toContain("password");
    const again = await call("POST", "/api/v1/auth/register", {
      body: { email: address, password: PASSWORD, displayName: "X" },
    });
    expect(again).toEqual({ status: 409, body: { error: expect.any(String), code: "email_taken" } });
    for (const weak of ["short1", "onlyletterslong", "password123"])
      expect(
        (await call("POST", "/api/v1/auth/register", { body: { email: email(), password: weak, displayName: "W" } }))
          .body,
      ).toMatchObject({ code: "weak_password" });
    const mine = email();
    const own = `${mine.split("@")[0]}!!`;
    expect(
      (await call("POST", "/api/v1/auth/register", { body: { email: mine, password: own, displayName: "W" } })).body,
    ).toMatchObject({ code: "weak_password" });
    expect(
      (
        await call("POST", "/api/v1/auth/register", {
          body: { email: "not-an-email", password: PASSWORD, displayName: "W" },
        })
      ).body,
    ).toMatchObject({ code: "invalid_email" });
    const login = await call("POST", "/api/v1/auth/login", { body: { email: address, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect((await call("GET", "/api/v1/auth/me", { token: login.body.accessToken })).body.user.email).toBe(address);
    const wrong = await call("POST", "/api/v1/auth/login", {
      body: { email: address, password: "not the password 1" },
    });
    expect(wrong).toEqual({ status: 401, body: { error: expect.any(String), code: "invalid_credentials" } });
    const nobody = await call("POST", "/api/v1/auth/login", { body: { email: email(), password: PASSWORD } });
    expect(nobody.body.code).toBe("invalid_credentials");
  });

  it("rotates refresh tokens, and a reused one ends the whole session", async () => {
    const s = (
      await call("POST", "/api/v1/auth/register", { body: { email: email(), password: PASSWORD, displayName: "Bo" } })
    ).body;
    const next = await call("POST", "/api/v1/auth/refresh", { body: { refreshToken: s.refreshToken } });
    expect(next.status).toBe(200);
    expect(next.body.refreshToken).not.toBe(s.refreshToken);
    // The spent token comes back (stolen and replayed): refused, and its successor dies with it.
    const replay = await call("POST", "/api/v1/auth/refresh", { body: { refreshToken: s.refreshToken } });
    expect(replay).toMatchObject({ status: 401, body: { code: "token_reused" } });
    const successor = await call("POST", "/api/v1/auth/refresh", { body: { refreshToken: next.body.refreshToken } });
    expect(successor).toMatchObject({ status: 401, body: { code: "invalid_token" } });
    // Logging out ends a session too.
    const t = (await call("POST", "/api/v1/auth/login", { body: { email: s.user.email, password: PASSWORD } })).body;
    expect(
      (await call("POST", "/api/v1/auth/logout", { token: t.accessToken, body: { refreshToken: t.refreshToken } }))
        .status,
    ).toBe(200);
    expect((await call("POST", "/api/v1/auth/refresh", { body: { refreshToken: t.refreshToken } })).status).toBe(401);
  });

  it("refuses forged and expired access tokens", async () => {
    expect((await call("GET", "/api/v1/auth/me")).body).toMatchObject({ code: "unauthorized" });
    expect((await call("GET", "/api/v1/auth/me", { token: "eyJhbGciOiJIUzI1NiJ9.e30.forged" })).status).toBe(401);
    // A token signed with another server's key.
    const other = await Identities.open(server.db as never, "another-server-secret-000000");
    expect((await call("GET", "/api/v1/auth/me", { token: await other.issueAccess("someone") })).status).toBe(401);
    // One of ours, but expired.
    const ours = await Identities.open(server.db as never);
    const expired = await ours.sign({ kind: "user" }, "parlor-access", -60, "user:someone");
    expect((await call("GET", "/api/v1/auth/me", { token: expired })).status).toBe(401);
  });
});

describe("organisations", () => {
  it("an owner creates one, members join by code, roles are the owner's to set", async () => {
    const reg = async (name: string) =>
      (await call("POST", "/api/v1/auth/register", { body: { email: email(), password: PASSWORD, displayName: name } }))
        .body;
    const owner = await reg("Owner");
    const teacher = await reg("Teacher");
    const pupil = await reg("Pupil");
    const stranger = await reg("Stranger");
    const org = await call("POST", "/api/v1/orgs", { token: owner.accessToken, body: { name: "Riverside School" } });
    expect(org).toMatchObject({ status: 201, body: { name: "Riverside School", role: "owner" } });
    const id = org.body.id as string;
    for (const who of [teacher, pupil])
      expect(
        (await call("POST", "/api/v1/orgs/join", { token: who.accessToken, body: { inviteCode: org.body.inviteCode } }))
          .body,
      ).toMatchObject({ id, role: "member" });
    expect(
      (await call("POST", "/api/v1/orgs/join", { token: pupil.accessToken, body: { inviteCode: "NOPE1234" } })).body,
    ).toMatchObject({ code: "org_not_found" });
    const members = await call("GET", `/api/v1/orgs/${id}/members`, { token: pupil.accessToken });
    expect(
      members.body.members.map((m: { displayName: string; role: string }) => `${m.displayName}:${m.role}`),
    ).toEqual(["Owner:owner", "Teacher:member", "Pupil:member"]);
    // Outsiders see nothing; members cannot invite or set roles; the owner can.
    expect((await call("GET", `/api/v1/orgs/${id}/members`, { token: stranger.accessToken })).status).toBe(404);
    expect((await call("POST", `/api/v1/orgs/${id}/invite`, { token: pupil.accessToken })).status).toBe(403);
    const promote = await call("PUT", `/api/v1/orgs/${id}/members/${teacher.user.id}`, {
      token: pupil.accessToken,
      body: { role: "admin" },
    });
    expect(promote.status).toBe(403);
    await call("PUT", `/api/v1/orgs/${id}/members/${teacher.user.id}`, {
      token: owner.accessToken,
      body: { role: "admin" },
    });
    const fresh = await call("POST", `/api/v1/orgs/${id}/invite`, { token: teacher.accessToken });
    expect(fresh.body.inviteCode).not.toBe(org.body.inviteCode);
    expect(
      (
        await call("POST", "/api/v1/orgs/join", {
          token: stranger.accessToken,
          body: { inviteCode: org.body.inviteCode },
        })
      ).status,
    ).toBe(404);
    const lastOwner = await call("PUT", `/api/v1/orgs/${id}/members/${owner.user.id}`, {
      token: owner.accessToken,
      body: { role: "member" },
    });
    expect(lastOwner.body).toMatchObject({ code: "last_owner" });
    expect((await call("GET", "/api/v1/orgs", { token: teacher.accessToken })).body.orgs).toEqual([
      { id, name: "Riverside School", role: "admin", inviteCode: fresh.body.inviteCode },
    ]);
  });

  it("limits how fast one address may register, log in and refresh, and says so in the document's format", async () => {
    const limited = await startServer({ AUTH_PER_MINUTE: "10" });
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${limited.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const tooMany = { status: 429, body: { error: expect.stringMatching(/too many/i), code: "rate_limited" } };
    try {
      const made: number[] = [];
      for (let i = 0; i < 10; i++)
        made.push(
          (await post("/api/v1/auth/register", { email: email(), password: PASSWORD, displayName: "F" })).status,
        );
      expect(made.every((st) => st === 201)).toBe(true);
      expect(await post("/api/v1/auth/register", { email: email(), password: PASSWORD, displayName: "F" })).toEqual(
        tooMany,
      );
      // Ten logins a minute, wrong passwords included (guessing is what the limit is for).
      const logins: number[] = [];
      for (let i = 0; i < 10; i++)
        logins.push((await post("/api/v1/auth/login", { email: email(), password: "guess number 1" })).status);
      expect(logins.every((st) => st === 401)).toBe(true);
      expect(await post("/api/v1/auth/login", { email: email(), password: PASSWORD })).toEqual(tooMany);
      // Refreshes: six times as many (an app renews its token every quarter of an hour).
      const refreshes: number[] = [];
      for (let i = 0; i < 60; i++)
        refreshes.push((await post("/api/v1/auth/refresh", { refreshToken: "spent" })).status);
      expect(refreshes.every((st) => st === 401)).toBe(true);
      expect(await post("/api/v1/auth/refresh", { refreshToken: "spent" })).toEqual(tooMany);
    } finally {
      await limited.close();
    }
  });
});
