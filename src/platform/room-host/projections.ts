import type { GameModule } from "../../engine/module";
import type { Outbound } from "../../engine/rules";
import type { RoomRecord } from "../live-store";
import type { HostCore } from "./core";

/** Games' projections (`GameModule.project`), fed in commit order per room, off the input's critical path. */
export class Projections {
  private readonly queued = new Map<string, Promise<void>>();

  constructor(private readonly core: HostCore) {}

  /** Queue the projection of the step that led to `rec`. */
  project(rec: RoomRecord, game: GameModule, out: Outbound[]): void {
    const services = this.core.deps.services;
    if (!game.project || !services) return;
    const prev = this.queued.get(rec.uid) ?? Promise.resolve();
    const next = prev
      .then(() => game.project!(services, { uid: rec.uid, code: rec.code }, rec.state, out))
      .catch((err) => this.core.onError(err, `projection ${rec.code}`));
    this.queued.set(rec.uid, next);
    void next.then(() => {
      if (this.queued.get(rec.uid) === next) this.queued.delete(rec.uid);
    });
  }

  /** Wait until every queued projection has run (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.queued.size) await Promise.all([...this.queued.values()]);
  }
}
