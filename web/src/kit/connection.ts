import type { Socket } from "socket.io-client";

/**
 * "closed": the server let this socket go on purpose (Socket.IO's `io server disconnect`: a
 * room that ended and closed, a flood cut off). Socket.IO does not reconnect after that, so
 * neither does this: saying "Reconnecting…" then would be a promise nobody keeps.
 */
export type ConnectionStatus = "connecting" | "online" | "reconnecting" | "closed";

/** Heartbeats a second; a missed answer for this long means the line is down. */
const BEAT_MS = 1000;
const SILENT_MS = 1500;
/** After this long without an answer, drop the socket so Socket.IO reconnects at once. */
const GIVE_UP_MS = 4000;

/**
 * How the socket is doing, as a player needs to know it: "reconnecting" within about two
 * seconds of the line going quiet. Socket.IO alone notices a vanished network only when its
 * ping times out (15 s or more), so the client also sends a heartbeat every second and
 * watches the browser's offline event; after a few seconds of silence it closes the
 * transport itself, which makes Socket.IO reconnect (and rejoin) straight away.
 */
export function watchConnection(socket: Socket, onChange: (s: ConnectionStatus) => void): () => void {
  let status: ConnectionStatus = socket.connected ? "online" : "connecting";
  let lastAnswer = Date.now();
  let waiting = false;
  let closed = false;
  const set = (s: ConnectionStatus) => {
    if (s === status) return;
    status = s;
    onChange(s);
  };
  const beat = window.setInterval(() => {
    if (!socket.connected) return;
    const silent = Date.now() - lastAnswer;
    if (waiting && silent > SILENT_MS) set("reconnecting");
    if (waiting && silent > GIVE_UP_MS) {
      // The engine closes, Socket.IO sees a transport close and reconnects.
      socket.io.engine?.close();
      return;
    }
    if (waiting) return;
    waiting = true;
    socket.timeout(GIVE_UP_MS).emit("@heartbeat", (err: unknown) => {
      waiting = false;
      if (err) return;
      lastAnswer = Date.now();
      if (socket.connected) set("online");
    });
  }, BEAT_MS);
  const onConnect = () => {
    lastAnswer = Date.now();
    waiting = false;
    closed = false;
    set("online");
  };
  const onDown = () => {
    if (!closed) set("reconnecting");
  };
  const onDisconnect = (reason: string) => {
    closed = reason === "io server disconnect";
    set(closed ? "closed" : "reconnecting");
  };
  // The browser knows the network went: drop the socket now rather than wait for silence.
  const onOffline = () => {
    if (closed) return;
    set("reconnecting");
    socket.io.engine?.close();
  };
  // And when it is back, try at once rather than at the end of the reconnect backoff.
  const onOnline = () => {
    if (!socket.connected && !closed) socket.connect();
  };
  socket.on("connect", onConnect);
  socket.on("disconnect", onDisconnect);
  socket.on("connect_error", onDown);
  window.addEventListener("offline", onOffline);
  window.addEventListener("online", onOnline);
  onChange(status);
  return () => {
    window.clearInterval(beat);
    socket.off("connect", onConnect);
    socket.off("disconnect", onDisconnect);
    socket.off("connect_error", onDown);
    window.removeEventListener("offline", onOffline);
    window.removeEventListener("online", onOnline);
  };
}
