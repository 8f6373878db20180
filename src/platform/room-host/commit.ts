import { isRuleError } from "../../engine/errors";
import type { GameModule } from "../../engine/module";
import { type From, isNoop, type Step } from "../../engine/rules";
import type { InputRow } from "../input-log";
import type { RoomRecord } from "../live-store";
import type { Membership } from "../membership";
import { advanced, replayRow } from "./advance";
import { type HostResult, UNCHANGED } from "./contract";
import type { HostCore } from "./core";
import type { Delivery } from "./delivery";
import type { Projections } from "./projections";
import type { HostTurns } from "./turns";

/**
 * A room's record inside its turn: loaded (caught up with the log when shared), moved on by
 * a step, and committed: appended to the durable log, compare-and-set in the live store, its
 * timer armed, its messages published and its projection queued.
 */
export class RoomCommit {
  /** While the server restores rooms after a restart: rebuilds and installs a room not yet restored. */
  restoreOnDemand: ((code: string) => Promise<void>) | null = null;

  constructor(
    private readonly core: HostCore,
    private readonly turns: HostTurns,
    private readonly delivery: Delivery,
    private readonly projections: Projections,
  ) {}

  async load(code: string): Promise<RoomRecord | null> {
    const { live, shared } = this.core.deps;
    const rec = await live.get(code);
    if (rec) return shared ? this.follow(rec) : rec;
    if (!this.restoreOnDemand) return null;
    // Already inside this room's turn: install directly.
    await this.restoreOnDemand(code);
    const back = await live.get(code);
    return back && shared ? this.follow(back) : back;
  }

  /**
   * Shared: apply the rows the log holds beyond this live copy, and publish them. They are
   * another node's inputs whose live write has not landed (still under way, or lost with a
   * node that died between its append and its write). Whoever stores them publishes them.
   */
  private async follow(rec: RoomRecord): Promise<RoomRecord | null> {
    const { live, log } = this.core.deps;
    let cur: RoomRecord | null = rec;
    while (cur) {
      const tail = await log.tail(cur.uid, cur.seq);
      if (tail.length === 0) return cur;
      const game = this.core.game(cur.game);
      await this.core.prepare(game, cur.origin.options);
      const steps: { next: RoomRecord; step: Step<unknown> }[] = [];
      let next = cur;
      for (const row of tail) {
        const replayed = replayRow(next, game, row);
        steps.push(replayed);
        next = replayed.next;
      }
      if (await live.cas(cur.code, cur.version, next)) {
        this.core.arm(next, game);
        for (const { next: after, step } of steps) {
          this.delivery.publish(after, game, step);
          this.projections.project(after, game, step.out);
        }
        return next;
      }
      cur = await live.get(cur.code);
    }
    return null;
  }

  /**
   * Run the timers whose time has come, so what follows is judged against the state at its
   * arrival time: an ANSWER after its deadline meets the timed-out question even if the
   * timer has not fired yet (a busy event loop, a timer about to fire).
   */
  async catchUp(rec: RoomRecord, game: GameModule): Promise<RoomRecord> {
    const due = game.rules.due(rec.state);
    const now = this.core.clock();
    if (due === null || due > now) return rec;
    this.core.deps.metrics?.tickLateness((now - due) / 1000);
    await this.core.prepare(game, rec.origin.options);
    const step = game.rules.tick(rec.state, now);
    if (isNoop(rec.state, step)) return rec;
    return this.commit(rec, game, { kind: "tick", actor: null, intent: null, meta: null, at: now }, step);
  }

  /** Run an intent through the rules and commit what it changed; a refusal changes nothing. */
  async apply(
    rec: RoomRecord,
    game: GameModule,
    from: From,
    intent: unknown,
    meta: Membership | null = null,
    beforePublish?: (next: RoomRecord) => void,
  ): Promise<HostResult> {
    const now = this.core.clock();
    await this.core.prepare(game, rec.origin.options);
    const step = game.rules.act(rec.state, from, intent, now);
    if (isRuleError(step)) return { ok: false, ...step.error };
    // Nothing changed: nothing to log, store or tell anyone (a join always records its seat).
    if (!meta && isNoop(rec.state, step)) return UNCHANGED;
    const row = { kind: "act" as const, actor: from, intent, meta, at: now };
    await this.commit(rec, game, row, step, beforePublish);
    return { ok: true };
  }

  async commit(
    rec: RoomRecord,
    game: GameModule,
    row: Omit<InputRow, "seq">,
    step: Step<unknown>,
    beforePublish?: (next: RoomRecord) => void,
  ): Promise<RoomRecord> {
    const { log, live, shared } = this.core.deps;
    const seq = rec.seq + 1;
    // Inputs are durable before anyone hears of them. Ticks may be published first: they
    // follow from the durable prefix, so a crash only means recovery fires them again.
    // Shared with other nodes, a tick waits too: another node may hold its sequence number.
    const lazy = row.kind === "tick" && !shared;
    const appended = log.append(rec.uid, { ...row, seq }, lazy);
    if (lazy) appended.catch((err) => this.core.onError(err, `log ${rec.code}`));
    else await this.turns.durable(appended);
    const next = advanced(rec, row, step.state, seq, step.out);
    if (!(await live.cas(rec.code, rec.version, next))) {
      if (!shared) throw new Error(`room ${rec.code} changed under its host`);
      // Our row is in the log, and a node that read the room meanwhile has stored and
      // published it from there: the input stands, and the room is read afresh.
      beforePublish?.(next);
      return (await this.load(rec.code)) ?? next;
    }
    this.core.arm(next, game);
    beforePublish?.(next);
    this.delivery.publish(next, game, step);
    this.projections.project(next, game, step.out);
    return next;
  }
}
