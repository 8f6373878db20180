import { randomUUID } from "node:crypto";
import { roomKey } from "../../src/server/publisher";
import { Player } from "./client";
import { followRoom, type RoomFollower } from "./seq-follower";
import type { TestServer } from "./server";

type Packet = { data?: unknown[] };
type Broadcasting = { broadcast(packet: Packet, opts: { rooms?: Set<string> }): void };

/**
 * Lose one broadcast on purpose: the first message to room `code` on `namespace` that `which`
 * picks, from whichever of `servers` sends it, reaches no socket on any node (the nodes stay
 * up). The servers' adapters are wrapped, so this is the fan-out losing it, not the room.
 * Resolves with the lost message, once it is lost.
 */
export function dropOnce(
  servers: TestServer[],
  namespace: string,
  code: string,
  which: (msg: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown> & { seq: number }> {
  return new Promise((resolve) => {
    let done = false;
    for (const server of new Set(servers)) {
      const adapter = server.io.of(namespace).adapter as unknown as Broadcasting;
      const broadcast = adapter.broadcast.bind(adapter);
      adapter.broadcast = (packet, opts) => {
        const msg = packet.data?.[1] as Record<string, unknown> | undefined;
        const ours = opts.rooms?.has(roomKey(code)) === true;
        if (!done && ours && packet.data?.[0] === "message" && msg && which(msg)) {
          done = true;
          resolve(msg as Record<string, unknown> & { seq: number });
          return;
        }
        broadcast(packet, opts);
      };
    }
  });
}

/** A Trivia Duel room made on `node`, with long windows for acting (a busy machine never times a move out): its code. */
export async function triviaRoom(node: TestServer): Promise<string> {
  const config = { betTimeLimitSec: 300, postClueTimeoutSec: 300, answerTimeLimitSec: 300, reconnectGraceSec: 600 };
  const res = await fetch(`${node.url}/api/v1/trivia/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parlor-owner": "sync-owner-key-0123456789" },
    body: JSON.stringify({ config }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status}`);
  return ((await res.json()) as { roomId: string }).roomId;
}

/**
 * Two players in a Trivia Duel room, P1 joining through the first of `nodes` and P2 through
 * the second (one server twice is fine), both following the room's seq; the match starts.
 */
export async function triviaDuel(nodes: [TestServer, TestServer], code: string, open: { push(p: Player): unknown }) {
  const players: Player[] = [];
  const follow: RoomFollower[] = [];
  for (const node of nodes) {
    const p = new Player(node.url, "/trivia");
    open.push(p);
    follow.push(followRoom(p.socket));
    p.send({ type: "JOIN_ROOM", roomId: code, playerId: randomUUID() });
    await p.next("ROOM_STATE");
    players.push(p);
  }
  return { code, players, follow };
}
