import { describe, expect, it } from "vitest";
import { type CahBot, seatToken } from "./support/cah-bot";
import { cardTable } from "./support/flood-room";
import { rawCardSeat, stopReading } from "./support/raw-seat";
import { serverPerFile } from "./support/server";
import { until } from "./support/waits";

/**
 * A client that stops reading: a bare websocket whose TCP connection is paused (the server's
 * writes pile up once the kernel's buffers are full) and whose heartbeat is answered
 * blindly, so the server's pings never drop it. Fifty of them in a busy room once took the
 * server from 75 to 142 MB in 160 s. What waits to be sent to one connection is capped
 * (SOCKET_QUEUE_KB, small here);
 * past it the connection is closed. The kernel's socket buffers take the first few MB (on
 * this machine's loopback about 4 MB, some 3,000 of this table's inputs) before anything
 * waits in the server.
 */
// The room's two busy players send as fast as they are answered: past the usual allowance.
const server = serverPerFile({ SOCKET_QUEUE_KB: "64", SOCKET_MESSAGES_PER_SECOND: "100000" });

/** The `i`-th input of the room's traffic: Ann and Bo in turn, each going away and coming back. */
const busy = (ann: CahBot, bo: CahBot, i: number) =>
  change(i % 2 ? ann : bo, i, Math.floor(i / 2) % 2 ? "active" : "away");

/** One input that changes the table, acknowledged. */
async function change(bot: CahBot, i: number, presence: string): Promise<void> {
  const requestId = `busy-${i}`;
  const reply = new Promise<{ type: string }>((resolve) => {
    const on = (m: { type: string; requestId?: string }) => {
      if (m.requestId !== requestId) return;
      bot.socket.off("message", on);
      resolve(m);
    };
    bot.socket.on("message", on);
  });
  bot.socket.send({ type: "action", action: { type: "setPresence", presence }, requestId });
  expect(await reply).toMatchObject({ type: "ack" });
  // The bots keep every message; these thousands of views are not needed.
  bot.inbox.length = 0;
}

describe("a client that stops reading", () => {
  it("is disconnected once what waits for it passes the cap, and the others play on", async () => {
    const { roomId, bots } = await cardTable(server.url, ["Ann", "Bo"]);
    const [ann, bo] = bots as [CahBot, CahBot];
    const cards = server.io.of("/cards");
    const slow = await rawCardSeat(server.url, roomId, await seatToken(server.url, roomId, "Slow"), "Slow");
    expect(cards.sockets.size).toBe(3);
    // It stops reading, and answers the heartbeat without reading the pings: the server's
    // heartbeat alone never drops it.
    const stopPongs = stopReading(slow);
    try {
      let inputs = 0;
      while (cards.sockets.size === 3) {
        if (inputs > 20_000) throw new Error("the paused client was never disconnected");
        await busy(ann, bo, inputs);
        inputs++;
      }
      // Its seat is away now (it rejoins and resyncs when it reads again); the others go on.
      await until(
        "the slow seat shown disconnected",
        async () => {
          const s = (await server.live.get(roomId))!.state as { players: { name: string; presence: string }[] };
          return s.players.find((p) => p.name === "Slow")?.presence === "disconnected";
        },
        { ms: 10_000 },
      );
      for (let i = 0; i < 10; i++) await busy(ann, bo, inputs + i);
      expect(cards.sockets.size).toBe(2);
      expect(ann.socket.connected && bo.socket.connected).toBe(true);
    } finally {
      stopPongs();
      slow.terminate();
      for (const b of bots) b.close();
    }
  });
});
