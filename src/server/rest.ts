import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ApiRefusal,
  type GameModule,
  type RouteDef,
  type RouteInput,
  type ServiceContext,
  type ServiceModule,
} from "../engine/module";
import { RoomCode } from "../engine/room-code-schema";
import { zodMessage } from "../engine/zod-message";
import { HostRefusal, type RoomHost } from "../platform/room-host";
import type { SeatTokens } from "../platform/seat-tokens";
import { FLAT_ERRORS } from "./errors";
import type { RoomBudget } from "./room-budget";

export const ApiError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

const json = (schema: z.ZodType, io: "input" | "output" = "input") =>
  z.toJSONSchema(schema, { target: "openapi-3.0", unrepresentable: "any", io });

/** The flat refusal some documents' own REST uses (`errors: "flat"`). */
const FlatApiError = z.object({ error: z.string(), code: z.string() });

/** The OpenAPI security scheme the platform's bearer tokens (player and access tokens) go by. */
export const BEARER_SCHEME = "bearerAuth";

/** A browser's own secret (kept in its storage), so a kicked browser cannot sit down again. */
const DeviceId = z.string().min(16).max(128);
const SeatRequest = z.object({ name: z.string().trim().min(1).max(40), deviceId: DeviceId.optional() }).strict();
/** Seat tokens and room lookups answer whether a code exists: slow enough that guessing codes is hopeless. */
const LOOKUPS_PER_MINUTE = 60;

const HOST_STATUS: Record<string, number> = { server_full: 503, room_exists: 409, storage_unavailable: 503 };

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/** Run a handler, turning ApiRefusal, HostRefusal and zod errors into their error reply. */
async function guarded(reply: FastifyReply, fn: () => Promise<unknown>, flat = false) {
  const no = (status: number, code: string, message: string) =>
    flat ? reply.code(status).send({ error: message, code }) : refuse(reply, status, code, message);
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiRefusal) return no(err.status, err.code, err.message);
    if (err instanceof HostRefusal) return no(HOST_STATUS[err.code] ?? 400, err.code, err.message);
    if (err instanceof z.ZodError) return no(400, "invalid_body", zodMessage(err));
    throw err;
  }
}

function routeInput(req: FastifyRequest, body: unknown): RouteInput {
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : v;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>))
    if (typeof v === "string") query[k] = v;
  return { body, params: req.params as Record<string, string>, query, headers, client: req.ip };
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * REST for every game: POST /api/v1/<slug>/rooms, seat tokens for games that sign them,
 * each game's own routes, and a lookup from a room code to its game. Bodies are parsed
 * with zod; refusals are `{ error: { code, message } }`.
 */
export function registerGameRoutes(
  app: FastifyInstance,
  games: GameModule[],
  host: RoomHost,
  services: ServiceContext,
  tokens: SeatTokens,
  /** Rooms per client address, shared with every other way a room is made. */
  rooms: RoomBudget,
) {
  for (const game of games) {
    const create = game.createRoom;
    const slug = create?.slug ?? game.slug;
    const base = slug ? `/api/v1/${slug}` : "/api/v1";
    // A game without createRoom seats players through its own routes (SerpentRace's join).
    if (create) {
      app.post(
        `${base}/rooms`,
        {
          schema: {
            tags: [game.title],
            summary: `Create a ${game.title} room`,
            body: json(create.body),
            response: { 201: json(z.object({ roomId: z.string() })), 400: json(ApiError), 429: json(ApiError) },
          },
        },
        async (req, reply) =>
          guarded(reply, async () => {
            const parsed = create.body.safeParse(req.body ?? {});
            if (!parsed.success) return refuse(reply, 400, "invalid_body", zodMessage(parsed.error));
            // Before the options are built: that may store content sent with the room.
            rooms.spend(req.ip);
            const options = await create.toOptions(parsed.data, services, routeInput(req, parsed.data));
            const roomId = await host.createRoom(game.rules.id, options);
            return reply.code(201).send({ roomId });
          }),
      );

      if (game.seatTokens === "signed") {
        app.post(
          `${base}/rooms/:code/seats`,
          {
            config: perMinute(LOOKUPS_PER_MINUTE),
            schema: {
              tags: [game.title],
              summary: "Get a signed seat token for a room (send it as `auth.token` when connecting)",
              body: json(SeatRequest),
              response: { 201: json(z.object({ token: z.string(), roomId: z.string() })), 404: json(ApiError) },
            },
          },
          async (req, reply) => {
            const parsed = SeatRequest.safeParse(req.body ?? {});
            if (!parsed.success) return refuse(reply, 400, "invalid_body", zodMessage(parsed.error));
            const code = await roomOfGame(req, host, game);
            if (!code) return refuse(reply, 404, "room_not_found", "There is no room with that code.");
            const token = await tokens.issue(code, parsed.data.name, parsed.data.deviceId);
            return reply.code(201).send({ token, roomId: code });
          },
        );
        registerHandoverRoutes(app, base, game, host, tokens);
      }
    }

    registerRoutes(app, base, game.title, game.routes ?? [], services);
  }

  const bySlug = new Map(games.map((g) => [g.rules.id, g]));
  app.get(
    "/api/v1/rooms/:code",
    {
      config: perMinute(LOOKUPS_PER_MINUTE),
      schema: {
        summary: "Which game a room code belongs to (for a single 'enter a code' box)",
        response: {
          200: json(z.object({ roomId: z.string(), game: z.string(), title: z.string(), slug: z.string().optional() })),
          404: json(ApiError),
        },
      },
    },
    async (req, reply) => {
      const code = RoomCode.safeParse((req.params as { code: string }).code);
      const rec = code.success ? await host.exists(code.data) : null;
      const game = rec ? bySlug.get(rec.game) : undefined;
      if (!rec || !game) return refuse(reply, 404, "room_not_found", "There is no room with that code.");
      return {
        roomId: rec.code,
        game: game.rules.id,
        title: game.title,
        ...((game.createRoom?.slug ?? game.slug) ? { slug: game.createRoom?.slug ?? game.slug } : {}),
      };
    },
  );

  app.get("/api/v1/games", { schema: { summary: "Games this server hosts" } }, async () => ({
    games: games.map((g) => ({ id: g.rules.id, title: g.title, namespace: g.namespace, seats: g.rules.seats })),
  }));
}

/** The open room of `game` that a route's `:code` names, or null. */
async function roomOfGame(req: FastifyRequest, host: RoomHost, game: GameModule): Promise<string | null> {
  const code = RoomCode.safeParse((req.params as { code: string }).code);
  const rec = code.success ? await host.exists(code.data) : null;
  return code.success && rec && rec.game === game.rules.id ? code.data : null;
}

const HandoverRequest = z
  .object({
    token: z.string().min(1).max(2000).describe("the seat token of the player making the offer"),
    seat: z.string().min(1).max(40).optional().describe("the seat to hand over; the caller's own by default"),
  })
  .strict();
const HandoverClaim = z
  .object({ handover: z.string().min(1).max(2000), name: SeatRequest.shape.name, deviceId: DeviceId.optional() })
  .strict();
const BAD_HANDOVER = { code: "bad_handover", message: "That seat link is not valid here, or has expired." };
const HANDOVER_STATUS: Record<string, number> = {
  room_not_found: 404,
  bad_token: 401,
  bad_handover: 401,
  handover_used: 409,
  server_full: 503,
  storage_unavailable: 503,
};

/**
 * Handing a seat to someone watching (docs/architecture.md, Decisions D5), for games whose
 * seats are signed: the holder (or whoever the game's rules allow) gets a one-time code, and
 * whoever brings it gets a seat token for that seat; the old one stops proving it.
 */
function registerHandoverRoutes(
  app: FastifyInstance,
  base: string,
  game: GameModule,
  host: RoomHost,
  tokens: SeatTokens,
) {
  const answer = (reply: FastifyReply, r: { code: string; message: string }) =>
    refuse(reply, HANDOVER_STATUS[r.code] ?? 403, r.code, r.message);
  /** One POST under the room: its body parsed, the room found (and this game's), then `run`. */
  const route = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    replies: { 201: z.ZodType; refusals: number[] },
    run: (data: z.infer<B>, code: string, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post(
      `${base}/rooms/:code/${path}`,
      {
        config: perMinute(LOOKUPS_PER_MINUTE),
        schema: {
          tags: [game.title],
          summary,
          body: json(body),
          response: {
            201: json(replies[201]),
            ...Object.fromEntries(replies.refusals.map((status) => [status, json(ApiError)])),
          },
        },
      },
      async (req, reply) =>
        guarded(reply, async () => {
          const parsed = body.safeParse(req.body ?? {});
          if (!parsed.success) return refuse(reply, 400, "invalid_body", zodMessage(parsed.error));
          const code = await roomOfGame(req, host, game);
          if (!code) return refuse(reply, 404, "room_not_found", "There is no room with that code.");
          return run(parsed.data, code, reply);
        }),
    );

  route(
    "handovers",
    "Offer a seat (yours, or one the rules let you) to someone watching: a one-time code, 30 minutes",
    HandoverRequest,
    { 201: z.object({ handover: z.string(), seat: z.string(), roomId: z.string() }), refusals: [401, 403, 404] },
    async (data, code, reply) => {
      const held = await tokens.verify(data.token, code);
      if (!held) return refuse(reply, 401, "bad_token", "That seat token is not valid for this room.");
      const r = await host.offerSeat(code, held.credential, data.seat);
      if (!r.ok) return answer(reply, r);
      const handover = await tokens.handover(code, r.seat, r.from);
      return reply.code(201).send({ handover, seat: r.seat, roomId: code });
    },
  );
  route(
    "handovers/claim",
    "Take an offered seat: a seat token for it (the seat's old token stops proving it)",
    HandoverClaim,
    { 201: z.object({ token: z.string(), seat: z.string(), roomId: z.string() }), refusals: [401, 404, 409] },
    async ({ handover, name, deviceId }, code, reply) => {
      const offer = await tokens.readHandover(handover, code);
      if (!offer) return answer(reply, BAD_HANDOVER);
      const token = await tokens.issue(code, name, deviceId);
      const held = await tokens.verify(token, code);
      if (!held) return refuse(reply, 500, "server_error", "The new seat token could not be read.");
      const r = await host.takeOffer(code, offer, {
        credential: held.credential,
        name,
        ...(deviceId ? { device: deviceId } : {}),
      });
      if (!r.ok) return answer(reply, r);
      return reply.code(201).send({ token, seat: offer.seat, roomId: code });
    },
  );
}

/** A route's OpenAPI description: body, query, replies, refusals and how it is authorised. */
function routeSchema(route: RouteDef, title: string) {
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(route.responses ?? {})) response[status] = json(schema, "output");
  for (const status of route.refusals ?? [])
    response[String(status)] = json(route.errors === "flat" ? FlatApiError : ApiError, "output");
  // An empty requirement ({}) is OpenAPI's "or no token at all".
  const bearer: Record<string, string[]> = { [BEARER_SCHEME]: [] };
  const security: Record<string, string[]>[] | undefined =
    route.auth === "bearer" ? [bearer] : route.auth === "optional-bearer" ? [bearer, {}] : undefined;
  return {
    tags: [title],
    summary: route.summary,
    ...(route.body ? { body: json(route.body) } : {}),
    ...(route.query ? { querystring: json(route.query) } : {}),
    ...(Object.keys(response).length ? { response } : {}),
    ...(security ? { security } : {}),
  };
}

/** A game's own REST routes under `base`, each body parsed with its zod schema first. */
function registerRoutes(
  app: FastifyInstance,
  base: string,
  title: string,
  routes: RouteDef[],
  services: ServiceContext,
) {
  for (const route of routes) {
    const flat = route.errors === "flat";
    app.route({
      method: route.method,
      url: route.absolute ? route.path : `${base}${route.path}`,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      // The flag makes the errors Fastify raises itself (429, bad JSON, 413, 500) flat too.
      config: { ...(route.perMinute ? perMinute(route.perMinute) : {}), ...(flat ? FLAT_ERRORS : {}) },
      schema: routeSchema(route, title),
      handler: async (req, reply) =>
        guarded(
          reply,
          async () => {
            let body: unknown = req.body;
            if (route.body) body = route.body.parse(req.body ?? {});
            const r = await route.handle(services, routeInput(req, body));
            return reply.code(r.status).send(r.body);
          },
          flat,
        ),
    });
  }
}

/** Games played over REST alone: their routes under /api/v1/<slug>/. */
export function registerServiceRoutes(app: FastifyInstance, games: ServiceModule[], services: ServiceContext) {
  for (const game of games) registerRoutes(app, `/api/v1/${game.slug}`, game.title, game.routes ?? [], services);
}
