import { randomUUID } from "node:crypto";
import type { RoomDirectory } from "../engine/module";
import type { RoomHost } from "../platform/room-host";
import type { SeatTokens } from "../platform/seat-tokens";
import type { RoomBudget } from "./room-budget";

/**
 * The rooms a game's own routes create, read, drive and seat players in (SerpentRace's
 * REST): `ServiceContext.rooms`. New rooms spend the client's allowance (`RoomBudget`).
 */
export function roomDirectory(host: RoomHost, tokens: SeatTokens, roomBudget: RoomBudget): RoomDirectory {
  return {
    create: (gameId, options, by) => {
      roomBudget.spend(by.client);
      return host.createRoom(gameId, options);
    },
    get: async (code) => {
      const rec = await host.exists(code);
      return rec ? { game: rec.game, options: rec.origin.options, state: rec.state, uid: rec.uid } : null;
    },
    act: (code, seat, intent) => host.actAs(code, seat, intent),
    seat: async (code, who) => {
      const rec = await host.exists(code);
      if (!rec) return { ok: false as const, code: "room_not_found", message: "No such room." };
      // The token's subject is the seat's credential: chosen first, so the token signed
      // once the seat is known (and named in it) proves the very seat it names.
      const subject = who.subject ?? randomUUID();
      const r = await host.join(rec.game, code, { credential: subject, name: who.name, offline: true });
      if (!r.seat)
        return { ok: false as const, ...(r.refused ?? { code: "not_seated", message: "No seat was free." }) };
      const claims = { ...who.claims, ...(who.seatClaim ? { [who.seatClaim]: r.seat } : {}) };
      const token = await tokens.issue(code, who.name, undefined, {
        claims,
        subject,
        ...(who.ttl ? { ttl: who.ttl } : {}),
      });
      const proof = await tokens.verify(token, code);
      if (proof?.credential !== subject) throw new Error("a token just signed did not verify");
      return { ok: true as const, seat: r.seat, token };
    },
  };
}
