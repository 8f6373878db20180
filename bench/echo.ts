import { performance } from "node:perf_hooks";
import { io, type Socket } from "socket.io-client";
import { Samples } from "./stats";

/** Traffic an echo phase adds to the acks: steady pushes, or a game's answer to each input. */
export interface EchoTraffic {
  /** Background frames the server pushes to each socket (per second, and their size). */
  push?: { hz: number; bytes: number };
  /** Seat sockets at tables, each echo answered with a game's traffic (see echo-server.ts). */
  table?: TableTraffic;
}

export interface EchoOptions extends EchoTraffic {
  url: string;
  sockets: number;
  /** Mean sends per socket per second (Poisson arrivals). */
  ratePerSocket: number;
  durationMs: number;
  staggerMs: number;
  /** Give up connecting or waiting for acks after this wall-clock time (ms since epoch). */
  deadline: number;
  /** Called once every socket is connected ("start") and once the last ack is in, before the sockets close ("end"). */
  onSending?: (edge: "start" | "end") => void;
}

/** The traffic one accepted input caused in the game phase, per seat of a table of `size`. */
export interface TableTraffic {
  size: number;
  states: number;
  stateBytes: number;
  events: number;
  eventBytes: number;
}

const tableQuery = (t: TableTraffic, i: number): Record<string, string> => ({
  table: String(Math.floor(i / t.size)),
  states: t.states.toFixed(3),
  stateBytes: String(Math.round(t.stateBytes)),
  events: t.events.toFixed(3),
  eventBytes: String(Math.round(t.eventBytes)),
});

export interface EchoResult {
  rtt: Samples;
  sent: number;
  lost: number;
  errors: string[];
  durationMs: number;
}

const ACK_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Open sockets to the echo server; live ones are closed by `dispose` (also on a hard stop). */
export class EchoRun {
  private readonly socks: Socket[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly o: EchoOptions) {}

  async run(): Promise<EchoResult> {
    const o = this.o;
    const res: EchoResult = { rtt: new Samples(), sent: 0, lost: 0, errors: [], durationMs: 0 };
    const fail = (what: string) => {
      if (res.errors.length < 20) res.errors.push(what);
    };
    // Connect, staggered like the trivia rooms.
    const connected = Array.from({ length: o.sockets }, (_, i) =>
      sleep((i * o.staggerMs) / Math.max(1, o.sockets)).then(
        () =>
          new Promise<Socket | null>((resolve) => {
            if (this.stopped) return resolve(null);
            const s = io(`${o.url}/echo`, {
              query: o.table
                ? tableQuery(o.table, i)
                : o.push
                  ? { pushHz: String(o.push.hz), pushBytes: String(Math.round(o.push.bytes)) }
                  : {},
              transports: ["websocket"],
              forceNew: true,
              reconnection: false,
              timeout: 30_000,
            });
            this.socks.push(s);
            s.once("connect", () => resolve(s));
            s.once("connect_error", (err) => {
              fail(`connect_error: ${err.message}`);
              resolve(null);
            });
          }),
      ),
    );
    const live = (await Promise.all(connected)).filter((s): s is Socket => s !== null);
    for (const s of live)
      s.on("disconnect", (reason) => {
        if (!this.stopped) fail(`echo socket disconnected: ${reason}`);
      });

    o.onSending?.("start");
    const started = performance.now();
    const endAt = Math.min(started + o.durationMs, performance.now() + (o.deadline - Date.now()));
    const interval = () => -Math.log(1 - Math.random()) / o.ratePerSocket;
    const inflight = new Set<Promise<void>>();
    const payload = { type: "BET", amount: 25 };
    for (const s of live) {
      const next = (delayMs: number) => {
        const t = setTimeout(() => {
          this.timers.delete(t);
          if (this.stopped || performance.now() >= endAt) return;
          const at = performance.now();
          res.sent++;
          const p = new Promise<void>((done) => {
            s.timeout(ACK_TIMEOUT_MS).emit("echo", payload, (err: Error | null) => {
              if (err) res.lost++;
              else res.rtt.add(performance.now() - at);
              done();
            });
          });
          inflight.add(p);
          void p.then(() => inflight.delete(p));
          next(interval() * 1000);
        }, delayMs);
        this.timers.add(t);
      };
      // First send at a random phase so sockets do not fire together.
      next(Math.random() * (1000 / o.ratePerSocket));
    }
    await sleep(endAt - performance.now());
    await Promise.race([Promise.all(inflight), sleep(ACK_TIMEOUT_MS + 1000)]);
    res.durationMs = performance.now() - started;
    o.onSending?.("end");
    this.dispose();
    return res;
  }

  dispose(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const s of this.socks) s.close();
  }
}
