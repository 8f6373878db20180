import { io, type Socket } from "socket.io-client";

/**
 * One socket per game namespace, WebSocket only: long-polling would add a round of HTTP
 * requests before every upgrade and the server does not need it.
 */
export function connectNamespace(namespace: string): Socket {
  // forceNew: each page gets its own connection, so leaving a room can never disturb the next one.
  return io(namespace, { transports: ["websocket"], forceNew: true, reconnectionDelayMax: 4000 });
}
