import type { Socket } from "socket.io-client";
import type { ResyncAck, ResyncRequest } from "../../src/engine/resync";
import { followSeq } from "../../web/src/kit/sync";

/**
 * The web kit's sync rule (web/src/kit/sync.ts) on a test's socket: every message is judged
 * by its seq, gaps are asked about, and the answers are kept for the test to count. Attached
 * to a socket that is already in a room, it starts from the next message it sees.
 */
export function followRoom(socket: Socket) {
  const answers: { req: ResyncRequest; ack: ResyncAck | null }[] = [];
  const follower = followSeq(socket, (req, ack) => answers.push({ req, ack }));
  let dropped = 0;
  socket.onAny((event: string, ...args: unknown[]) => {
    // A `message` carries its seq itself; a named event, in the argument after its payload.
    if (!follower.accept(event === "message" ? args[0] : args[1])) dropped++;
  });
  return {
    answers,
    /** Answers that sent the full view (the client had missed something of its own). */
    full: () => answers.filter((a) => a.ack?.ok && a.ack.full).length,
    /** Messages dropped as stale. */
    stale: () => dropped,
    seq: () => follower.seq(),
  };
}
export type RoomFollower = ReturnType<typeof followRoom>;
