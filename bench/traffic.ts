/**
 * What the game's sockets receive (every frame the server pushes: broadcasts, views, acks),
 * counted from the engine's raw frames so nothing is parsed twice. The echo baseline's
 * loaded run pushes the same number and size of frames to its sockets.
 */
import type { Socket } from "socket.io-client";

export const inbound = { frames: 0, bytes: 0 };

/** Count what `socket` receives; `also` sees each raw frame too (a bench's own tally of bytes). */
export function countInbound(socket: Socket, also?: (frame: string | ArrayBuffer) => void): void {
  socket.io.on("open", () => {
    socket.io.engine.on("data", (d: string | ArrayBuffer) => {
      inbound.frames++;
      inbound.bytes += typeof d === "string" ? d.length : (d.byteLength ?? 0);
      also?.(d);
    });
  });
}
