import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

/** How often a node looks at the marker, besides each time its connection comes back. */
const CHECK_MS = 1_000;
/** How long the one node that rebuilds after a reset holds that duty before another may take it. */
const DUTY_MS = 10 * 60_000;

export interface RedisReset {
  /** The deployment's marker before the reset ("" for none seen), and after it. */
  was: string;
  now: string;
  /** Whether this node is the one that rebuilds the rooms (the others only re-register what they hold). */
  rebuilds: boolean;
}

/**
 * Notices that the shared Redis lost everything (restarted without persistence, flushed):
 * every key of the deployment is gone at once, including the marker `<prefix>deployment`
 * that the first node wrote. Each node reads the marker whenever its connection comes back
 * and every second; a marker missing (the node writes a new one) or different from the one
 * it knew (another node already did) means a reset. One node per reset wins the duty of
 * rebuilding the rooms (`SET NX` on a key named after the new marker).
 */
export class ResetWatch {
  private known = "";
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onReset: (reset: RedisReset) => Promise<void>,
    private readonly onError: (err: unknown, context: string) => void,
  ) {}

  private get key() {
    return `${this.prefix}deployment`;
  }

  /** Learn the marker (writing it if this is the deployment's first node), then watch it. */
  async start(): Promise<void> {
    this.known = await this.current();
    this.timer = setInterval(() => void this.check(), CHECK_MS);
    this.timer.unref();
    this.redis.on("ready", this.onReady);
  }

  private readonly onReady = () => void this.check();

  /** The marker now, written first if missing. */
  private async current(): Promise<string> {
    await this.redis.set(this.key, randomBytes(8).toString("hex"), "NX");
    return (await this.redis.get(this.key)) ?? "";
  }

  /** Look once (one look at a time); resolves when any reset it found has been handled. */
  check(): Promise<void> {
    this.checking ??= this.look().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async look(): Promise<void> {
    if (this.timer === null) return;
    try {
      const now = await this.current();
      if (now === this.known) return;
      const was = this.known;
      this.known = now;
      const duty = await this.redis.set(`${this.key}:rebuild:${now}`, "1", "PX", DUTY_MS, "NX");
      await this.onReset({ was, now, rebuilds: duty === "OK" });
    } catch (err) {
      // Redis still away: the next look (or the reconnect) tries again.
      this.onError(err, "redis reset check");
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.redis.off("ready", this.onReady);
  }
}
