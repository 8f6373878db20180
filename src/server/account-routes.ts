import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiRefusal } from "../engine/module";
import { zodMessage } from "../engine/zod-message";
import type { Accounts } from "../platform/accounts/accounts";
import { LoginLocked } from "../platform/accounts/login-backoff";
import type { Identities } from "../platform/identities";
import { FLAT_ERRORS } from "./errors";

/**
 * Accounts and organisations under /api/v1/auth and /api/v1/orgs. Their errors use the REST
 * format of the game document that specified them, `{ "error": "<for people>", "code":
 * "<stable>" }`, with its status codes (400, 401, 403, 404, 409), and so do the ones Fastify
 * raises itself on these routes (429, 413, bad JSON, 500: the routes carry `flatErrors`).
 */
const Email = z.email().max(254);
const Register = z.object({
  email: Email,
  password: z.string().max(200),
  displayName: z.string().trim().min(1).max(40),
});
const Login = z.object({ email: z.string().max(254), password: z.string().max(200) });
const Refresh = z.object({ refreshToken: z.string().min(1).max(4096) });
const Logout = z.object({ refreshToken: z.string().min(1).max(4096).optional() });
const NewOrg = z.object({ name: z.string().trim().min(1).max(80) });
const JoinOrg = z.object({ inviteCode: z.string().trim().min(4).max(20) });
const SetRole = z.object({ role: z.enum(["owner", "admin", "member"]) });

export function flatError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: message, code });
}

type Handler = (req: FastifyRequest) => Promise<{ status: number; body: unknown }>;

function handled(fn: Handler) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const r = await fn(req);
      return reply.code(r.status).send(r.body);
    } catch (err) {
      if (err instanceof LoginLocked) reply.header("retry-after", String(err.retryAfterSec));
      if (err instanceof ApiRefusal) return flatError(reply, err.status, err.code, err.message);
      if (err instanceof z.ZodError) {
        const field = String(err.issues[0]?.path[0] ?? "");
        const code = field === "email" ? "invalid_email" : "invalid_body";
        return flatError(reply, 400, code, zodMessage(err));
      }
      throw err;
    }
  };
}

/** A route's options: its OpenAPI tag, the flat error format, and a tighter rate limit if any. */
const routeOptions = (tag: string, perMinute?: number) => ({
  schema: { tags: [tag] },
  config: { ...FLAT_ERRORS, ...(perMinute ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : {}) },
});

export function registerAccountRoutes(
  app: FastifyInstance,
  accounts: Accounts,
  identities: Identities,
  authPerMinute = 10,
) {
  /** The signed-in user's id, or a 401 in the document's format. */
  const userOf = async (req: FastifyRequest): Promise<string> => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const who = await identities.fromToken(token);
    if (who?.kind !== "user")
      throw new ApiRefusal(401, "unauthorized", "Sign in: send your access token as Authorization: Bearer <token>.");
    return who.id.slice("user:".length);
  };
  /** A handler for signed-in users only: it is given the user's id (anyone else gets the 401). */
  const signedIn = (fn: (user: string, req: FastifyRequest) => ReturnType<Handler>) =>
    handled(async (req) => fn(await userOf(req), req));
  const tags = routeOptions("Accounts");
  const limited = (perMinute: number) => routeOptions("Accounts", perMinute);

  app.post(
    "/api/v1/auth/register",
    limited(authPerMinute),
    handled(async (req) => {
      const b = Register.parse(req.body ?? {});
      return { status: 201, body: await accounts.register(b.email, b.password, b.displayName) };
    }),
  );
  app.post(
    "/api/v1/auth/login",
    limited(authPerMinute),
    handled(async (req) => {
      const b = Login.parse(req.body ?? {});
      return { status: 200, body: await accounts.login(b.email, b.password) };
    }),
  );
  app.post(
    "/api/v1/auth/refresh",
    limited(authPerMinute * 6),
    handled(async (req) => {
      const b = Refresh.parse(req.body ?? {});
      return { status: 200, body: await accounts.refresh(b.refreshToken) };
    }),
  );
  app.post(
    "/api/v1/auth/logout",
    limited(60),
    signedIn(async (_user, req) => {
      await accounts.logout(Logout.parse(req.body ?? {}).refreshToken);
      return { status: 200, body: { message: "Logged out." } };
    }),
  );
  app.get(
    "/api/v1/auth/me",
    tags,
    signedIn(async (id) => {
      const user = await accounts.user(id);
      if (!user) throw new ApiRefusal(404, "user_not_found", "That account no longer exists.");
      return { status: 200, body: { user } };
    }),
  );

  const orgTags = routeOptions("Organisations");
  const orgWrites = routeOptions("Organisations", 20);
  type OrgParams = { id: string; userId: string };
  app.get(
    "/api/v1/orgs",
    orgTags,
    signedIn(async (user) => ({ status: 200, body: { orgs: await accounts.myOrgs(user) } })),
  );
  app.post(
    "/api/v1/orgs",
    orgWrites,
    signedIn(async (user, req) => ({
      status: 201,
      body: await accounts.createOrg(user, NewOrg.parse(req.body ?? {}).name),
    })),
  );
  app.post(
    "/api/v1/orgs/join",
    orgWrites,
    signedIn(async (user, req) => ({
      status: 200,
      body: await accounts.joinOrg(user, JoinOrg.parse(req.body ?? {}).inviteCode),
    })),
  );
  app.post(
    "/api/v1/orgs/:id/invite",
    orgTags,
    signedIn(async (user, req) => ({
      status: 200,
      body: { inviteCode: await accounts.rotateInvite((req.params as OrgParams).id, user) },
    })),
  );
  app.get(
    "/api/v1/orgs/:id/members",
    orgTags,
    signedIn(async (user, req) => ({
      status: 200,
      body: { members: await accounts.members((req.params as OrgParams).id, user) },
    })),
  );
  app.put(
    "/api/v1/orgs/:id/members/:userId",
    orgTags,
    signedIn(async (user, req) => {
      const p = req.params as OrgParams;
      await accounts.setRole(p.id, user, p.userId, SetRole.parse(req.body ?? {}).role);
      return { status: 200, body: { members: await accounts.members(p.id, user) } };
    }),
  );
}
