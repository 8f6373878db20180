import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type ServerOptions } from "socket.io";
import type { GameModule, ServiceContext } from "../engine/module";
import type { RoomHost } from "../platform/room-host";
import type { SeatPresence } from "../platform/seat-presence";
import type { SeatTokens } from "../platform/seat-tokens";
import { requestClientAddress, type TrustedHop, trustNoHop } from "./client-address";
import { type Config, publicOrigin } from "./config";
import { type EngineConnection, guardConnection } from "./connection-guard";
import { FloodGuard } from "./flood-guard";
import { attachGateway } from "./gateway";
import { JsonTextEncoder } from "./json-text-encoder";
import { originAllowed } from "./origin";
import type { SocketPublisher } from "./publisher";
import { RoomBudget } from "./room-budget";
import { SafeDecoder } from "./safe-decoder";
import { KeyedBuckets, TokenBucket } from "./token-bucket";

/**
 * The Socket.IO transport limit; a frame beyond it closes the socket (see docs/protocols).
 * Twice the gateway's own 64 KB message limit, so a message a little too large gets a
 * protocol error instead of a dropped connection, and no more: every frame up to this size
 * is read and parsed before anything can refuse it, and no protocol message needs more.
 */
export const MAX_FRAME_BYTES = 128 * 1024;

/**
 * Bytes one connection may send: 64 KB a second sustained, and 512 KB at once (four frames
 * of the largest size). A player's messages are a few hundred bytes, twenty a second at most.
 */
const INBOUND_BYTES_PER_SECOND = 64 * 1024;
const INBOUND_BURST_BYTES = 4 * MAX_FRAME_BYTES;

/**
 * How often the server pings each socket and how long it waits for the answer: a phone
 * that vanished without closing its socket is noticed within about 15 s, which starts its
 * seat's grace window. The web client's own heartbeat (`@heartbeat`, every second) tells
 * the player "Reconnecting…" within 2 s.
 */
const PING_INTERVAL_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;

/** Socket.IO over the HTTP server: one namespace per game, each with the generic gateway. */
export function attachSockets(
  httpServer: HttpServer,
  games: GameModule[],
  host: RoomHost,
  publisher: SocketPublisher,
  tokens: SeatTokens,
  config: Config,
  log: { warn: (o: object, m: string) => void },
  counts: { connected(): void; disconnected(): void },
  services?: ServiceContext,
  /** False once the server is draining: new connections are refused (they find another node). */
  accepting: () => boolean = () => true,
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY). */
  trusted: TrustedHop = trustNoHop,
  /** Scale-out mode: the Redis adapter (fan-out to the nodes that hold a room's sockets) and seat presence. */
  cluster?: { adapter: ServerOptions["adapter"]; presence: SeatPresence },
  /** Rooms per client address, shared with the REST routes that make rooms. */
  rooms: RoomBudget = new RoomBudget(config.ROOMS_PER_MINUTE),
) {
  const floods = new FloodGuard();
  const connections = new KeyedBuckets(
    config.SOCKET_JOINS_PER_MINUTE,
    Math.max(10, config.SOCKET_JOINS_PER_MINUTE / 2),
  );
  // The port actually listened on (PORT may be 0: any free port).
  const ownOrigin = () => publicOrigin(config, (httpServer.address() as AddressInfo | null)?.port);
  const io = new Server(httpServer, {
    // Same wire format; skips the encoder's search for binary in every payload (see
    // json-text-encoder.ts); the decoder answers a broken frame instead of dropping the socket.
    parser: { Encoder: JsonTextEncoder, Decoder: SafeDecoder },
    maxHttpBufferSize: MAX_FRAME_BYTES,
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    ...(cluster ? { adapter: cluster.adapter } : {}),
    // Pages from other origins are refused, and one address may open only so many connections
    // a minute (the same allowance as joins): a socket cut off for flooding cannot simply return.
    allowRequest: (req, done) => {
      const client = requestClientAddress(req, trusted);
      done(
        null,
        accepting() &&
          originAllowed(req.headers.origin, req.headers.host, ownOrigin(), config.ALLOWED_ORIGINS) &&
          !floods.banned(client) &&
          connections.take(client),
      );
    },
  });
  // Every connection's bytes in, and bytes waiting for it, whatever namespaces it joins.
  const connectionLimits = {
    bytesPerSecond: INBOUND_BYTES_PER_SECOND,
    burstBytes: INBOUND_BURST_BYTES,
    maxQueuedBytes: config.SOCKET_QUEUE_KB * 1024,
  };
  io.engine.on("connection", (conn: EngineConnection) => {
    guardConnection(conn, connectionLimits, (reason) => {
      const address = requestClientAddress(conn.request, trusted);
      // A flood keeps its address out for a while; a slow reader is only dropped (a phone in
      // a tunnel is not an attack), and resyncs when it comes back.
      if (reason === "sent too much") {
        floods.ban(address);
        log.warn({ address }, "socket disconnected for flooding");
      } else
        log.warn(
          { address, maxQueuedBytes: connectionLimits.maxQueuedBytes },
          "socket disconnected: it reads too slowly",
        );
    });
  });
  const limits = {
    messagesPerSecond: config.SOCKET_MESSAGES_PER_SECOND,
    messageBurst: config.SOCKET_MESSAGES_PER_SECOND * 2,
    maxQueued: 32,
    joinsPerMinute: config.SOCKET_JOINS_PER_MINUTE,
    rooms,
  };
  for (const game of games) {
    const ns = io.of(game.namespace);
    // The gateway's limits and logs key on the handshake's address: make it the client's.
    ns.use((s, next) => {
      s.handshake.address = requestClientAddress(s.request, trusted);
      next();
    });
    publisher.register(game.rules.id, ns, game.wire);
    ns.on("connection", (s) => {
      counts.connected();
      s.on("disconnect", () => counts.disconnected());
      // The client's heartbeat: answered at once, so a silent network shows within seconds.
      const beats = new TokenBucket(4, 8);
      s.on("@heartbeat", (ack: unknown) => {
        if (typeof ack === "function" && beats.take()) (ack as () => void)();
      });
    });
    attachGateway(ns, { game, host, log, tokens, limits, floods, services, presence: cluster?.presence });
  }
  return io;
}
