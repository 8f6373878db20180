/**
 * The game phase every room bench shares: start N rooms staggered over a window, let each
 * room's bots play to the end, stop at a time budget, and measure what the echo phase
 * needs (the mean send rate per socket over the time rooms were active).
 */
import { performance } from "node:perf_hooks";
import { type ChildStats, type LoopStats, readLoop } from "./children";
import { type BenchRun, sleep } from "./harness";
import { inbound } from "./traffic";

/** One room played by its bots over real sockets: what the game phase needs of a room-run class. */
export interface RoomPlay {
  /** `performance.now()` when `play()` began; 0 before. */
  readonly startedAt: number;
  /** `performance.now()` when the room finished (or gave up); 0 while playing. */
  readonly finishedAt: number;
  /** Whether every bot saw the game through to its end. */
  readonly completed: boolean;
  /** Seat the bots and play until the end. */
  play(): Promise<void>;
  /** Release the bots' sockets and timers. */
  dispose(): void;
}

/** What every room-run keeps of its course, as `RoomPlay` reads it. */
export abstract class RoomCourse implements RoomPlay {
  startedAt = 0;
  finishedAt = 0;
  completed = false;
  abstract play(): Promise<void>;
  abstract dispose(): void;
}

/** What the game phase measured. The report may read it at any moment, so it is filled in as the phase goes. */
export interface RoomPhaseResult {
  roomsStarted: number;
  completed: number;
  /** The whole game phase, from the first room's slot to its end (or the time budget). */
  phaseMs: number;
  /** From the first room's start to the last room's end. */
  activeMs: number;
  /** Mean inputs sent per socket per second over `activeMs`: the echo phase sends at this rate. */
  ratePerSocket: number;
  /** Mean frames each socket received per second over `activeMs`, and their mean size (characters). */
  inboundPerSocket: number;
  inboundBytes: number;
  serverStats: ChildStats | null;
  botLoop: LoopStats | null;
}

export const emptyRoomPhaseResult = (): RoomPhaseResult => ({
  roomsStarted: 0,
  completed: 0,
  phaseMs: 0,
  activeMs: 0,
  ratePerSocket: 0,
  inboundPerSocket: 0,
  inboundBytes: 0,
  serverStats: null,
  botLoop: null,
});

/** What differs between the benches' game phases. */
export interface RoomPhase<R extends RoomPlay> {
  /** The game's short name: the bench phase, and "<name> phase hit its time budget" ("trivia", "cards"). */
  name: string;
  /** What one room plays, plural, for the time-budget failure ("matches", "games"). */
  plays: string;
  rooms: number;
  staggerMs: number;
  /** The sockets room `i` holds (its bots). */
  sockets(i: number): number;
  /** Create room `i` on the server and return its id (a failure is counted and skips the room). */
  create(i: number): Promise<string>;
  /** The room-run for room `i`, created with that id. */
  open(id: string, i: number): R;
  /** After room `i`'s `play()` returned: anything else to tally. */
  played?(room: R, i: number): void;
  /** Inputs the bots have sent so far. */
  sent(): number;
}

/** Rooms started and games completed by one game of a mixed phase. */
export interface PartTally {
  started: number;
  completed: number;
}

/**
 * Several games' rooms as one phase, so they start over the same window and play against
 * the server together: room `i` of the phase is the next room of `parts[order[i]]` (each
 * part sees its own rooms numbered 0, 1, …). `tallies[k]` counts part `k`'s rooms.
 */
export function mixedPhase(
  name: string,
  staggerMs: number,
  parts: RoomPhase<RoomPlay>[],
  order: number[],
): { phase: RoomPhase<RoomPlay>; tallies: PartTally[] } {
  const seen = parts.map(() => 0);
  const local = order.map((k) => seen[k]!++);
  const tallies = parts.map(() => ({ started: 0, completed: 0 }));
  const part = (i: number) => parts[order[i]!]!;
  const phase: RoomPhase<RoomPlay> = {
    name,
    plays: "rooms",
    rooms: order.length,
    staggerMs,
    sockets: (i) => part(i).sockets(local[i]!),
    create: (i) => part(i).create(local[i]!),
    open: (id, i) => {
      tallies[order[i]!]!.started++;
      return part(i).open(id, local[i]!);
    },
    played: (room, i) => {
      part(i).played?.(room, local[i]!);
      if (room.completed) tallies[order[i]!]!.completed++;
    },
    sent: () => parts.reduce((n, p) => n + p.sent(), 0),
  };
  return { phase, tallies };
}

/**
 * Play `p.rooms` rooms, room `i` starting `i * staggerMs / rooms` after the first, until
 * all are done or `deadline` (epoch ms) passes: then the rest count as a failure and are
 * disposed. Rooms are disposed on the bench's cleanup too. Fills `result` in place.
 */
export async function runRoomPhase<R extends RoomPlay>(
  bench: BenchRun,
  result: RoomPhaseResult,
  p: RoomPhase<R>,
  deadline: number,
): Promise<void> {
  const rooms: R[] = [];
  let sockets = 0;
  bench.onDispose(() => {
    for (const r of rooms) r.dispose();
  });
  bench.phase = p.name;
  await bench.server!.stats();
  readLoop(bench.botLoop);
  const started = performance.now();
  const frames0 = inbound.frames;
  const bytes0 = inbound.bytes;
  const runs = Array.from({ length: p.rooms }, (_, i) =>
    sleep((i * p.staggerMs) / p.rooms).then(async () => {
      if (Date.now() > deadline) return;
      let id: string;
      try {
        id = await p.create(i);
      } catch (err) {
        bench.fail(`room ${i}: ${String(err)}`);
        return;
      }
      const room = p.open(id, i);
      rooms.push(room);
      sockets += p.sockets(i);
      result.roomsStarted++;
      await room.play();
      p.played?.(room, i);
      if (room.completed) result.completed++;
    }),
  );
  const all = Promise.all(runs).then(() => true);
  const inTime = await Promise.race([all, sleep(deadline - Date.now()).then(() => false)]);
  if (!inTime) {
    const open = rooms.filter((r) => r.finishedAt === 0).length;
    bench.fail(
      `${p.name} phase hit its time budget (--timeout-sec less the echo reserve): ` +
        `${open} ${p.plays} unfinished, ${p.rooms - rooms.length} never started`,
    );
    for (const r of rooms) r.dispose();
  }
  const ended = performance.now();
  result.phaseMs = ended - started;
  const firstStart = Math.min(...rooms.map((r) => r.startedAt));
  const lastEnd = Math.max(...rooms.map((r) => r.finishedAt || ended));
  result.activeMs = rooms.length ? lastEnd - firstStart : 0;
  result.ratePerSocket = sockets && result.activeMs ? p.sent() / sockets / (result.activeMs / 1000) : 0;
  const frames = inbound.frames - frames0;
  result.inboundPerSocket = sockets && result.activeMs ? frames / sockets / (result.activeMs / 1000) : 0;
  result.inboundBytes = frames ? (inbound.bytes - bytes0) / frames : 0;
  result.serverStats = await bench.server!.stats();
  result.botLoop = readLoop(bench.botLoop);
}
