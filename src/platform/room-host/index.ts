import type { GameModule } from "../../engine/module";
import type { PresenceStatus, SeatId } from "../../engine/rules";
import type { RoomRecord } from "../live-store";
import { hashSecret } from "../membership";
import type { Scheduler } from "../scheduler";
import { RoomCommit } from "./commit";
import type { Holder, HostDeps, HostResult, JoinRequest, JoinResult, ResendResult, ResyncSince } from "./contract";
import { HostCore } from "./core";
import { RoomCreation } from "./creation";
import { Delivery } from "./delivery";
import { type HandoverOffer, type Refused, RoomHandovers } from "./handovers";
import { closeIdle } from "./idle-sweep";
import { RoomInputs } from "./inputs";
import { Projections } from "./projections";
import { RoomRestore } from "./restore";
import { RoomResync } from "./resync";
import { RoomSeats } from "./seats";
import { HostTurns, refuseWhenDown } from "./turns";

export * from "./contract";

/**
 * The only writer of a room. Per input: take the room's turn, load, fire any timer whose
 * time has come, run the rules, append to the durable log, compare-and-set the live
 * state, arm the timer, publish. Nothing is published or acknowledged before the input
 * is durable. Each job is a part of its own (docs/architecture.md, "The room host"); this
 * class composes them and is all its callers see.
 */
export class RoomHost {
  private readonly core: HostCore;
  private readonly turns: HostTurns;
  private readonly projections: Projections;
  private readonly commit: RoomCommit;
  private readonly creation: RoomCreation;
  private readonly seats: RoomSeats;
  private readonly inputs: RoomInputs;
  private readonly handovers: RoomHandovers;
  private readonly restorer: RoomRestore;
  private readonly resyncer: RoomResync;

  constructor(deps: HostDeps) {
    const core = new HostCore(deps);
    const delivery = new Delivery(core);
    this.core = core;
    this.turns = new HostTurns(core);
    this.projections = new Projections(core);
    this.commit = new RoomCommit(core, this.turns, delivery, this.projections);
    this.creation = new RoomCreation(core, this.commit);
    this.seats = new RoomSeats(core, this.turns, this.commit, this.creation);
    this.inputs = new RoomInputs(core, this.turns, this.commit);
    this.handovers = new RoomHandovers(core, this.turns, this.commit);
    // Read at each check, so a test can watch the checks (test/cluster-redis-restart.test.ts).
    this.restorer = new RoomRestore(core, this.commit, delivery, (code) => this.checkSeats(code));
    this.resyncer = new RoomResync(core, this.turns, this.commit, delivery);
  }

  setScheduler(s: Scheduler) {
    this.core.scheduler = s;
  }

  /** See recovery.ts: rooms asked for before the restore loop reached them are restored first. */
  setRestoreOnDemand(fn: ((code: string) => Promise<RoomRecord | null>) | null) {
    this.commit.restoreOnDemand = fn
      ? async (code) => {
          const rebuilt = await fn(code);
          if (rebuilt) await this.restorer.install(rebuilt);
        }
      : null;
  }

  game(id: string): GameModule {
    return this.core.game(id);
  }

  hasGame(id: string): boolean {
    return this.core.hasGame(id);
  }

  /** Run `fn` in the room's turn (see `HostTurns.run`). */
  inTurn<T>(code: string, fn: () => Promise<T>): Promise<T> {
    return this.turns.run(code, fn);
  }

  createRoom(gameId: string, rawOptions: unknown, wantedCode?: string): Promise<string> {
    return refuseWhenDown(this.creation.create(gameId, rawOptions, wantedCode));
  }

  /** Whether the live store holds the room now (no rebuilding, no catching up). */
  isLive(code: string): Promise<boolean> {
    return this.core.deps.live.has(code);
  }

  exists(code: string): Promise<RoomRecord | null> {
    return refuseWhenDown(this.commit.load(code));
  }

  /** Take or retake a seat (see `RoomSeats.join`). */
  join(gameId: string, code: string, req: JoinRequest): Promise<JoinResult> {
    return this.seats.join(gameId, code, req);
  }

  /** A seated player's intent. The credential must still hold the seat (a stale tab cannot act). */
  input(code: string, who: Holder, intent: unknown): Promise<HostResult> {
    return this.inputs.input(code, who, intent);
  }

  /**
   * An input on behalf of a seat that a game's own route has already authorised (an account
   * proven over REST): no credential to check. SerpentRace's `POST /game/:id/start` is one.
   */
  actAs(code: string, seat: SeatId, intent: unknown): Promise<HostResult> {
    return this.inputs.actAs(code, seat, intent);
  }

  /**
   * A seat's socket came or went. With a credential, only if it still holds the seat: the
   * last socket of a tab that lost its seat must not mark the new occupant disconnected.
   */
  presence(code: string, seat: SeatId, status: PresenceStatus, credential?: string): Promise<HostResult> {
    const held = credential === undefined ? undefined : hashSecret(code, credential);
    return this.inputs.presence(code, seat, status, held);
  }

  /**
   * Scale-out: the seat's last socket in the cluster went with a node that left (only the
   * credential's hash is known there). Disconnected, if that credential still holds it.
   */
  seatGone(code: string, seat: SeatId, credentialHash: string): Promise<HostResult> {
    return this.inputs.presence(code, seat, "disconnected", credentialHash);
  }

  /** Give up a seat for good; the credential no longer proves anything here. */
  leave(code: string, credential: string): Promise<HostResult & { seat?: SeatId }> {
    return this.inputs.leave(code, credential);
  }

  /** `credential` offers a seat (its own unless named) to whoever claims it, if the rules allow. */
  offerSeat(code: string, credential: string, seat?: SeatId): Promise<({ ok: true } & HandoverOffer) | Refused> {
    return this.handovers.offer(code, credential, seat);
  }

  /** An offered seat goes to a new credential (its old one stops proving it). */
  takeOffer(
    code: string,
    offer: HandoverOffer,
    to: { credential: string; name: string; device?: string },
  ): Promise<HostResult> {
    return this.handovers.take(code, offer, to);
  }

  /** Render one seat's view of a room now (null: spectator). */
  async view(code: string, seat: SeatId | null): Promise<unknown> {
    return (await this.viewAt(code, seat))?.view ?? null;
  }

  /** One seat's full view of a room now (null: spectator), with the step it reflects; null when there is no room. */
  async viewAt(code: string, seat: SeatId | null): Promise<{ view: unknown; seq: number } | null> {
    const rec = await refuseWhenDown(this.commit.load(code));
    if (!rec) return null;
    return { view: this.core.game(rec.game).rules.view(rec.state, seat, this.core.clock(), "full"), seq: rec.seq };
  }

  /** A socket's resync after a gap in the `seq`s it heard (see `RoomResync.resend`). */
  resend(code: string, who: Holder | null, since: ResyncSince): Promise<ResendResult> {
    return this.resyncer.resend(code, who, since);
  }

  /** A timer came due. Ignored if the room moved on and nothing is due any more. */
  fire(code: string): Promise<void> {
    return this.inputs.fire(code);
  }

  /** Wait until every queued projection has run (tests, shutdown). */
  projectionsSettled(): Promise<void> {
    return this.projections.settled();
  }

  /** Close rooms idle past their stage's limit (see idle-sweep.ts). */
  closeIdle(limits: { playingMs: number; quietMs: number }): Promise<number> {
    return closeIdle(this.core, this.turns, limits);
  }

  /** Put a room rebuilt from its log into the live store (see recovery.ts and `RoomRestore.install`). */
  restore(rec: RoomRecord): Promise<boolean> {
    return this.turns.run(rec.code, () => this.restorer.install(rec));
  }

  /** Shared: every socket in the room gets a full view after a node died (see `RoomResync.resync`). */
  resync(code: string): Promise<void> {
    return this.resyncer.resync(code);
  }

  /** Shared, after a rebuild: the seats no node has a socket at are marked disconnected. */
  private async checkSeats(code: string): Promise<void> {
    const rec = await this.core.deps.live.get(code);
    if (!rec) return;
    for (const seat of new Set(Object.values(rec.members)))
      if (!(await this.core.deps.shared?.seatOnline?.(code, seat))) await this.presence(code, seat, "disconnected");
  }

  /** Drop the seat checks still waiting (the node is stopping). */
  cancelSeatChecks(): void {
    this.restorer.cancelSeatChecks();
  }

  /** Prepare content for a replay (recovery.ts). */
  prepareFor(gameId: string, options: unknown): Promise<void> {
    return this.core.prepare(this.core.game(gameId), options);
  }

  /** Rooms with work queued or running (shutdown waits for none). */
  busyRooms(): number {
    return this.turns.busy();
  }
}
