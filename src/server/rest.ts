import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { ApiRefusal, type GameModule, type ServiceContext } from "../engine/module";
import type { RoomHost } from "../platform/room-host";
import type { SeatTokens } from "../platform/seat-tokens";

export const ApiError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: "openapi-3.0", unrepresentable: "any", io: "input" });

const SeatRequest = z.object({ name: z.string().trim().min(1).max(40) }).strict();

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

function zodMessage(err: z.ZodError): string {
  const issue = err.issues[0];
  return issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid body";
}

/** Run a handler, turning ApiRefusal into its error reply. */
async function guarded(reply: FastifyReply, fn: () => Promise<unknown>) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiRefusal) return refuse(reply, err.status, err.code, err.message);
    if (err instanceof z.ZodError) return refuse(reply, 400, "invalid_body", zodMessage(err));
    throw err;
  }
}

/**
 * REST for every game: POST /api/v1/<slug>/rooms, seat tokens for games that sign them,
 * and each game's own routes. Bodies are parsed with zod; refusals are `{ error }`.
 */
export function registerGameRoutes(
  app: FastifyInstance,
  games: GameModule[],
  host: RoomHost,
  services: ServiceContext,
  tokens: SeatTokens,
) {
  for (const game of games) {
    const create = game.createRoom;
    if (!create) continue;
    const base = `/api/v1/${create.slug}`;
    app.post(
      `${base}/rooms`,
      {
        schema: {
          tags: [game.title],
          summary: `Create a ${game.title} room`,
          body: json(create.body),
          response: { 201: json(z.object({ roomId: z.string() })), 400: json(ApiError) },
        },
      },
      async (req, reply) =>
        guarded(reply, async () => {
          const parsed = create.body.safeParse(req.body ?? {});
          if (!parsed.success) return refuse(reply, 400, "invalid_body", zodMessage(parsed.error));
          const options = await create.toOptions(parsed.data, services);
          const roomId = await host.createRoom(game.rules.id, options);
          return reply.code(201).send({ roomId });
        }),
    );

    if (game.seatTokens === "signed") {
      app.post(
        `${base}/rooms/:code/seats`,
        {
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
          const code = String((req.params as { code: string }).code).toUpperCase();
          const rec = await host.exists(code);
          if (!rec || rec.game !== game.rules.id)
            return refuse(reply, 404, "room_not_found", "There is no room with that code.");
          return reply.code(201).send({ token: await tokens.issue(code, parsed.data.name), roomId: code });
        },
      );
    }

    for (const route of game.routes ?? []) {
      app.route({
        method: route.method,
        url: `${base}${route.path}`,
        ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
        schema: {
          tags: [game.title],
          summary: route.summary,
          ...(route.body ? { body: json(route.body) } : {}),
        },
        handler: async (req, reply) =>
          guarded(reply, async () => {
            let body: unknown = req.body;
            if (route.body) {
              const parsed = route.body.safeParse(req.body ?? {});
              if (!parsed.success) return refuse(reply, 400, "invalid_body", zodMessage(parsed.error));
              body = parsed.data;
            }
            const r = await route.handle(services, { body, params: req.params as Record<string, string> });
            return reply.code(r.status).send(r.body);
          }),
      });
    }
  }

  app.get("/api/v1/games", { schema: { summary: "Games this server hosts" } }, async () => ({
    games: games.map((g) => ({ id: g.rules.id, title: g.title, namespace: g.namespace, seats: g.rules.seats })),
  }));
}
