import type { GameModule } from "../../engine/module";
import type { SeatId, Step } from "../../engine/rules";
import type { RoomRecord } from "../live-store";
import type { HostCore } from "./core";

/** The last leg of the host's path: a stored step's messages handed to the publisher. */
export class Delivery {
  constructor(private readonly core: HostCore) {}

  /** The messages of the step that led to `rec`, each stamped with its `seq`; then, if the step ends the room, the close. */
  publish(rec: RoomRecord, game: GameModule, step: Pick<Step<unknown>, "out" | "closes">): void {
    const publisher = this.core.deps.publisher;
    const now = this.core.clock();
    const seats = Object.values(rec.members);
    for (const o of step.out) {
      if ("view" in o) {
        publisher.publishViews(
          rec.game,
          rec.code,
          o.to,
          seats,
          (seat) => game.rules.view(rec.state, seat, now, "update"),
          rec.seq,
        );
      } else {
        publisher.publish(rec.game, rec.code, o.to, o.msg, rec.seq);
      }
    }
    // The compact wire's sockets diff full views: the view they hold began as one.
    publisher.step?.(rec.game, rec.code, {
      out: step.out,
      seats,
      view: (seat) => game.rules.view(rec.state, seat, now, "full"),
      seq: rec.seq,
    });
    if (step.closes) publisher.close?.(rec.game, rec.code);
  }

  /** Every socket in the room gets its full view, as on joining (after a rebuild, after a node died). */
  sync(rec: RoomRecord, game: GameModule): void {
    const now = this.core.clock();
    const view = (seat: SeatId | null) => game.rules.view(rec.state, seat, now, "full");
    this.core.deps.publisher.publishViews(rec.game, rec.code, "all", Object.values(rec.members), view, rec.seq, "full");
  }
}
