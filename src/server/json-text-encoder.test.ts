import fc from "fast-check";
import { Encoder, PacketType } from "socket.io-parser";
import { describe, expect, it } from "vitest";
import { JsonTextEncoder } from "./json-text-encoder";

describe("JsonTextEncoder", () => {
  const ours = new JsonTextEncoder();
  const theirs = new Encoder();

  it("writes what Socket.IO's own encoder writes for JSON payloads (property)", () => {
    const packet = fc.record(
      {
        type: fc.constantFrom(PacketType.EVENT, PacketType.ACK, PacketType.CONNECT, PacketType.DISCONNECT),
        nsp: fc.constantFrom("/", "/cards", "/trivia"),
        data: fc.oneof(fc.tuple(fc.constant("message"), fc.jsonValue()), fc.jsonValue()),
        id: fc.nat(),
      },
      { requiredKeys: ["type", "nsp"] },
    );
    fc.assert(
      fc.property(packet, (p) => {
        expect(ours.encode(p)).toEqual(theirs.encode(p));
      }),
      { numRuns: 500 },
    );
  });

  it("encodes a view message the way clients expect it", () => {
    const p = { type: PacketType.EVENT, nsp: "/cards", data: ["message", { type: "ack", requestId: "r1" }] };
    expect(ours.encode(p)).toEqual(['2/cards,["message",{"type":"ack","requestId":"r1"}]']);
  });
});
