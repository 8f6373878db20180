import { seedRng } from "../bots/random";
import type { Bot, BotContext } from "./bot";
import { CardsBot, createCardsRoom } from "./cards";
import { createOutrankRoom, OutrankBot } from "./outrank";
import { type AckedInput, addCounts, emptyCounts, FLEET_GAMES, type FleetGame, type InputCounts } from "./records";
import {
  createSerpentRoom,
  type Gamemaster,
  registerGamemaster,
  SerpentGamemasterBot,
  SerpentRacerBot,
} from "./serpent";
import { createTriviaRoom, TriviaBot } from "./trivia";

export interface FleetOptions {
  /** The server, or the load balancer in front of several nodes (http://host:port). */
  baseUrl: string;
  /** How many rooms to play. */
  games: number;
  /** Relative weights of the games (default: the four equally); rooms are dealt in proportion. */
  mix?: Partial<Record<FleetGame, number>>;
  /** Bots seated per room (defaults: Trivia Duel 2, Card Table 3, Outrank 3, SerpentRace 2 racers and the gamemaster). */
  players?: Partial<Record<FleetGame, number>>;
  /** How many rounds the round-limited games last (Card Table's judged rounds, default 3; Outrank's, default 2). */
  rounds?: Partial<Record<"card-table" | "outrank", number>>;
  /**
   * Trivia Duel's and Outrank's reconnect grace, in the rooms' own seconds (TIME_SCALE then
   * applies); default each game's own 30 s. A test that drops sockets on a loaded machine
   * gives its bots longer than a quick time scale leaves them.
   */
  graceSec?: number;
  /** The server's TIME_SCALE: the default game timeout follows it (default 1). */
  timeScale?: number;
  /** How long one room may take from its setup to its end (default 30 s + 600 s × timeScale). */
  gameTimeoutMs?: number;
  /** How long a bot (and a REST call) keeps retrying through a dead node (default 20 s). */
  reconnectWindowMs?: number;
  /**
   * Give each room's clients an address of their own (an `X-Forwarded-For` on every request
   * and handshake), for a server or load balancer whose nodes trust the loopback
   * (`TRUST_PROXY`, as `npm run cluster` sets): per-address allowances then count per room,
   * as they would for players on their own networks.
   */
  addressPerRoom?: boolean;
  /** Rooms being set up at once over REST (default 4). */
  setupConcurrency?: number;
  seed?: number;
}

export interface BotReport {
  name: string;
  seat: string | null;
  finished: boolean;
  /** How the game ended as the bot saw it ("winner P1", "forfeit by P2", "rounds, winners P3"). */
  outcome: string | null;
  failed: string | null;
  reconnects: number;
  where: string;
}

export interface RoomReport {
  game: FleetGame;
  /** The room code ("" when the room could not be created). */
  room: string;
  /** Every bot of the room saw the game's own end. */
  finished: boolean;
  /** Why the room could not be set up (a REST call failed), if it could not. */
  error?: string;
  bots: BotReport[];
}

export interface FleetSummary {
  planned: Record<FleetGame, number>;
  finished: Record<FleetGame, number>;
  inputs: InputCounts;
  reconnects: number;
  /** Rooms that did not finish, with where each of their bots stood. */
  unfinished: { game: FleetGame; room: string; where: string }[];
  rooms: RoomReport[];
  /** Every input the server acknowledged, for `ackedInputsMissingFromLog`. */
  acked: AckedInput[];
  durationMs: number;
}

export interface RoomProgress {
  game: FleetGame;
  room: string;
  acked: number;
  finished: boolean;
}

export interface Fleet {
  /** Every room is set up and each of its bots has been seated and synced (or has given up). */
  seated: Promise<void>;
  done: Promise<FleetSummary>;
  /** Each room set up so far: its acked inputs and whether it finished. */
  progress(): RoomProgress[];
  /** Every bot so far (a test may look at their sockets). */
  bots(): Bot[];
  /** Stop every bot now; `done` then reports where each room stood. */
  stop(): void;
}

const DEFAULT_PLAYERS: Record<FleetGame, number> = {
  "trivia-duel": 2,
  "card-table": 3,
  outrank: 3,
  "serpent-race": 2,
};

/** Which game each room plays: weighted round robin, so any prefix of the list keeps the mix. */
export function dealGames(n: number, mix: Partial<Record<FleetGame, number>> = {}): FleetGame[] {
  const weights = FLEET_GAMES.map((g) => ({ g, w: mix[g] ?? (Object.keys(mix).length ? 0 : 1) })).filter(
    (x) => x.w > 0,
  );
  const total = weights.reduce((a, x) => a + x.w, 0);
  const dealt = new Map<FleetGame, number>();
  const out: FleetGame[] = [];
  for (let i = 0; i < n; i++) {
    let best = weights[0]!;
    let gap = Number.NEGATIVE_INFINITY;
    for (const x of weights) {
      const d = ((i + 1) * x.w) / total - (dealt.get(x.g) ?? 0);
      if (d > gap) {
        gap = d;
        best = x;
      }
    }
    dealt.set(best.g, (dealt.get(best.g) ?? 0) + 1);
    out.push(best.g);
  }
  return out;
}

const perGame = (): Record<FleetGame, number> => ({ "trivia-duel": 0, "card-table": 0, outrank: 0, "serpent-race": 0 });

/**
 * Start a fleet: `games` rooms spread over the room games, each with its bots, each played
 * to the game's own end. Works the same against one server or a load balancer over many.
 */
export function startFleet(opts: FleetOptions): Fleet {
  const started = Date.now();
  const seed = opts.seed ?? 1;
  const acked: AckedInput[] = [];
  const reconnectWindowMs = opts.reconnectWindowMs ?? 20_000;
  const gameTimeoutMs = opts.gameTimeoutMs ?? 30_000 + 600_000 * (opts.timeScale ?? 1);
  let botCount = 0;
  const ctxFor = (headers?: Record<string, string>): BotContext => ({
    baseUrl: opts.baseUrl,
    reconnectWindowMs,
    acked,
    rng: seedRng(`fleet-${seed}-${++botCount}`),
    ...(headers ? { headers } : {}),
  });
  const setupCtx = ctxFor();
  const players = { ...DEFAULT_PLAYERS, ...opts.players };
  const plan = dealGames(opts.games, opts.mix);
  const allBots: Bot[] = [];
  const progress: { game: FleetGame; room: string; bots: Bot[]; finished: boolean }[] = [];
  let stopped = false;
  const stops: (() => void)[] = [];
  let gm: Promise<Gamemaster> | null = null;

  const setUp = async (game: FleetGame, index: number): Promise<{ room: string; bots: Bot[] }> => {
    const n = players[game];
    // 10.64.0.0/10 holds a room per address for over four million rooms.
    const headers = opts.addressPerRoom
      ? { "x-forwarded-for": `10.${64 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}` }
      : undefined;
    const roomCtx = ctxFor(headers);
    const botCtx = () => ctxFor(headers);
    switch (game) {
      case "trivia-duel": {
        const room = await createTriviaRoom(roomCtx, 3, opts.graceSec);
        return { room, bots: Array.from({ length: n }, (_, i) => new TriviaBot(room, `Duelist ${i + 1}`, botCtx())) };
      }
      case "card-table": {
        const { room, seats } = await createCardsRoom(roomCtx, n, opts.rounds?.["card-table"]);
        return { room, bots: seats.map((s) => new CardsBot(room, s.name, s.token, botCtx(), n)) };
      }
      case "outrank": {
        const { room, seats } = await createOutrankRoom(roomCtx, n, opts.rounds?.outrank, opts.graceSec);
        return { room, bots: seats.map((s) => new OutrankBot(room, s.name, s.token, botCtx(), n)) };
      }
      case "serpent-race": {
        gm ??= registerGamemaster(setupCtx);
        const account = await gm;
        const { room, gameId, seats } = await createSerpentRoom(roomCtx, account, n);
        const racers = seats.map((s) => new SerpentRacerBot(room, s.name, s.token, botCtx()));
        return { room, bots: [new SerpentGamemasterBot(room, gameId, account, n, botCtx()), ...racers] };
      }
    }
  };

  const report = (game: FleetGame, room: string, bots: Bot[], error?: string): RoomReport => ({
    game,
    room,
    finished: bots.length > 0 && bots.every((b) => b.finished),
    ...(error !== undefined ? { error } : {}),
    bots: bots.map((b) => ({
      name: b.name,
      seat: b.seat,
      finished: b.finished,
      outcome: b.outcome,
      failed: b.failed,
      reconnects: b.reconnects,
      where: `${b.where()} [${b.loop()}]`,
    })),
  });

  const seatedRooms: Promise<void>[] = [];

  /** Set a room up (then `setUpDone`), play it to its end or the timeout, and report. */
  const play = async (game: FleetGame, index: number, setUpDone: () => void): Promise<RoomReport> => {
    let set: { room: string; bots: Bot[] };
    try {
      if (stopped) throw new Error("the fleet was stopped");
      set = await setUp(game, index);
    } catch (err) {
      setUpDone();
      return report(game, "", [], String((err as Error).message ?? err));
    }
    const entry = { game, room: set.room, bots: set.bots, finished: false };
    progress.push(entry);
    allBots.push(...set.bots);
    for (const b of set.bots) b.start();
    seatedRooms.push(Promise.all(set.bots.map((b) => Promise.race([b.seated(), b.done()]))).then(() => {}));
    setUpDone();
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(set.bots.map((b) => b.done())),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, gameTimeoutMs);
        stops.push(resolve);
        if (stopped) resolve();
      }),
    ]);
    clearTimeout(timer);
    const r = report(game, set.room, set.bots);
    entry.finished = r.finished;
    for (const b of set.bots) b.close();
    return r;
  };

  // A few setups at a time: the REST routes have per-address allowances, and a burst of
  // room creations is not what a failover test is about. The next setup starts once a room
  // is set up, not played.
  const queue = plan.map((game, i) => ({ game, i }));
  const results: RoomReport[] = new Array(plan.length);
  const running: Promise<void>[] = [];
  const workers = Array.from({ length: Math.min(opts.setupConcurrency ?? 4, plan.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { game, i } = job;
      await new Promise<void>((setUpDone) => {
        running.push(
          play(game, i, setUpDone).then((r) => {
            results[i] = r;
          }),
        );
      });
    }
  });
  const allSetUp = Promise.all(workers);

  const done = (async (): Promise<FleetSummary> => {
    await allSetUp;
    await Promise.all(running);
    const inputs = emptyCounts();
    let reconnects = 0;
    for (const b of allBots) {
      addCounts(inputs, b.counts);
      reconnects += b.reconnects;
    }
    const planned = perGame();
    const finished = perGame();
    for (const g of plan) planned[g]++;
    for (const r of results) if (r.finished) finished[r.game]++;
    return {
      planned,
      finished,
      inputs,
      reconnects,
      unfinished: results
        .filter((r) => !r.finished)
        .map((r) => ({
          game: r.game,
          room: r.room,
          where: r.error ?? r.bots.map((b) => `${b.seat ?? b.name}: ${b.failed ?? b.where}`).join("; "),
        })),
      rooms: results,
      acked,
      durationMs: Date.now() - started,
    };
  })();

  return {
    seated: allSetUp.then(() => Promise.all(seatedRooms)).then(() => {}),
    done,
    progress: () =>
      progress.map((p) => ({
        game: p.game,
        room: p.room,
        acked: acked.filter((a) => a.room === p.room).length,
        finished: p.finished || p.bots.every((b) => b.finished),
      })),
    bots: () => [...allBots],
    stop() {
      stopped = true;
      for (const s of stops.splice(0)) s();
    },
  };
}

/** Play a whole fleet and return its summary. */
export function runFleet(opts: FleetOptions): Promise<FleetSummary> {
  return startFleet(opts).done;
}
