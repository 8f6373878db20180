import type { Namespace } from "socket.io";
import { hashSecret } from "../platform/membership";
import type { RoomHost } from "../platform/room-host";
import type { SeatPresence } from "../platform/seat-presence";
import { forget } from "./compact-views";
import { holderKey, patchKey, roomKey, seatKey, spectatorKey } from "./publisher";
import type { Member, SocketSession } from "./socket-session";

/**
 * Who listens where: the sockets of this node at each seat, and, in scale-out mode, the
 * seat's sockets on every node (through the adapter's rooms and the cluster's seat
 * presence). A seat is disconnected when its last socket goes, and a seat that changes
 * hands drops the sockets of its old credential, on whichever node they are.
 */
export class SeatSockets {
  private readonly seated = new Map<string, Set<SocketSession>>();

  constructor(
    private readonly ns: Namespace,
    private readonly host: RoomHost,
    private readonly log: { warn: (o: object, m: string) => void },
    /** Scale-out mode: seat presence across the cluster (a seat is gone when no node has its socket). */
    private readonly presence?: SeatPresence,
  ) {}

  private sessions(code: string, seat: string): SocketSession[] {
    return [...(this.seated.get(keyOf(code, seat)) ?? [])];
  }

  /** Send a session the protocol's view of its room now (after it lost its seat). */
  async resync(s: SocketSession): Promise<void> {
    if (s.member) s.sendView(await this.host.viewAt(s.member.code, s.member.seat));
  }

  /** Make a session a spectator: it lost its seat (LEAVE from another tab, a newcomer took it). */
  demote(s: SocketSession): void {
    const m = s.member;
    if (!m?.seat) return;
    const set = this.seated.get(keyOf(m.code, m.seat));
    set?.delete(s);
    if (
      this.presence &&
      m.credential !== undefined &&
      ![...(set ?? [])].some((o) => o.member?.credential === m.credential)
    )
      this.presence
        .remove(m.code, m.seat, hashSecret(m.code, m.credential))
        .catch((err) => this.log.warn({ err }, "presence update failed"));
    s.socket.leave(seatKey(m.code, m.seat));
    s.socket.join(spectatorKey(m.code));
    s.member = { code: m.code, seat: null, credential: undefined };
  }

  /** A join gave the session `seat` under `credential`: it listens to the seat, and other credentials' sockets there lose it. */
  async take(s: SocketSession, code: string, seat: string, credential: string | undefined): Promise<void> {
    s.socket.join(seatKey(code, seat));
    // Sockets still seated here under another credential lost the seat to this one.
    for (const other of this.sessions(code, seat))
      if (other.member?.credential !== credential) {
        this.demote(other);
        void this.resync(other);
      }
    const set = this.seated.get(keyOf(code, seat)) ?? new Set<SocketSession>();
    this.seated.set(keyOf(code, seat), set);
    const firstHere = ![...set].some((o) => o.member?.credential === credential);
    set.add(s);
    if (this.presence && credential !== undefined) {
      const held = hashSecret(code, credential);
      s.socket.join(holderKey(code, held));
      if (firstHere) await this.presence.add(code, seat, held);
      // Sockets on other nodes seated under another credential lost the seat too.
      const others = this.ns.in(seatKey(code, seat)).except(holderKey(code, held));
      others.socketsJoin(spectatorKey(code));
      others.socketsLeave(seatKey(code, seat));
    }
  }

  /** A join without a seat: the session watches. */
  watch(s: SocketSession, code: string): void {
    s.socket.join(spectatorKey(code));
  }

  /**
   * The seat was given up for good (LEAVE): every socket of this credential gives it up, not
   * just this one, so another tab of the same player cannot act for whoever sits down next.
   */
  async giveUp(s: SocketSession, m: Member & { seat: string; credential: string }): Promise<void> {
    for (const other of this.sessions(m.code, m.seat))
      if (other.member?.credential === m.credential) {
        this.demote(other);
        if (other !== s) void this.resync(other);
      }
    this.seated.delete(keyOf(m.code, m.seat));
    if (this.presence) {
      const held = hashSecret(m.code, m.credential);
      await this.presence.remove(m.code, m.seat, held);
      // This credential's sockets on other nodes give the seat up as well.
      this.ns.in(holderKey(m.code, held)).socketsJoin(spectatorKey(m.code));
      this.ns.in(holderKey(m.code, held)).socketsLeave(seatKey(m.code, m.seat));
    }
  }

  /** The session leaves its room (it disconnected, or joins another): a seat whose last socket went is disconnected. */
  async release(s: SocketSession): Promise<void> {
    const m = s.member;
    s.member = null;
    if (!m) return;
    s.socket.leave(roomKey(m.code));
    s.socket.leave(patchKey(m.code));
    forget(s.socket);
    if (m.seat === null) {
      s.socket.leave(spectatorKey(m.code));
      return;
    }
    s.socket.leave(seatKey(m.code, m.seat));
    const set = this.seated.get(keyOf(m.code, m.seat));
    set?.delete(s);
    if (set && set.size > 0) return;
    this.seated.delete(keyOf(m.code, m.seat));
    // Clustered, the seat is gone only when no node has a socket for it any more.
    if (this.presence && m.credential !== undefined)
      if (!(await this.presence.remove(m.code, m.seat, hashSecret(m.code, m.credential)))) return;
    // Only if this credential still holds the seat (the host checks): a stale tab's
    // disconnect must not mark the seat's new occupant away.
    await this.host.presence(m.code, m.seat, "disconnected", m.credential);
  }
}

const keyOf = (code: string, seat: string) => `${code}\u0000${seat}`;
