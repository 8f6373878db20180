import { randomBytes, randomUUID } from "node:crypto";
import type { GameModule } from "../../engine/module";
import type { RoomOrigin } from "../../engine/replay";
import { uniqueRoomCode } from "../codes";
import type { RoomRecord } from "../live-store";
import { CodeTaken } from "../log-errors";
import { emptySeating } from "../membership";
import type { RoomCommit } from "./commit";
import { HostRefusal } from "./contract";
import type { HostCore } from "./core";

/** New rooms: a free code, the options checked against the content they name, the setup run, the room logged. */
export class RoomCreation {
  constructor(
    private readonly core: HostCore,
    private readonly commit: RoomCommit,
  ) {}

  async create(gameId: string, rawOptions: unknown, wantedCode?: string): Promise<string> {
    const game = this.core.game(gameId);
    const { live, maxLiveRooms: limit, roomCode } = this.core.deps;
    if (limit !== undefined && (await live.size()) >= limit)
      throw new HostRefusal("server_full", "This server has as many rooms open as it can hold; try again later.");
    // A drawn code another room (on any node) took meanwhile is drawn again.
    for (let attempt = 1; ; attempt++) {
      const code = wantedCode ?? (await uniqueRoomCode((c) => this.codeTaken(c), roomCode));
      // The content the options name is loaded first: checking them may need it (a stored
      // definition's settings), and setup reads it. Nothing is awaited between here and setup.
      await this.core.prepare(game, rawOptions ?? {});
      const options = game.rules.options.parse(rawOptions ?? {});
      const made = await this.tryCreate(game, options, code);
      if (made) return code;
      if (wantedCode || attempt >= 20) throw new HostRefusal("room_exists", "That room code is taken.");
    }
  }

  /** Create a room under `code` (its setup runs at once); false if the code is taken (live, or open in the log). */
  private async tryCreate(game: GameModule, options: unknown, code: string): Promise<boolean> {
    const { live, log, timeScale } = this.core.deps;
    const gameId = game.rules.id;
    const now = this.core.clock();
    const origin: RoomOrigin = {
      roomId: code,
      options,
      seed: randomBytes(12).toString("hex"),
      createdAt: now,
      timeScale,
    };
    const state = game.rules.setup({ ...origin, now });
    const rec: RoomRecord = {
      uid: randomUUID(),
      code,
      game: gameId,
      origin,
      state,
      version: 0,
      seq: 0,
      ...emptySeating(),
      touchedAt: now,
    };
    if (!(await live.cas(code, null, rec))) return false;
    try {
      await log.createRoom({
        uid: rec.uid,
        code,
        game: gameId,
        options,
        seed: origin.seed,
        timeScale: origin.timeScale,
        createdAt: now,
      });
    } catch (err) {
      await live.delete(code);
      if (err instanceof CodeTaken) return false;
      throw err;
    }
    return true;
  }

  /**
   * Whether a code names a room: a live one, or, while rooms are still being restored after
   * a restart, an open room in the log that the restore has not reached yet.
   */
  private async codeTaken(code: string): Promise<boolean> {
    if (await this.core.deps.live.has(code)) return true;
    return this.commit.restoreOnDemand !== null && (await this.core.deps.log.openRoomByCode(code)) !== null;
  }
}
