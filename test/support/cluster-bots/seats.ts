import type { BotContext } from "./bot";
import { expectRest } from "./rest";

/**
 * A signed seat token from a game's seat route (Card Table, Outrank): the credential a bot
 * sends in its handshake on every (re)connect. The route only signs a token (the seat is
 * taken when the socket arrives), so retrying it through a failover is harmless.
 */
export async function seatToken(ctx: BotContext, slug: string, room: string, name: string, deviceId: string) {
  const body = await expectRest(201, ctx.baseUrl, "POST", `/api/v1/${slug}/rooms/${room}/seats`, {
    body: { name, deviceId },
    retryWindowMs: ctx.reconnectWindowMs,
  });
  return body.token as string;
}
