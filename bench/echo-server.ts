/**
 * The baseline: a bare Socket.IO server (same library, same options as Parlor's) that
 * acknowledges every `echo` with its payload. Started by the benches (bench/harness.ts) in its own process.
 *
 * A socket that connects with `?pushHz=R&pushBytes=B` is also sent R frames a second of
 * about B characters (random phase), so the baseline can carry the same background
 * traffic as the game phase did (clue ticks, views), on both sides of the wire.
 *
 * A socket that connects with `?table=T&states=S&stateBytes=B&events=E&eventBytes=C` sits
 * at table T with the other sockets that named it, and each `echo` it sends is answered
 * the way a game answers an input: first every socket at the table is sent S frames of
 * about B characters, each its own (a seat's view), then E frames of about C characters
 * the whole table shares (events), and only then the ack. Fractional S and E are rounded
 * up or down at random so their means hold. No rules, no storage: what is left is the
 * cost of the traffic itself.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Namespace, Server } from "socket.io";
import { Decoder } from "socket.io-parser";
import { JsonTextEncoder } from "../src/server/json-text-encoder";
import { failChild, serveChild } from "./children";

interface TableShape {
  room: string;
  states: number;
  events: number;
  statePad: string;
  eventPad: string;
}

function tableShape(q: Record<string, unknown>): TableShape | null {
  if (typeof q.table !== "string") return null;
  const num = (v: unknown, max: number) => Math.max(0, Math.min(max, Number(v ?? 0) || 0));
  return {
    room: `t:${q.table}`,
    states: num(q.states, 20),
    events: num(q.events, 50),
    statePad: "x".repeat(Math.max(0, num(q.stateBytes, 65_536) - 60)),
    eventPad: "x".repeat(Math.max(0, num(q.eventBytes, 65_536) - 60)),
  };
}

/** A whole number whose mean is `x`. */
const around = (x: number) => Math.floor(x) + (Math.random() < x - Math.floor(x) ? 1 : 0);

/** What a game sends when one seat's input is accepted: a view per seat, then the shared events. */
function answerAtTable(nsp: Namespace, t: TableShape): void {
  const ids = nsp.adapter.rooms.get(t.room) ?? new Set<string>();
  for (let i = around(t.states); i > 0; i--)
    for (const id of ids) nsp.sockets.get(id)?.emit("message", { type: "state", state: { seat: id, pad: t.statePad } });
  for (let i = around(t.events); i > 0; i--)
    nsp.to(t.room).emit("message", { type: "event", event: { pad: t.eventPad } });
}

try {
  const http = createServer();
  const io = new Server(http, {
    parser: { Encoder: JsonTextEncoder, Decoder },
    maxHttpBufferSize: 2 * 1024 * 1024,
    cors: { origin: true },
  });
  const nsp = io.of("/echo");
  nsp.on("connection", (socket) => {
    const table = tableShape(socket.handshake.query);
    if (table) void socket.join(table.room);
    socket.on("echo", (payload: unknown, ack?: (p: unknown) => void) => {
      if (table) answerAtTable(nsp, table);
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
