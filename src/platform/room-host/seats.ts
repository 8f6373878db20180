import { SEAT_UNAVAILABLE, type SeatId, SYSTEM } from "../../engine/rules";
import type { RoomRecord } from "../live-store";
import { hashSecret } from "../membership";
import type { RoomCommit } from "./commit";
import { HostRefusal, type JoinRequest, type JoinResult } from "./contract";
import type { HostCore } from "./core";
import type { RoomCreation } from "./creation";
import type { HostTurns } from "./turns";

const unavailable = (code: string) => (SEAT_UNAVAILABLE as readonly string[]).includes(code);

/**
 * Seats taken and retaken: a credential back at its seat, a credential or browser that held
 * one asked back through the rules, a newcomer offered the free seats in order.
 */
export class RoomSeats {
  constructor(
    private readonly core: HostCore,
    private readonly turns: HostTurns,
    private readonly commit: RoomCommit,
    private readonly creation: RoomCreation,
  ) {}

  /**
   * Take or retake a seat. The credential proves the seat (a seat belongs to whoever
   * proved it: docs/architecture.md, Decisions D5); a newcomer is offered the lowest free
   * seat, and the rules may refuse it, in which case the newcomer watches.
   */
  join(gameId: string, code: string, req: JoinRequest): Promise<JoinResult> {
    let greeted = false;
    const joined = this.turns.run(code, async (): Promise<JoinResult> => {
      let rec = await this.commit.load(code);
      let created = false;
      if (!rec && req.create) {
        try {
          await this.creation.create(gameId, {}, code);
          created = true;
        } catch (err) {
          // Another node created it a moment ago: join that one.
          if (!(err instanceof HostRefusal && err.code === "room_exists")) throw err;
        }
        rec = await this.commit.load(code);
      }
      if (!rec || rec.game !== gameId)
        return { seat: null, refused: { code: "room_not_found", message: "No such room." }, created };
      const game = this.core.game(gameId);
      rec = await this.commit.catchUp(rec, game);
      if (!req.credential) return { seat: null, created };
      const key = hashSecret(code, req.credential);
      const device = req.device ? hashSecret(code, req.device) : undefined;
      const named = req.name ? { name: req.name } : {};
      const known = rec.members[key];
      // A credential that handed its seat to someone else proves nothing here: it may watch.
      if (!known && rec.handedOver?.[key])
        return {
          seat: null,
          refused: { code: "seat_handed_over", message: "You handed your seat to someone else; you can watch." },
          created,
        };
      // Seated again before any socket comes (a second REST join): nothing changes here.
      if (known && req.offline) return { seat: known, created };
      const { listener } = req;
      const publisher = this.core.deps.publisher;
      const seating = (seat: SeatId) =>
        listener !== undefined && publisher.seated
          ? (next: RoomRecord) => {
              const view = game.rules.view(next.state, seat, this.core.clock(), "full");
              publisher.seated?.(gameId, code, { listener, seat, name: req.name, view, seq: next.seq });
              greeted = true;
            }
          : undefined;
      if (known) {
        const intent = { type: "@presence", seat: known, status: "connected", ...named };
        const r = await this.commit.apply(rec, game, SYSTEM, intent, null, seating(known));
        // The rules may refuse a returning seat (kicked, left for good): it may only watch.
        if (!r.ok) return { seat: null, refused: { code: r.code, message: r.message }, created };
        return { seat: known, created };
      }
      const taken = new Set(Object.values(rec.members));
      // A credential or a browser that held a seat here comes back through the rules first:
      // a seat given up with LEAVE (a card table refuses it; a duel reopened it), or a seat
      // this browser held under another credential (kicked: refused, so the kick sticks).
      const earlier = [rec.retired[key], device ? rec.devices[device] : undefined];
      for (const seat of earlier) {
        if (!seat || (taken.has(seat) && rec.retired[key] === seat)) continue;
        const back = { type: "@presence", seat, status: "connected", ...named };
        const meta = { join: key, ...(device ? { device } : {}) };
        const r = await this.commit.apply(rec, game, SYSTEM, back, meta, seating(seat));
        if (r.ok) return { seat, created };
        if (r.code === "kicked" || (seat === rec.retired[key] && unavailable(r.code)))
          return { seat: null, refused: { code: r.code, message: r.message }, created };
      }
      // Offer free seats in order; the rules may pass on a seat (SEAT_UNAVAILABLE) or refuse
      // the newcomer outright. With no free seat left, the offer past the last one lets the
      // rules say why (room_full).
      let refused: { code: string; message: string } | undefined;
      const offers = req.seat ? [req.seat] : Array.from({ length: game.rules.seats.max + 1 }, (_, i) => `P${i + 1}`);
      for (const offer of offers) {
        if (taken.has(offer)) continue;
        const intent = {
          type: "@presence",
          seat: offer,
          status: "joined",
          ...named,
          ...(req.offline ? { offline: true } : {}),
        };
        const meta = { join: key, ...(device ? { device } : {}) };
        const r = await this.commit.apply(rec, game, SYSTEM, intent, meta, seating(offer));
        if (r.ok) return { seat: offer, created };
        refused = { code: r.code, message: r.message };
        if (!unavailable(r.code)) break;
      }
      return { seat: null, ...(refused ? { refused } : {}), created };
    });
    return joined.then((r) => (greeted && r.seat ? { ...r, greeted } : r));
  }
}
