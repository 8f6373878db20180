import { createRequire } from "node:module";
import type { Socket as NetSocket } from "node:net";

/** The `ws` package's client, as much of it as we use (it ships no types of its own). */
export interface RawWebSocket {
  /** The TCP socket under it. */
  _socket: NetSocket;
  send(data: string): void;
  on(event: "message", fn: (data: Buffer) => void): void;
  on(event: "open" | "close", fn: () => void): void;
  terminate(): void;
}
const { WebSocket } = createRequire(import.meta.url)("ws") as {
  WebSocket: new (url: string) => RawWebSocket;
};

/**
 * A Card Table seat on a bare websocket, speaking engine.io and Socket.IO by hand, so no
 * client library notices a silence and hangs up for it: resolves once it has its state.
 */
export function rawCardSeat(url: string, roomId: string, token: string, name: string): Promise<RawWebSocket> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`);
  return new Promise((resolve, reject) => {
    ws.on("close", () => reject(new Error("closed before it was seated")));
    ws.on("message", (data) => {
      const frame = data.toString();
      // engine.io's "open", then Socket.IO's CONNECT to /cards with the seat's auth.
      if (frame.startsWith("0{")) ws.send(`40/cards,${JSON.stringify({ roomId, token, name })}`);
      else if (frame.startsWith("42/cards,") && frame.includes('"type":"state"') && frame.includes('"you":"'))
        resolve(ws);
    });
  });
}

/**
 * Stop reading (the TCP socket paused: once the kernel's buffers fill, the server's writes
 * wait in the server) and answer the heartbeat blindly with engine.io's pong packet, so the
 * server's pings never drop the connection. Returns the function that stops the pongs.
 */
export function stopReading(ws: RawWebSocket): () => void {
  ws._socket.pause();
  const pongs = setInterval(() => ws.send("3"), 1000);
  return () => clearInterval(pongs);
}
