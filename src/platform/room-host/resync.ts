import type { SeatId } from "../../engine/rules";
import { hashSecret, holds } from "../membership";
import { missedSince, sentFrom } from "../sent-log";
import type { RoomCommit } from "./commit";
import { type Holder, NOT_FOUND, NOT_SEATED, type ResendResult, type ResyncSince } from "./contract";
import type { HostCore } from "./core";
import type { Delivery } from "./delivery";
import { type HostTurns, refuseWhenDown } from "./turns";

/** Sockets made current: one that saw a gap in the `seq`s (`resend`), every socket of a room after a node died (`resync`). */
export class RoomResync {
  constructor(
    private readonly core: HostCore,
    private readonly turns: HostTurns,
    private readonly commit: RoomCommit,
    private readonly delivery: Delivery,
  ) {}

  /**
   * A socket's resync: it holds every message up to step `since.seq` and then the one of step
   * `since.next` (when it names one; otherwise nothing after `seq`). If the room sent its
   * seat (`who` null: the spectators) nothing in between, it is current and gets no view;
   * otherwise its full view now, as on joining. The server keeps no messages, so a full view
   * is all it can send of what was missed. Read without taking the room's turn: what a
   * client has seen was published, and published steps are in the record.
   */
  async resend(code: string, who: Holder | null, since: ResyncSince): Promise<ResendResult> {
    const rec = await refuseWhenDown(this.commit.load(code));
    if (!rec) return NOT_FOUND;
    if (who && !holds(rec, hashSecret(code, who.credential), who.seat)) return NOT_SEATED;
    const seat: SeatId | null = who?.seat ?? null;
    if (!missedSince(rec.sent ?? sentFrom(rec.seq), seat, since.seq, since.next))
      return { ok: true, seq: rec.seq, full: false };
    const view = this.core.game(rec.game).rules.view(rec.state, seat, this.core.clock(), "full");
    return { ok: true, seq: rec.seq, full: true, view };
  }

  /**
   * Shared: a node that worked on this room died, maybe between storing a change and
   * broadcasting it, so sockets on the other nodes may never have heard of it (a turn that
   * passed to a player who does not know it is theirs). Everyone in the room gets a full
   * view of the state as stored, with the log's tail applied, and its timer is armed again.
   */
  resync(code: string): Promise<void> {
    return this.turns.run(code, async () => {
      const rec = await this.commit.load(code);
      if (!rec) return;
      const game = this.core.game(rec.game);
      await this.core.prepare(game, rec.origin.options);
      this.core.arm(rec, game);
      this.delivery.sync(rec, game);
    });
  }
}
