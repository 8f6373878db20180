import { refuse } from "../../engine/errors";
import { type SeatId, SYSTEM } from "../../engine/rules";
import { hashSecret } from "../membership";
import type { RoomCommit } from "./commit";
import { type HostResult, NOT_FOUND } from "./contract";
import type { HostCore } from "./core";
import type { HostTurns } from "./turns";

export type Refused = { ok: false; code: string; message: string };

/** A seat on offer: the seat, and the credential (hashed) that holds it as the offer is made. */
export interface HandoverOffer {
  seat: SeatId;
  from: string;
}

const USED = {
  ok: false,
  code: "handover_used",
  message: "That seat has changed hands since the link was made; ask for a new one.",
} as const;

/**
 * A seat handed to someone watching (docs/architecture.md, Decisions D5): its holder (or
 * whoever the rules allow, a table's lead for an absent player) makes an offer; whoever claims
 * it holds the seat from then on, under a credential of their own, with everything the seat
 * had. The old credential proves nothing here any more, and neither it nor a browser that
 * held the seat under it can take the seat back.
 */
export class RoomHandovers {
  constructor(
    private readonly core: HostCore,
    private readonly turns: HostTurns,
    private readonly commit: RoomCommit,
  ) {}

  /** `credential` offers `seat` (its own by default), if it holds a seat and the rules let it. */
  offer(code: string, credential: string, seat?: SeatId): Promise<({ ok: true } & HandoverOffer) | Refused> {
    return this.turns.run(code, async () => {
      const rec = await this.commit.load(code);
      if (!rec) return NOT_FOUND;
      const by = rec.members[hashSecret(code, credential)];
      if (!by) return { ok: false, code: "not_seated", message: "You hold no seat here." } as const;
      const target = seat ?? by;
      const rules = this.core.game(rec.game).rules;
      const why = rules.handover
        ? rules.handover(rec.state, by, target)
        : target === by
          ? null
          : refuse("not_your_seat", "Only a seat's own player can hand it over.");
      if (why) return { ok: false, ...why.error } as const;
      const from = Object.entries(rec.members).find(([, s]) => s === target)?.[0];
      if (!from) return { ok: false, code: "not_seated", message: "Nobody holds that seat now." } as const;
      return { ok: true, seat: target, from };
    });
  }

  /**
   * The offered seat goes to `to.credential`, under `to.name`: a rejoin of the seat under its
   * new holder, who is then away until their socket comes (the rules' grace applies).
   */
  take(
    code: string,
    offer: HandoverOffer,
    to: { credential: string; name: string; device?: string },
  ): Promise<HostResult> {
    return this.turns.run(code, async () => {
      const rec = await this.commit.load(code);
      if (!rec) return NOT_FOUND;
      if (rec.members[offer.from] !== offer.seat) return USED;
      const game = this.core.game(rec.game);
      const meta = {
        join: hashSecret(code, to.credential),
        handover: offer.from,
        ...(to.device ? { device: hashSecret(code, to.device) } : {}),
      };
      const joined = { type: "@presence", seat: offer.seat, status: "joined", name: to.name };
      const r = await this.commit.apply(await this.commit.catchUp(rec, game), game, SYSTEM, joined, meta);
      if (!r.ok) return r;
      const after = await this.commit.load(code);
      if (!after) return r;
      const gone = { type: "@presence", seat: offer.seat, status: "disconnected" };
      await this.commit.apply(after, game, SYSTEM, gone);
      return { ok: true };
    });
  }
}
