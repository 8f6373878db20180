import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { GameModule } from "../engine/module";
import type { RoomHost } from "../platform/room-host";

export const ApiError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

const json = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: "openapi-3.0", unrepresentable: "any", io: "input" });

/** REST for every game that can create rooms: POST /api/v1/<slug>/rooms. */
export function registerRoomRoutes(app: FastifyInstance, games: GameModule[], host: RoomHost) {
  for (const game of games) {
    const create = game.createRoom;
    if (!create) continue;
    app.post(
      `/api/v1/${create.slug}/rooms`,
      {
        schema: {
          tags: [game.title],
          summary: `Create a ${game.title} room`,
          body: json(create.body),
          response: { 201: json(z.object({ roomId: z.string() })), 400: json(ApiError) },
        },
      },
      async (req, reply) => {
        const parsed = create.body.safeParse(req.body ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return reply.code(400).send({
            error: {
              code: "invalid_body",
              message: issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid body",
            },
          });
        }
        const roomId = await host.createRoom(game.rules.id, create.toOptions(parsed.data));
        return reply.code(201).send({ roomId });
      },
    );
  }

  app.get("/api/v1/games", { schema: { summary: "Games this server hosts" } }, async () => ({
    games: games.map((g) => ({ id: g.rules.id, title: g.title, namespace: g.namespace, seats: g.rules.seats })),
  }));
}
