import { io, type Socket } from "socket.io-client";
import { countInbound } from "./traffic";

/**
 * What every room bench's bot holds: one websocket-only Socket.IO connection that never
 * reconnects (a drop fails the run), the timers of its paced moves, and `finished`, settled
 * when it is done playing or is disposed.
 */
export abstract class BenchBot {
  protected readonly socket: Socket;
  private readonly timers = new Set<NodeJS.Timeout>();
  protected closing = false;
  private finish!: () => void;
  readonly finished: Promise<void>;

  /** `play` names what a drop interrupts ("match", "game"). */
  constructor(
    url: string,
    play: string,
    options: { auth?: Record<string, unknown>; autoConnect?: boolean; query?: { room: string } },
  ) {
    this.finished = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.socket = io(url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
      ...options,
    });
    countInbound(this.socket, (frame) => this.onFrame(frame));
    this.socket.on("connect_error", (err) => this.fail(`connect_error: ${err.message}`));
    this.socket.on("disconnect", (reason) => {
      if (!this.closing) this.fail(`disconnected mid-${play}: ${reason}`);
    });
  }

  /** Something broke: report it (once the bot is closing, nothing is). */
  protected abstract fail(what: string): void;

  /** A raw frame the socket received, for the bench's own byte counts. */
  protected abstract onFrame(frame: string | ArrayBuffer): void;

  dispose(): void {
    this.closing = true;
    this.socket.close();
    this.stopPlaying();
  }

  /** Done playing: no more paced moves, `finished` settles; the socket stays as it is. */
  protected stopPlaying(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.finish();
  }

  /** Run `fn` in `ms` unless the bot is closing by then. */
  protected later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closing) fn();
    }, ms);
    this.timers.add(t);
  }
}
