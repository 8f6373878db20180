import { Decoder, type Packet, PacketType } from "socket.io-parser";

/**
 * The payload an event packet carries when it could not be read. A frozen object that
 * JSON.parse can never produce, so nothing a client sends can pass for it.
 */
export const MALFORMED: Readonly<Record<string, never>> = Object.freeze({});

/** Type, namespace and ack id of an event packet: `2`, then `/nsp,` if not "/", then digits. */
const EVENT_HEADER = /^2(\/[^,]*,)?(\d*)/;

/**
 * Socket.IO's decoder, except that an event packet it cannot read (broken JSON, or JSON
 * that is not an event) becomes a `message` event carrying MALFORMED instead of an error
 * that closes the connection: the gateway answers it with the protocol's `bad_message` and
 * the socket stays, so one bad frame does not start a player's reconnect window. Anything
 * else that fails (a bad connect packet, binary out of place) fails as before.
 */
export class SafeDecoder extends Decoder {
  override add(obj: unknown): void {
    try {
      super.add(obj);
    } catch (err) {
      const header = typeof obj === "string" ? EVENT_HEADER.exec(obj) : null;
      if (!header) throw err;
      const packet: Packet = {
        type: PacketType.EVENT,
        nsp: header[1] ? header[1].slice(0, -1) : "/",
        data: ["message", MALFORMED],
      };
      if (header[2]) packet.id = Number(header[2]);
      this.emitReserved("decoded", packet);
    }
  }
}
