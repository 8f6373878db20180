/**
 * The baseline: a bare Socket.IO server (same library, same options as Parlor's) that
 * acknowledges every `echo` with its payload. Started by the benches (bench/harness.ts) in its own process.
 *
 * A socket that connects with `?pushHz=R&pushBytes=B` is also sent R frames a second of
 * about B characters (random phase), so the baseline can carry the same background
 * traffic as the game phase did (clue ticks, views), on both sides of the wire.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { failChild, serveChild } from "./children";

try {
  const http = createServer();
  const io = new Server(http, { maxHttpBufferSize: 2 * 1024 * 1024, cors: { origin: true } });
  io.of("/echo").on("connection", (socket) => {
    socket.on("echo", (payload: unknown, ack?: (p: unknown) => void) => {
      if (typeof ack === "function") ack(payload);
    });
    const hz = Number(socket.handshake.query.pushHz ?? 0);
    const bytes = Math.max(0, Math.min(65_536, Number(socket.handshake.query.pushBytes ?? 0)));
    if (hz > 0) {
      const frame = { type: "PUSH", pad: "x".repeat(Math.max(0, bytes - 30)) };
      const every = 1000 / hz;
      let timer: NodeJS.Timeout | null = null;
      const start = setTimeout(() => {
        timer = setInterval(() => socket.send(frame), every);
      }, Math.random() * every);
      socket.on("disconnect", () => {
        clearTimeout(start);
        if (timer) clearInterval(timer);
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(0, "127.0.0.1", resolve);
  });
  const port = (http.address() as AddressInfo).port;
  serveChild(
    port,
    () =>
      new Promise<void>((resolve) => {
        io.close(() => resolve());
      }),
  );
} catch (err) {
  failChild(err);
}
