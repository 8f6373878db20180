import type { Namespace, Socket } from "socket.io";
import type { ClientFrame, GameModule, ServiceContext } from "../engine/module";
import { hashSecret } from "../platform/membership";
import { HostRefusal, type RoomHost } from "../platform/room-host";
import type { SeatPresence } from "../platform/seat-presence";
import type { SeatTokens } from "../platform/seat-tokens";
import { FloodGuard } from "./flood-guard";
import { asMessage, holderKey, roomKey, seatKey, spectatorKey } from "./publisher";
import { watchQuietRooms } from "./quiet-resync";
import { MALFORMED } from "./safe-decoder";
import { KeyedBuckets, TokenBucket } from "./token-bucket";

/** Per-socket and per-address limits (see docs/operations.md for the settings). */
export interface GatewayLimits {
  /** Messages a socket may send per second, sustained. */
  messagesPerSecond: number;
  /** Messages a socket may send at once after a quiet spell. */
  messageBurst: number;
  /** Messages a socket may have waiting to be handled; more are refused. */
  maxQueued: number;
  /** Joins (connections asking for a room) per client address per minute. */
  joinsPerMinute: number;
  /** Rooms a client address may create per minute by joining an unknown code (createOnJoin games). */
  roomsPerMinute: number;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  messagesPerSecond: 20,
  messageBurst: 40,
  maxQueued: 32,
  joinsPerMinute: 120,
  roomsPerMinute: 30,
};

/** Largest message we read at all; bigger ones are refused before parsing. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** A flooding socket hears `rate_limited` at most this often (its acks always answer). */
const RATE_ERROR_EVERY_MS = 250;
/**
 * A socket that keeps sending far past its allowance (this many refused messages within
 * FLOOD_WINDOW_MS) is disconnected: reading a flood costs the server even when every
 * message is refused. Its client may reconnect, within the address's join allowance.
 */
const FLOOD_REFUSALS = 200;
const FLOOD_WINDOW_MS = 10_000;

/** A message's own request id, read without parsing the rest (a flood is refused before parsing). */
function requestIdOf(raw: unknown): string | undefined {
  const id = typeof raw === "object" && raw !== null ? (raw as { requestId?: unknown }).requestId : undefined;
  return typeof id === "string" && id.length <= 100 ? id : undefined;
}

interface Member {
  code: string;
  seat: string | null;
  credential: string | undefined;
  /** The name it joined with, for the welcome of a repeated join. */
  name?: string | undefined;
}

/** A Socket.IO acknowledgement callback, when the client asked for one. */
type Ack = (reply: { ok: true } | { ok: false; error: string; message: string }) => void;

interface Session {
  socket: Socket;
  member: Member | null;
  /** Send the protocol's view of the room to this socket now (after losing a seat). */
  resync(): Promise<void>;
}

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
  limits: GatewayLimits = DEFAULT_LIMITS,
  floods: FloodGuard = new FloodGuard(),
  services?: ServiceContext,
  /** Scale-out mode: seat presence across the cluster (a seat is gone when no node has its socket). */
  presence?: SeatPresence,
) {
  const identities = services?.identity;
  const gameId = game.rules.id;
  const wire = game.wire;
  const encode = wire.emit ?? asMessage;
  const reads = new Set(["message", ...(wire.events ?? [])]);
  const joins = new KeyedBuckets(limits.joinsPerMinute, Math.max(10, Math.ceil(limits.joinsPerMinute / 2)));
  const creations = new KeyedBuckets(limits.roomsPerMinute, Math.max(5, Math.ceil(limits.roomsPerMinute / 2)));
  // The sessions of this process seated at each seat: a seat is disconnected when its last
  // socket goes, and a seat that changes hands drops the sockets of its old credential.
  const seated = new Map<string, Set<Session>>();
  const seatOf = (code: string, seat: string) => `${code}\u0000${seat}`;

  /** Make a session a spectator: it lost its seat (LEAVE from another tab, a newcomer took it). */
  const demote = (s: Session) => {
    const m = s.member;
    if (!m?.seat) return;
    const set = seated.get(seatOf(m.code, m.seat));
    set?.delete(s);
    if (presence && m.credential !== undefined && ![...(set ?? [])].some((o) => o.member?.credential === m.credential))
      presence
        .remove(m.code, m.seat, hashSecret(m.code, m.credential))
        .catch((err) => log.warn({ err }, "presence update failed"));
    s.socket.leave(seatKey(m.code, m.seat));
    s.socket.join(spectatorKey(m.code));
    s.member = { code: m.code, seat: null, credential: undefined };
  };

  const seatSessions = (code: string, seat: string) => [...(seated.get(seatOf(code, seat)) ?? [])];

  // Scale-out: a broadcast lost between nodes is made good once the room goes quiet.
  if (presence)
    watchQuietRooms({
      rooms: () => {
        const byRoom = new Map<string, Session[]>();
        for (const [key, sessions] of seated) {
          const code = key.slice(0, key.indexOf("\u0000"));
          byRoom.set(code, [...(byRoom.get(code) ?? []), ...sessions]);
        }
        return byRoom;
      },
      version: (code) => host.storedVersion(code).catch(() => null),
      onError: (err) => log.warn({ err }, "quiet room resync failed"),
    });

  /** The account an access token proves, or null. */
  const accountOf = async (token: string) => {
    const who = await identities?.fromToken(token);
    return who?.kind === "user" ? who.id.slice("user:".length) : null;
  };

  /** The named seat an account's access token may take in this room (the game decides), or null. */
  const accountSeatOf = async (code: string, token: string) => {
    if (!game.accountSeat) return null;
    const userId = await accountOf(token);
    if (userId === null) return null;
    const rec = await host.exists(code);
    const seat = rec && rec.game === gameId ? game.accountSeat(rec.origin.options, userId) : null;
    if (!seat) return null;
    const name = (await services?.accounts?.user(userId))?.displayName;
    return { seat, credential: `user:${userId}\u0000${code}`, name };
  };

  ns.on("connection", (socket: Socket) => {
    let chain: Promise<unknown> = Promise.resolve();
    let queued = 0;
    let lastRateError = 0;
    /** The credential the current membership was joined with, as the client sent it. */
    let joinedWith: string | undefined;
    const bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst);
    const send = (msg: unknown) => {
      const { event, data } = encode(msg);
      socket.emit(event, data);
    };
    const welcome = (code: string, seat: string | null, name: string | undefined) => {
      const w = wire.welcome?.(code, seat, name);
      if (w !== undefined && w !== null) send(w);
    };
    const session: Session = {
      socket,
      member: null,
      resync: async () => {
        if (session.member) send(await host.view(session.member.code, session.member.seat));
      },
    };

    const refuse = (code: string, message: string, requestId?: string, ack?: Ack) => {
      send(wire.error(code, message, requestId));
      ack?.({ ok: false, error: code, message });
    };

    const release = async () => {
      const m = session.member;
      session.member = null;
      if (!m) return;
      socket.leave(roomKey(m.code));
      if (m.seat === null) {
        socket.leave(spectatorKey(m.code));
        return;
      }
      socket.leave(seatKey(m.code, m.seat));
      const set = seated.get(seatOf(m.code, m.seat));
      set?.delete(session);
      if (set && set.size > 0) return;
      seated.delete(seatOf(m.code, m.seat));
      // Clustered, the seat is gone only when no node has a socket for it any more.
      if (presence && m.credential !== undefined)
        if (!(await presence.remove(m.code, m.seat, hashSecret(m.code, m.credential)))) return;
      // Only if this credential still holds the seat (the host checks): a stale tab's
      // disconnect must not mark the seat's new occupant away.
      await host.presence(m.code, m.seat, "disconnected", m.credential);
    };

    const join = async (frame: Extract<ClientFrame, { kind: "join" }>, ack?: Ack) => {
      // The same join again (a client that sends its join event after the handshake already
      // joined): just the welcome and the state again, no leaving and coming back.
      const m = session.member;
      if (m && joinedWith === frame.credential && (frame.roomId === "" || frame.roomId === m.code)) {
        welcome(m.code, m.seat, m.name);
        send(await host.view(m.code, m.seat));
        ack?.({ ok: true });
        return;
      }
      if (session.member) await release();
      if (!joins.take(socket.handshake.address))
        return refuse("rate_limited", "Too many joins from your network; wait a minute.", frame.requestId, ack);
      let code = frame.roomId;
      // A join that names no room: an account's socket, whose room the game may know.
      if (code === "" && frame.credential !== undefined && game.accountRoom && services) {
        const userId = await accountOf(frame.credential);
        code = (userId !== null && (await game.accountRoom(userId, services))) || "";
      }
      if (code === "") return refuse("room_not_found", "Name a game to join.", frame.requestId, ack);
      let credential = frame.credential;
      let name = frame.name;
      let device = frame.device;
      let seat: string | undefined;
      // Signed seats: the token must be ours and for this room; its subject is the credential.
      // A game may instead let an account take a named seat (SerpentRace's gamemaster).
      if (game.seatTokens === "signed" && credential !== undefined) {
        const proof = await tokens.verify(credential, code);
        const account = proof ? null : await accountSeatOf(code, credential);
        if (!proof && !account)
          return refuse("bad_token", "That seat token is not valid for this room.", frame.requestId, ack);
        if (proof) {
          credential = proof.credential;
          name = name ?? proof.name;
          device = proof.device ?? device;
        } else if (account) {
          credential = account.credential;
          seat = account.seat;
          name = name ?? account.name;
        }
      }
      // A join that would create a room counts against the address's room allowance.
      const create = (frame.create ?? true) && game.createOnJoin === true;
      if (create && !(await host.exists(code)) && !creations.take(socket.handshake.address))
        return refuse("rate_limited", "Too many new rooms from your network; wait a minute.", frame.requestId, ack);
      // Listen to the room before joining, so the broadcasts our own join causes
      // (PLAYER_JOINED, the match starting) reach this socket too. A protocol that syncs
      // first gets its welcome and full view as soon as the rules accept the seat, and
      // listens to the seat from then on, so what the rules send the seat on its (re)join
      // follows the sync. (Other protocols' own seat updates of a join would come before
      // their full sync: they listen to the seat after it.)
      socket.join(roomKey(code));
      let synced = false;
      const onSeated = (taken: string, view: () => unknown) => {
        synced = true;
        welcome(code, taken, name);
        send(view());
        socket.join(seatKey(code, taken));
      };
      const r = await host.join(gameId, code, {
        ...(credential !== undefined ? { credential } : {}),
        ...(name !== undefined ? { name } : {}),
        ...(device !== undefined ? { device } : {}),
        ...(seat !== undefined ? { seat } : {}),
        create,
        ...(wire.syncFirst ? { onSeated } : {}),
      });
      if (r.refused?.code === "room_not_found") {
        socket.leave(roomKey(code));
        return refuse("room_not_found", "There is no room with that code.", frame.requestId, ack);
      }
      session.member = { code, seat: r.seat, credential: r.seat ? credential : undefined, name };
      joinedWith = frame.credential;
      if (r.seat) {
        socket.join(seatKey(code, r.seat));
        // Sockets still seated here under another credential lost the seat to this one.
        for (const other of seatSessions(code, r.seat))
          if (other.member?.credential !== credential) {
            demote(other);
            void other.resync();
          }
        const set = seated.get(seatOf(code, r.seat)) ?? new Set<Session>();
        seated.set(seatOf(code, r.seat), set);
        const firstHere = ![...set].some((o) => o.member?.credential === credential);
        set.add(session);
        if (presence && credential !== undefined) {
          const held = hashSecret(code, credential);
          socket.join(holderKey(code, held));
          if (firstHere) await presence.add(code, r.seat, held);
          // Sockets on other nodes seated under another credential lost the seat too.
          const others = ns.in(seatKey(code, r.seat)).except(holderKey(code, held));
          others.socketsJoin(spectatorKey(code));
          others.socketsLeave(seatKey(code, r.seat));
        }
      } else {
        socket.join(spectatorKey(code));
        if (r.refused) refuse(r.refused.code, r.refused.message, frame.requestId);
        if (wire.spectating) send(wire.spectating(code));
      }
      if (!synced) {
        welcome(code, r.seat, name);
        send(await host.view(code, r.seat));
      }
      // Kept with the socket: a connection recovered on another node joins again from it.
      if (presence) socket.data.rejoin = { ...frame, roomId: code, create: false };
      if (!r.refused) ack?.({ ok: true });
      else ack?.({ ok: false, error: r.refused.code, message: r.refused.message });
    };

    const leave = async (frame: Extract<ClientFrame, { kind: "leave" }>, ack?: Ack) => {
      const m = session.member;
      if (!m?.seat || !m.credential) return refuse("not_seated", "You have no seat to leave.", frame.requestId, ack);
      const r = await host.leave(m.code, m.credential);
      if (!r.ok) return refuse(r.code, r.message, frame.requestId, ack);
      // Every socket of this credential gives the seat up, not just this one: another tab
      // of the same player must not act for whoever sits down next.
      for (const other of seatSessions(m.code, m.seat))
        if (other.member?.credential === m.credential) {
          demote(other);
          if (other !== session) void other.resync();
        }
      seated.delete(seatOf(m.code, m.seat));
      if (presence) {
        const held = hashSecret(m.code, m.credential);
        await presence.remove(m.code, m.seat, held);
        // This credential's sockets on other nodes give the seat up as well.
        ns.in(holderKey(m.code, held)).socketsJoin(spectatorKey(m.code));
        ns.in(holderKey(m.code, held)).socketsLeave(seatKey(m.code, m.seat));
      }
      if (frame.requestId && wire.ack) send(wire.ack(frame.requestId));
      ack?.({ ok: true });
    };

    const handle = async (frame: ClientFrame, ack?: Ack) => {
      switch (frame.kind) {
        case "invalid":
          return refuse(frame.code, frame.message, frame.requestId, ack);
        case "join":
          return join(frame, ack);
        case "leave":
          return leave(frame, ack);
        case "intent": {
          const m = session.member;
          if (!m) return refuse("not_in_room", "Join a room first.", frame.requestId, ack);
          if (!m.seat || !m.credential) return refuse("spectator", "Spectators cannot play.", frame.requestId, ack);
          const r = await host.input(m.code, { seat: m.seat, credential: m.credential }, frame.intent);
          if (!r.ok) {
            if (r.code === "not_seated") {
              demote(session);
              void session.resync();
            }
            return refuse(r.code, r.message, frame.requestId, ack);
          }
          if (frame.requestId && wire.ack) send(wire.ack(frame.requestId));
          ack?.({ ok: true });
          return;
        }
      }
    };

    // One message at a time per socket, so a client's inputs keep their order.
    const enqueue = (frame: ClientFrame, ack?: Ack) => {
      queued++;
      chain = chain
        .then(() => handle(frame, ack))
        .catch((err) => {
          // A refusal the host raised (storage_unavailable: nothing was stored) keeps its code.
          if (err instanceof HostRefusal) return refuse(err.code, err.message, frame.requestId, ack);
          log.warn({ err }, "socket message failed");
          refuse("server_error", "Something went wrong; try again.", frame.requestId, ack);
        })
        .finally(() => queued--);
    };

    let refusedSince = 0;
    let refused = 0;
    /** A message over the allowance: refused with its own request id when it has one (so its sender is never left waiting), anonymous ones at most every RATE_ERROR_EVERY_MS. */
    const tooFast = (raw: unknown, ack?: Ack) => {
      const now = Date.now();
      if (now - refusedSince > FLOOD_WINDOW_MS) {
        refusedSince = now;
        refused = 0;
      }
      if (++refused > FLOOD_REFUSALS) {
        log.warn({ address: socket.handshake.address }, "socket disconnected for flooding");
        floods.ban(socket.handshake.address);
        socket.disconnect(true);
        return;
      }
      const message = "You are sending messages too fast; slow down.";
      const requestId = requestIdOf(raw);
      if (requestId !== undefined) send(wire.error("rate_limited", message, requestId));
      else if (now - lastRateError >= RATE_ERROR_EVERY_MS) {
        lastRateError = now;
        send(wire.error("rate_limited", message));
      }
      ack?.({ ok: false, error: "rate_limited", message });
    };

    // onAny runs as the packet is read, before the socket can see its own disconnect: a
    // LEAVE sent just before closing is always handled (an `on("message")` listener runs a
    // tick later and Socket.IO drops events that arrive after the disconnect).
    socket.onAny((event: string, ...args: unknown[]) => {
      if (!reads.has(event)) return;
      const ack = typeof args.at(-1) === "function" ? (args.pop() as Ack) : undefined;
      const raw = args[0];
      if (!bucket.take() || queued >= limits.maxQueued) return tooFast(raw, ack);
      if (raw === MALFORMED)
        return enqueue({ kind: "invalid", code: "bad_message", message: "That message is not valid JSON." }, ack);
      let size = 0;
      try {
        size = JSON.stringify(raw ?? null).length;
      } catch {
        size = Number.POSITIVE_INFINITY;
      }
      if (size > MAX_MESSAGE_BYTES)
        return enqueue({ kind: "invalid", code: "message_too_large", message: "That message is too large." }, ack);
      enqueue(wire.parse(raw, event), ack);
    });

    if (wire.handshake) {
      const frame = wire.handshake(socket.handshake.auth);
      if (frame) enqueue(frame);
    }
    // A connection Socket.IO recovered (after a blip, possibly from another node) has its
    // rooms back but not its session here: it joins again with what it joined with.
    const rejoin = socket.recovered ? (socket.data as { rejoin?: ClientFrame }).rejoin : undefined;
    if (rejoin?.kind === "join") {
      socket.rooms.forEach((room) => {
        if (room !== socket.id) socket.leave(room);
      });
      enqueue(rejoin);
    }

    socket.on("disconnect", () => {
      chain = chain.then(release).catch((err) => log.warn({ err }, "release failed"));
    });
  });
}
