import type { Namespace, Socket } from "socket.io";
import type { ClientFrame, GameModule } from "../engine/module";
import type { RoomHost } from "../platform/room-host";
import type { SeatTokens } from "../platform/seat-tokens";
import { roomKey, seatKey, spectatorKey } from "./publisher";

interface Membership {
  code: string;
  seat: string | null;
  credential: string | undefined;
}

/** Largest message we read at all; bigger ones are refused before parsing. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * The generic socket gateway: parse with the game's wire adapter, hand intents to the
 * room host, answer refusals with the protocol's error message. It never looks inside
 * intents or views.
 */
export function attachGateway(
  ns: Namespace,
  game: GameModule,
  host: RoomHost,
  log: { warn: (o: object, m: string) => void },
  tokens: SeatTokens,
) {
  const gameId = game.rules.id;
  const wire = game.wire;
  // How many sockets hold each seat: a seat is disconnected when its last socket goes.
  const holders = new Map<string, number>();
  const holderKey = (code: string, seat: string) => `${code}\u0000${seat}`;

  ns.on("connection", (socket: Socket) => {
    let member: Membership | null = null;
    let chain: Promise<unknown> = Promise.resolve();
    const send = (msg: unknown) => socket.emit("message", msg);
    const refuse = (code: string, message: string, requestId?: string) => send(wire.error(code, message, requestId));

    const release = async () => {
      if (!member) return;
      const { code, seat } = member;
      socket.leave(roomKey(code));
      if (seat === null) {
        socket.leave(spectatorKey(code));
      } else {
        socket.leave(seatKey(code, seat));
        const k = holderKey(code, seat);
        const n = (holders.get(k) ?? 1) - 1;
        if (n <= 0) {
          holders.delete(k);
          member = null;
          await host.presence(code, seat, "disconnected");
        } else holders.set(k, n);
      }
      member = null;
    };

    const join = async (frame: Extract<ClientFrame, { kind: "join" }>) => {
      if (member) await release();
      const code = frame.roomId;
      let credential = frame.credential;
      let name = frame.name;
      // Signed seats: the token must be ours and for this room; its subject is the credential.
      if (game.seatTokens === "signed" && credential !== undefined) {
        const proof = await tokens.verify(credential, code);
        if (!proof) return refuse("bad_token", "That seat token is not valid for this room.", frame.requestId);
        credential = proof.credential;
        name = name ?? proof.name;
      }
      // Listen to the room before joining, so the broadcasts our own join causes
      // (PLAYER_JOINED, the match starting) reach this socket too.
      socket.join(roomKey(code));
      const r = await host.join(gameId, code, credential, name, game.createOnJoin ?? false);
      if (r.refused?.code === "room_not_found") {
        socket.leave(roomKey(code));
        return refuse("room_not_found", "There is no room with that code.", frame.requestId);
      }
      member = { code, seat: r.seat, credential };
      if (r.seat) {
        socket.join(seatKey(code, r.seat));
        const k = holderKey(code, r.seat);
        holders.set(k, (holders.get(k) ?? 0) + 1);
      } else {
        socket.join(spectatorKey(code));
        if (r.refused) refuse(r.refused.code, r.refused.message, frame.requestId);
        if (wire.spectating) send(wire.spectating(code));
      }
      send(await host.view(code, r.seat));
    };

    const handle = async (frame: ClientFrame) => {
      switch (frame.kind) {
        case "invalid":
          return refuse(frame.code, frame.message, frame.requestId);
        case "join":
          return join(frame);
        case "leave": {
          if (!member?.seat || !member.credential)
            return refuse("not_seated", "You have no seat to leave.", frame.requestId);
          const { code, seat, credential } = member;
          const r = await host.leave(code, credential);
          if (!r.ok) return refuse(r.code, r.message, frame.requestId);
          socket.leave(seatKey(code, seat));
          holders.delete(holderKey(code, seat));
          socket.join(spectatorKey(code));
          member = { code, seat: null, credential: undefined };
          return;
        }
        case "intent": {
          if (!member) return refuse("not_in_room", "Join a room first.", frame.requestId);
          if (!member.seat) return refuse("spectator", "Spectators cannot play.", frame.requestId);
          const r = await host.input(member.code, member.seat, frame.intent);
          if (!r.ok) return refuse(r.code, r.message, frame.requestId);
          if (frame.requestId && wire.ack) send(wire.ack(frame.requestId));
          return;
        }
      }
    };

    // One message at a time per socket, so a client's inputs keep their order.
    const enqueue = (frame: ClientFrame) => {
      chain = chain
        .then(() => handle(frame))
        .catch((err) => {
          log.warn({ err }, "socket message failed");
          refuse("server_error", "Something went wrong; try again.");
        });
    };

    socket.on("message", (raw: unknown) => {
      let size = 0;
      try {
        size = JSON.stringify(raw ?? null).length;
      } catch {
        size = Number.POSITIVE_INFINITY;
      }
      if (size > MAX_MESSAGE_BYTES) return refuse("message_too_large", "That message is too large.");
      enqueue(wire.parse(raw));
    });

    if (wire.handshake) {
      const frame = wire.handshake(socket.handshake.auth);
      if (frame) enqueue(frame);
    }

    socket.on("disconnect", () => {
      chain = chain.then(release).catch((err) => log.warn({ err }, "release failed"));
    });
  });
}
