/**
 * The baseline: a bare Socket.IO server (same library, same options as Parlor's) that
 * acknowledges every `echo` with its payload. Started by the benches (bench/harness.ts) in its own process.
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
