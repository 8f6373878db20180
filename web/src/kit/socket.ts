import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";

/** What a game may add to the handshake; `auth` as a function is read again on every reconnect. */
export type ConnectOptions = Pick<Partial<ManagerOptions & SocketOptions>, "auth"> & {
  /** The room the socket is for, named in its URL so a load balancer can keep a room's sockets on one node. */
  room?: string | undefined;
};

/**
 * One socket per game namespace, WebSocket only: long-polling would add a round of HTTP
 * requests before every upgrade and the server does not need it.
 */
export function connectNamespace(namespace: string, { room, ...opts }: ConnectOptions = {}): Socket {
  // forceNew: each page gets its own connection, so leaving a room can never disturb the next one.
  return io(namespace, {
    transports: ["websocket"],
    forceNew: true,
    reconnectionDelayMax: 4000,
    ...(room ? { query: { room } } : {}),
    ...opts,
  });
}
