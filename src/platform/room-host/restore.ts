import { isRuleError } from "../../engine/errors";
import { isNoop, SYSTEM } from "../../engine/rules";
import type { RoomRecord } from "../live-store";
import type { RoomCommit } from "./commit";
import type { HostCore } from "./core";
import type { Delivery } from "./delivery";

/**
 * Shared: how long after a room is rebuilt its seats are checked for sockets. After Redis
 * lost everything, each node writes its sockets back within about a second of reconnecting.
 */
const PRESENCE_SETTLE_MS = 5_000;

/** Rooms rebuilt from the log (after a restart, or a Redis that lost them) put back live. */
export class RoomRestore {
  /** Shared: seat checks waiting after rebuilds (see `install`). */
  private readonly seatChecks = new Set<NodeJS.Timeout>();

  /** @param checkSeats marks disconnected the seats of a room no node has a socket at */
  constructor(
    private readonly core: HostCore,
    private readonly commit: RoomCommit,
    private readonly delivery: Delivery,
    private readonly checkSeats: (code: string) => Promise<void>,
  ) {}

  /**
   * Put a rebuilt room into the live store, inside its turn, then mark every seat
   * disconnected (its socket died with the old process; the rules start their grace
   * windows) and re-arm its timer. Shared, seats are checked against the cluster's sockets
   * a few seconds later instead, and the room's sockets get a full state. False if the room
   * was already live.
   */
  async install(rec: RoomRecord): Promise<boolean> {
    if (!(await this.core.deps.live.cas(rec.code, null, rec))) return false;
    const game = this.core.game(rec.game);
    if (this.core.deps.shared) {
      // Other nodes may still hold this room's sockets (Redis lost the room, not the
      // nodes), and the fan-out may have dropped messages while Redis was away: everyone
      // in the room gets a full state now. Seats nobody holds are marked disconnected a
      // little later, once every node has had time to write its sockets back to a Redis
      // that lost them (SeatPresence.reassert).
      this.core.arm(rec, game);
      this.delivery.sync(rec, game);
      this.checkSeatsLater(rec.code);
      return true;
    }
    let cur = rec;
    for (const seat of new Set(Object.values(rec.members))) {
      const intent = { type: "@presence", seat, status: "disconnected" };
      const step = game.rules.act(cur.state, SYSTEM, intent, this.core.clock());
      if (isRuleError(step) || isNoop(cur.state, step)) continue;
      const row = { kind: "act" as const, actor: SYSTEM, intent, meta: null, at: this.core.clock() };
      cur = await this.commit.commit(cur, game, row, step);
    }
    this.core.arm(cur, game);
    return true;
  }

  /** Shared: after a rebuild, mark disconnected the seats no node has a socket at (see `install`). */
  private checkSeatsLater(code: string): void {
    const handle = setTimeout(() => {
      this.seatChecks.delete(handle);
      void this.checkSeats(code).catch((err) => this.core.onError(err, `presence ${code}`));
    }, this.core.deps.shared?.presenceSettleMs ?? PRESENCE_SETTLE_MS);
    handle.unref();
    this.seatChecks.add(handle);
  }

  /** Drop the seat checks still waiting (the node is stopping). */
  cancelSeatChecks(): void {
    for (const handle of this.seatChecks) clearTimeout(handle);
    this.seatChecks.clear();
  }
}
