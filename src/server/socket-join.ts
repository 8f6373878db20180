import type { ClientFrame, GameModule, ServiceContext } from "../engine/module";
import type { RoomHost } from "../platform/room-host";
import type { SeatTokens } from "../platform/seat-tokens";
import { isCompact } from "./compact-views";
import { patchKey, roomKey } from "./publisher";
import { type RoomBudget, TOO_MANY_ROOMS } from "./room-budget";
import type { SeatSockets } from "./seat-sockets";
import type { Ack, SocketSession } from "./socket-session";
import { KeyedBuckets } from "./token-bucket";

type JoinFrame = Extract<ClientFrame, { kind: "join" }>;

/** Who a join proves to be: the seat's credential (none: a watcher), the name, the browser, a named seat. */
interface Claim {
  credential: string | undefined;
  name: string | undefined;
  device: string | undefined;
  seat: string | undefined;
}

export interface JoinDeps {
  game: GameModule;
  host: RoomHost;
  tokens: SeatTokens;
  seats: SeatSockets;
  services?: ServiceContext | undefined;
  /** Joins (connections asking for a room) per client address per minute. */
  joinsPerMinute: number;
  /** Rooms a client address may create, shared with every other way of making one. */
  rooms: RoomBudget;
}

/**
 * Authentication and joining: what a join's credential proves (a seat token we signed, an
 * account's named seat, a watcher's right to watch), the allowances joins and new rooms
 * spend, and the seat the host gives, after which the socket listens where it now sits.
 */
export class SocketJoins {
  private readonly joins: KeyedBuckets;

  constructor(private readonly deps: JoinDeps) {
    this.joins = new KeyedBuckets(deps.joinsPerMinute, Math.max(10, Math.ceil(deps.joinsPerMinute / 2)));
  }

  async join(s: SocketSession, frame: JoinFrame, ack?: Ack): Promise<void> {
    const { game, host, seats } = this.deps;
    const socket = s.socket;
    // The same join again (a client that sends its join event after the handshake already
    // joined): just the welcome and the state again, no leaving and coming back.
    const m = s.member;
    if (m && s.joinedWith === frame.credential && (frame.roomId === "" || frame.roomId === m.code)) {
      s.greet(m, await host.viewAt(m.code, m.seat));
      ack?.({ ok: true });
      return;
    }
    if (s.member) await seats.release(s);
    if (!this.joins.take(socket.handshake.address))
      return s.refuse("rate_limited", "Too many joins from your network; wait a minute.", frame.requestId, ack);
    const code = await this.roomOf(frame);
    if (code === "") return s.refuse("room_not_found", "Name a game to join.", frame.requestId, ack);
    const claim = await this.claimOf(frame, code);
    if ("refused" in claim) return s.refuse(claim.refused.code, claim.refused.message, frame.requestId, ack);
    const { credential, name, device, seat } = claim;
    // A game may guard who watches (SerpentRace's private games): a join without a seat
    // proves its right first, before it hears anything of the room.
    if (credential === undefined) {
      const verdict = await this.mayWatch(frame, code);
      if (!verdict.ok) return s.refuse(verdict.code, verdict.message, frame.requestId, ack);
    }
    // A join that would create a room counts against the address's room allowance.
    const create = (frame.create ?? true) && game.wire.joins?.createsRoom === true;
    if (create && !(await host.exists(code)) && !this.deps.rooms.take(socket.handshake.address))
      return s.refuse(TOO_MANY_ROOMS.code, TOO_MANY_ROOMS.message, frame.requestId, ack);
    // Listen to the room before joining, so the broadcasts our own join causes
    // (PLAYER_JOINED, the match starting) reach this socket too. A protocol that syncs
    // first names this socket as the join's listener: the publisher greets it with its
    // full view as soon as the rules accept the seat, and it listens to the seat from then
    // on, so what the rules send the seat on its (re)join follows the sync. (Other
    // protocols' own seat updates of a join would come before their full sync: they
    // listen to the seat after it.)
    socket.join(roomKey(code));
    if (isCompact(socket)) socket.join(patchKey(code));
    const r = await host.join(game.rules.id, code, {
      ...(credential !== undefined ? { credential } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(device !== undefined ? { device } : {}),
      ...(seat !== undefined ? { seat } : {}),
      create,
      ...(s.wire.syncFirst ? { listener: socket.id } : {}),
    });
    if (r.refused?.code === "room_not_found") {
      socket.leave(roomKey(code));
      socket.leave(patchKey(code));
      return s.refuse("room_not_found", "There is no room with that code.", frame.requestId, ack);
    }
    s.member = { code, seat: r.seat, credential: r.seat ? credential : undefined, name };
    s.joinedWith = frame.credential;
    if (r.seat) await seats.take(s, code, r.seat, credential);
    else {
      seats.watch(s, code);
      if (r.refused) s.refuse(r.refused.code, r.refused.message, frame.requestId);
      if (s.wire.spectating) s.send(s.wire.spectating(code));
    }
    if (!r.greeted) s.greet({ code, seat: r.seat, name }, await host.viewAt(code, r.seat));
    if (!r.refused) ack?.({ ok: true });
    else ack?.({ ok: false, error: r.refused.code, message: r.refused.message });
  }

  /** The room a join names; a join that names none may be an account's socket, whose room the game may know. */
  private async roomOf(frame: JoinFrame): Promise<string> {
    const { game, services } = this.deps;
    const accountRoom = game.wire.joins?.accountRoom;
    if (frame.roomId !== "" || frame.credential === undefined || !accountRoom || !services) return frame.roomId;
    const userId = await this.accountOf(frame.credential);
    return (userId !== null && (await accountRoom(userId, services))) || "";
  }

  /**
   * Signed seats: the token must be ours and for this room; its subject is the credential.
   * A game may instead let an account take a named seat (SerpentRace's gamemaster).
   */
  private async claimOf(
    frame: JoinFrame,
    code: string,
  ): Promise<Claim | { refused: { code: string; message: string } }> {
    const claim: Claim = { credential: frame.credential, name: frame.name, device: frame.device, seat: undefined };
    if (this.deps.game.seatTokens !== "signed" || frame.credential === undefined) return claim;
    const proof = await this.deps.tokens.verify(frame.credential, code);
    if (proof)
      return {
        ...claim,
        credential: proof.credential,
        name: claim.name ?? proof.name,
        device: proof.device ?? claim.device,
      };
    const account = await this.accountSeatOf(code, frame.credential);
    if (account)
      return { ...claim, credential: account.credential, seat: account.seat, name: claim.name ?? account.name };
    return { refused: { code: "bad_token", message: "That seat token is not valid for this room." } };
  }

  /** Whether a join without a seat may watch (the game decides, for games that guard watching). */
  private async mayWatch(frame: JoinFrame, code: string) {
    const { game, host, services } = this.deps;
    const mayWatch = game.wire.joins?.mayWatch;
    if (!mayWatch || !services) return { ok: true } as const;
    const rec = await host.exists(code);
    if (!rec || rec.game !== game.rules.id) return { ok: true } as const;
    const token = frame.watch?.accessToken;
    const userId = token ? await this.accountOf(token) : null;
    return mayWatch(rec.origin.options, { userId, key: frame.watch?.key }, services);
  }

  /** The account an access token proves, or null. */
  private async accountOf(token: string): Promise<string | null> {
    const who = await this.deps.services?.identity?.fromToken(token);
    return who?.kind === "user" ? who.id.slice("user:".length) : null;
  }

  /** The named seat an account's access token may take in this room (the game decides), or null. */
  private async accountSeatOf(code: string, token: string) {
    const { game, host, services } = this.deps;
    const accountSeat = game.wire.joins?.accountSeat;
    if (!accountSeat) return null;
    const userId = await this.accountOf(token);
    if (userId === null) return null;
    const rec = await host.exists(code);
    const seat = rec && rec.game === game.rules.id ? accountSeat(rec.origin.options, userId) : null;
    if (!seat) return null;
    const name = (await services?.accounts?.user(userId))?.displayName;
    return { seat, credential: `user:${userId}\u0000${code}`, name };
  }
}
