import type { Namespace, Socket } from "socket.io";
import type { GameModule, ServiceContext } from "../engine/module";
import type { RoomHost } from "../platform/room-host";
import type { SeatPresence } from "../platform/seat-presence";
import type { SeatTokens } from "../platform/seat-tokens";
import { asksCompact, enrol } from "./compact-views";
import { FloodGuard } from "./flood-guard";
import { type FrameLimits, gateFrames } from "./frame-gate";
import type { RoomBudget } from "./room-budget";
import { SeatSockets } from "./seat-sockets";
import { frameHandler, readFrame } from "./socket-frames";
import { SocketJoins } from "./socket-join";
import { SocketSession } from "./socket-session";

/** Per-socket and per-address limits (see docs/operations.md for the settings). */
export interface GatewayLimits extends FrameLimits {
  /** Joins (connections asking for a room) per client address per minute. */
  joinsPerMinute: number;
  /** Rooms a client address may create, shared with every other way of making one (games whose joins create rooms). */
  rooms: RoomBudget;
}

export interface GatewayDeps {
  game: GameModule;
  host: RoomHost;
  log: { warn: (o: object, m: string) => void };
  tokens: SeatTokens;
  limits: GatewayLimits;
  floods?: FloodGuard;
  services?: ServiceContext | undefined;
  /** Scale-out mode: seat presence across the cluster (a seat is gone when no node has its socket). */
  presence?: SeatPresence | undefined;
}

/**
 * The generic socket gateway for one game's namespace: parse with the game's wire adapter,
 * hand intents to the room host, answer refusals with the protocol's error message. It never
 * looks inside intents or views. It composes one module per job: admission and flood control
 * (`frame-gate.ts`), authentication and joining (`socket-join.ts`), what each frame does
 * (`socket-frames.ts`), and who listens where (`seat-sockets.ts`).
 */
export function attachGateway(ns: Namespace, deps: GatewayDeps) {
  const { game, host, log, limits } = deps;
  const wire = game.wire;
  const reads = new Set(["message", ...(wire.events ?? [])]);
  const seats = new SeatSockets(ns, host, log, deps.presence);
  const joins = new SocketJoins({
    game,
    host,
    tokens: deps.tokens,
    seats,
    services: deps.services,
    joinsPerMinute: limits.joinsPerMinute,
    rooms: limits.rooms,
  });
  const floods = deps.floods ?? new FloodGuard();

  ns.on("connection", (socket: Socket) => {
    // The compact wire needs this node to hold each socket's view; scale-out nodes do not
    // see each other's sockets, so there every client keeps today's wire.
    if (deps.presence === undefined && asksCompact(socket.handshake.auth, wire.packing)) enrol(socket);
    const session = new SocketSession(socket, wire);
    const handle = frameHandler(session, { host, seats, joins });
    const frames = gateFrames(
      session,
      { limits, floods, log, reads, read: (event, raw) => readFrame(wire, event, raw) },
      handle,
    );
    if (wire.handshake) {
      const frame = wire.handshake(socket.handshake.auth);
      if (frame) frames.enqueue(frame);
    }
    socket.on("disconnect", () => frames.after(() => seats.release(session)));
  });
}
