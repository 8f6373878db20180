import type { Socket } from "socket.io";
import type { WireAdapter } from "../engine/module";
import type { ResyncAck } from "../engine/resync";
import { emitTo, greet, sendView } from "./publisher";

/**
 * A Socket.IO acknowledgement callback, when the client asked for one. An intent, join or
 * leave is answered `{ ok: true }` (`unchanged`: it changed nothing); a resync, `ResyncAck`.
 */
export type Ack = (reply: { ok: true; unchanged?: true } | ResyncAck) => void;

/** Where a socket is: its room, its seat (null: watching) and the credential that proves the seat. */
export interface Member {
  code: string;
  seat: string | null;
  credential: string | undefined;
  /** The name it joined with, for the welcome of a repeated join. */
  name?: string | undefined;
}

/** A room's full view for one seat, with the step it reflects (null: no such room). */
export type FullView = { view: unknown; seq: number } | null;

/** One socket's side of the conversation: where it is, and how its protocol speaks to it. */
export class SocketSession {
  member: Member | null = null;
  /** The credential the current membership was joined with, as the client sent it. */
  joinedWith: string | undefined;

  constructor(
    readonly socket: Socket,
    readonly wire: WireAdapter,
  ) {}

  /** One message to this socket; with `seq`, stamped with the room's step it reflects. */
  send(msg: unknown, seq?: number): void {
    emitTo(this.socket, this.wire, msg, seq);
  }

  /** The protocol's error message, and the acknowledgement's refusal when the client asked for one. */
  refuse(code: string, message: string, requestId?: string, ack?: Ack): void {
    this.send(this.wire.error(code, message, requestId));
    ack?.({ ok: false, error: code, message });
  }

  /** A full view (held as the base of the compact wire's next patch). */
  sendView(v: FullView): void {
    sendView(this.socket, this.wire, v?.view ?? null, v?.seq);
  }

  /** The welcome and full view of a socket that joined (or joined again). */
  greet(at: { code: string; seat: string | null; name?: string | undefined }, v: FullView): void {
    greet(this.socket, this.wire, at, v?.view ?? null, v?.seq);
  }
}
