import { secret } from "../bots/random";
import type { BotContext } from "./bot";
import { expectRest } from "./rest";

/**
 * A signed seat token from a game's seat route (Card Table, Outrank): the credential a bot
 * sends in its handshake on every (re)connect. The route only signs a token (the seat is
 * taken when the socket arrives), so retrying it through a failover is harmless.
 */
export async function seatToken(ctx: BotContext, slug: string, room: string, name: string, deviceId: string) {
  const body = await expectRest(201, ctx, "POST", `/api/v1/${slug}/rooms/${room}/seats`, {
    body: { name, deviceId },
    retryWindowMs: ctx.reconnectWindowMs,
  });
  return body.token as string;
}

/**
 * A room made over a game's REST (`POST /api/v1/<slug>/rooms` with `body`) and a seat token
 * for each of `players` bots, named "<label> <room> <n>".
 */
export async function createTokenRoom(ctx: BotContext, slug: string, label: string, body: unknown, players: number) {
  const made = await expectRest(201, ctx, "POST", `/api/v1/${slug}/rooms`, {
    body,
    retryWindowMs: ctx.reconnectWindowMs,
  });
  const room = made.roomId as string;
  const seats: { name: string; token: string }[] = [];
  for (let i = 0; i < players; i++) {
    const name = `${label} ${room} ${i + 1}`;
    seats.push({ name, token: await seatToken(ctx, slug, room, name, secret(ctx.rng, "device")) });
  }
  return { room, seats };
}
