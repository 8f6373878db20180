import type { GameModule } from "../../engine/module";
import type { RoomRecord } from "../live-store";
import type { Scheduler } from "../scheduler";
import type { HostDeps } from "./contract";

/** What every part of the host shares: its dependencies, its clock, the games by id, and the rooms' timer. */
export class HostCore {
  readonly clock: () => number;
  private readonly games = new Map<string, GameModule>();
  scheduler: Scheduler | null;

  constructor(readonly deps: HostDeps) {
    for (const g of deps.games) this.games.set(g.rules.id, g);
    this.scheduler = deps.scheduler ?? null;
    this.clock = deps.clock ?? Date.now;
  }

  game(id: string): GameModule {
    const g = this.games.get(id);
    if (!g) throw new Error(`unknown game ${id}`);
    return g;
  }

  hasGame(id: string): boolean {
    return this.games.has(id);
  }

  /** Load the content a room's options name before its rules run (`GameModule.prepare`). */
  async prepare(game: GameModule, options: unknown): Promise<void> {
    if (game.prepare && this.deps.services) await game.prepare(options, this.deps.services);
  }

  /** Arm the room's single timer at its rules' next deadline. */
  arm(rec: RoomRecord, game: GameModule): void {
    this.armAt(rec.code, game.rules.due(rec.state), rec.seq);
  }

  /** Arm (or, with null, disarm) the room's timer for the state at `seq`. */
  armAt(code: string, at: number | null, seq: number): void {
    this.scheduler?.arm(code, at, seq);
  }

  onError(err: unknown, context: string): void {
    this.deps.onError?.(err, context);
  }
}
