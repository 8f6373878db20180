import type { GameModule } from "../../engine/module";
import { type PresenceStatus, type SeatId, SYSTEM } from "../../engine/rules";
import { zodMessage } from "../../engine/zod-message";
import { hashSecret, holds } from "../membership";
import type { RoomCommit } from "./commit";
import { type Holder, HostRefusal, type HostResult, NOT_FOUND, NOT_SEATED, UNCHANGED } from "./contract";
import type { HostCore } from "./core";
import type { HostTurns } from "./turns";

/** How soon a timer whose tick could not be logged (database away) tries again. */
const STORAGE_RETRY_MS = 1000;

type Refused = { ok: false; code: string; message: string };

/** What drives a seated room, each in the room's turn: players' intents, presence, leaving, and its timer. */
export class RoomInputs {
  constructor(
    private readonly core: HostCore,
    private readonly turns: HostTurns,
    private readonly commit: RoomCommit,
  ) {}

  /** A seated player's intent. The credential must still hold the seat (a stale tab cannot act). */
  input(code: string, who: Holder, intent: unknown): Promise<HostResult> {
    return this.turns.run(code, async () => {
      const rec = await this.commit.load(code);
      if (!rec) return NOT_FOUND;
      if (!holds(rec, hashSecret(code, who.credential), who.seat)) return NOT_SEATED;
      const started = performance.now();
      const game = this.core.game(rec.game);
      const parsed = parseIntent(game, intent);
      if (!parsed.ok) return parsed;
      const r = await this.commit.apply(await this.commit.catchUp(rec, game), game, who.seat, parsed.intent);
      // Only inputs that changed something count (a flood of repeats is not traffic served).
      if (r.ok && r !== UNCHANGED) this.core.deps.metrics?.input(rec.game, (performance.now() - started) / 1000);
      return r;
    });
  }

  /** An intent for a seat that a game's own route has already authorised: no credential to check. */
  actAs(code: string, seat: SeatId, intent: unknown): Promise<HostResult> {
    return this.turns.run(code, async () => {
      const rec = await this.commit.load(code);
      if (!rec) return NOT_FOUND;
      const game = this.core.game(rec.game);
      const parsed = parseIntent(game, intent);
      if (!parsed.ok) return parsed;
      return this.commit.apply(await this.commit.catchUp(rec, game), game, seat, parsed.intent);
    });
  }

  /** A seat's presence changed; with a credential's hash, only if that credential still holds the seat. */
  presence(code: string, seat: SeatId, status: PresenceStatus, credentialHash?: string): Promise<HostResult> {
    return this.turns.run(code, async () => {
      const rec = await this.commit.load(code);
      if (!rec) return NOT_FOUND;
      if (credentialHash !== undefined && !holds(rec, credentialHash, seat)) return NOT_SEATED;
      const game = this.core.game(rec.game);
      const intent = { type: "@presence", seat, status };
      return this.commit.apply(await this.commit.catchUp(rec, game), game, SYSTEM, intent);
    });
  }

  /** Give up a seat for good; the credential no longer proves anything here. */
  leave(code: string, credential: string): Promise<HostResult & { seat?: SeatId }> {
    return this.turns.run(code, async () => {
      const rec = await this.commit.load(code);
      if (!rec) return NOT_FOUND;
      const key = hashSecret(code, credential);
      const seat = rec.members[key];
      if (!seat) return { ok: false, code: "not_seated", message: "You have no seat here." } as const;
      const game = this.core.game(rec.game);
      const intent = { type: "@presence", seat, status: "left" };
      const r = await this.commit.apply(await this.commit.catchUp(rec, game), game, SYSTEM, intent, { leave: key });
      return r.ok ? { ok: true, seat } : r;
    });
  }

  /** A timer came due. Ignored if the room moved on and nothing is due any more. */
  fire(code: string): Promise<void> {
    return this.turns
      .run(code, async () => {
        const rec = await this.commit.load(code);
        if (!rec) return;
        const game = this.core.game(rec.game);
        const due = game.rules.due(rec.state);
        if (due === null || due > this.core.clock()) {
          this.core.arm(rec, game);
          return;
        }
        await this.commit.catchUp(rec, game);
      })
      .catch(async (err) => {
        if (!(err instanceof HostRefusal && err.code === "storage_unavailable"))
          return this.core.onError(err, `timer ${code}`);
        // The tick could not be logged: try again shortly rather than lose the timer while
        // the database is away (an armed timer from an older state would be ignored).
        const rec = await this.core.deps.live.get(code).catch(() => null);
        if (rec) this.core.armAt(code, this.core.clock() + STORAGE_RETRY_MS, rec.seq);
      });
  }
}

/**
 * The door: a player's intent is parsed once, with the game's own schema, before anything
 * is loaded or copied. The rules receive only intents of their own type.
 */
function parseIntent(game: GameModule, intent: unknown): { ok: true; intent: unknown } | Refused {
  const parsed = game.rules.intent.safeParse(intent);
  if (parsed.success) return { ok: true, intent: parsed.data };
  return { ok: false, code: "bad_action", message: zodMessage(parsed.error, "action") };
}
