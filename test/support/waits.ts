import { io } from "socket.io-client";

/** Whether a process is still there (signal 0 only asks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Something that says when what a probe reads may have changed: `listen(again)` calls
 * `again` on every change (a message arriving, a socket closing) and returns how to stop.
 * A wait given one looks again at once instead of at its next poll.
 */
export type Wake = (again: () => void) => () => void;

export interface WaitOptions {
  /** How long before giving up (default 30 s: generous on a loaded machine, and still bounded). */
  ms?: number;
  /** How often to look again without a wake-up (default 25 ms). */
  everyMs?: number;
  /** Look again whenever this says something changed. */
  wake?: Wake;
  /** Where things stood, for the timeout's report (the last messages seen, a phase). */
  seen?: () => string;
}

/**
 * The one wait of the tests: ask `probe` until it answers something truthy, and return
 * that. It waits on state (a message, a seq, a process's output, a row), never on the clock
 * as proof: `ms` only bounds how long a broken run hangs. On timeout it says what it was
 * waiting for, what the probe last answered, and `seen` if given. A probe that throws ends
 * the wait with its error (a child that exited, say).
 */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  { ms = 30_000, everyMs = 25, wake, seen }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  let ring: (() => void) | null = null;
  const stop = wake?.(() => ring?.());
  try {
    for (;;) {
      const v = await probe();
      if (v) return v as NonNullable<T>;
      const left = end - Date.now();
      if (left <= 0) {
        const last = v === false || v === undefined || v === null ? "" : `; it last read ${JSON.stringify(v)}`;
        const where = seen ? `; ${seen()}` : "";
        throw new Error(`timed out after ${Math.round(ms / 1000)} s waiting for ${what}${last}${where}`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, everyMs));
        ring = () => {
          clearTimeout(t);
          resolve();
        };
      });
      ring = null;
    }
  } finally {
    stop?.();
  }
}

/** A wake-up source for a client: call `ring()` whenever it receives something; pass `listen` as a wait's `wake`. */
export class Bell {
  private listeners = new Set<() => void>();
  ring(): void {
    for (const f of [...this.listeners]) f();
  }
  readonly listen: Wake = (again) => {
    this.listeners.add(again);
    return () => this.listeners.delete(again);
  };
}

/** Whether a new websocket is let into `namespace`: true on connect, false on a refused handshake. */
export function socketOpens(url: string, namespace = "/cards", headers?: Record<string, string>): Promise<boolean> {
  return new Promise((resolve) => {
    const s = io(`${url}${namespace}`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      timeout: 10_000,
      ...(headers ? { extraHeaders: headers } : {}),
    });
    s.on("connect", () => {
      s.close();
      resolve(true);
    });
    s.on("connect_error", () => {
      s.close();
      resolve(false);
    });
  });
}
