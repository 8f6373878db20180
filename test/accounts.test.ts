import { request } from "node:http";
import { describe, expect, it } from "vitest";
import type { ApiRefusal } from "../src/engine/module";
import { Accounts } from "../src/platform/accounts/accounts";
import { FIRST_LOCK_MS, LoginLocked } from "../src/platform/accounts/login-backoff";
import { Identities } from "../src/platform/identities";
import { call as rest } from "./support/rest";
import { serverPerFile, startServer } from "./support/server";

/** Accounts and organisations over REST, in the SerpentRace document's error format. */
const server = serverPerFile();

const call = (method: string, path: string, opts: { token?: string; body?: unknown } = {}) =>
  rest(server.url, method, path, opts);

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

/** POST JSON from a loopback address of our choosing (127.0.0.x), with the reply's headers. */
function postFrom(from: string, path: string, body: unknown) {
  return new Promise<{ status: number; retryAfter: string | undefined; body: Record<string, unknown> }>(
    (resolve, reject) => {
      const u = new URL(`${server.url}${path}`);
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: "POST",
          headers: { "content-type": "application/json" },
          localAddress: from,
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: res.headers["retry-after"] as string | undefined,
              body: JSON.parse(text),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(body));
    },
  );
}

describe("guessing an account's password", () => {
  it("five wrong passwords from five addresses lock the account's logins, the right password included, with Retry-After", async () => {
    const address = email();
    await call("POST", "/api/v1/auth/register", {
      body: { email: address, password: PASSWORD, displayName: "Target" },
    });
    for (let i = 1; i <= 5; i++)
      expect(
        (await postFrom(`127.0.0.${i}`, "/api/v1/auth/login", { email: address, password: `guess ${i}!` })).status,
      ).toBe(401);
    // A sixth address, and the right password: the account is locked, whoever asks.
    const right = await postFrom("127.0.0.6", "/api/v1/auth/login", { email: address, password: PASSWORD });
    expect(right).toMatchObject({
      status: 429,
      body: { code: "too_many_attempts", error: expect.stringMatching(/try again/) },
    });
    expect(Number(right.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(right.retryAfter)).toBeLessThanOrEqual(FIRST_LOCK_MS / 1000);
    expect(JSON.stringify(right.body)).not.toContain("accessToken");
    // Other accounts are not affected.
    const other = email();
    await call("POST", "/api/v1/auth/register", { body: { email: other, password: PASSWORD, displayName: "Other" } });
    expect((await postFrom("127.0.0.6", "/api/v1/auth/login", { email: other, password: PASSWORD })).status).toBe(200);
  });

  it("each wrong password past five doubles the wait, and the right one after a wait resets it", async () => {
    let now = 1_900_000_000_000;
    const accounts = new Accounts(server.db, await Identities.open(server.db as never), () => now);
    const address = email();
    await accounts.register(address, PASSWORD, "Clocked");
    const attempt = async (password: string) => {
      try {
        await accounts.login(address, password);
        return "ok";
      } catch (err) {
        return err instanceof LoginLocked ? `locked ${err.retryAfterSec}s` : (err as ApiRefusal).code;
      }
    };
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) outcomes.push(await attempt("wrong password 1"));
    outcomes.push(await attempt(PASSWORD));
    now += 10_000;
    outcomes.push(await attempt(PASSWORD));
    now += 20_000; // the first lock (30 s) is over: one more guess, and the next lock is twice as long
    outcomes.push(await attempt("wrong password 2"));
    outcomes.push(await attempt(PASSWORD));
    now += 60_000;
    outcomes.push(await attempt("wrong password 3"));
    outcomes.push(await attempt(PASSWORD));
    now += 120_000;
    // Over: the right password works and the count starts again.
    outcomes.push(await attempt(PASSWORD));
    for (let i = 0; i < 4; i++) outcomes.push(await attempt("wrong password 4"));
    outcomes.push(await attempt(PASSWORD));
    expect(outcomes).toEqual([
      ...Array(5).fill("invalid_credentials"),
      "locked 30s",
      "locked 20s",
      "invalid_credentials",
      "locked 60s",
      "invalid_credentials",
      "locked 120s",
      "ok",
      ...Array(4).fill("invalid_credentials"),
      "ok",
    ]);
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
