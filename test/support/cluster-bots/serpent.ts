import { serpentWire } from "../../../src/games/serpent-race/protocol";
import { SerpentRacePlayer } from "../bots";
import { secret } from "../bots/random";
import { Bot, type BotContext, type Move } from "./bot";
import { expectRest, rest } from "./rest";

// biome-ignore lint/suspicious/noExplicitAny: payloads are read structurally, as a client written from the document would
type Data = Record<string, any>;

/** The gamemaster's account: one per fleet, gamemaster of all its races. */
export interface Gamemaster {
  email: string;
  password: string;
  accessToken: string;
  /** The built-in decks every race plays with. */
  deckids: string[];
}

export async function registerGamemaster(ctx: BotContext): Promise<Gamemaster> {
  const email = `${secret(ctx.rng, "gm")}@cluster-bots.example`;
  const password = "correct horse battery 42";
  const who = await expectRest(201, ctx, "POST", "/api/v1/auth/register", {
    body: { email, password, displayName: "Bot Gamemaster" },
    retryWindowMs: ctx.reconnectWindowMs,
  });
  const decks = await expectRest(200, ctx, "GET", "/api/v1/decks", {
    token: who.accessToken,
    retryWindowMs: ctx.reconnectWindowMs,
  });
  const deckids = (decks.decks as { deckid: string; builtin: boolean }[]).filter((d) => d.builtin).map((d) => d.deckid);
  return { email, password, accessToken: who.accessToken, deckids };
}

/** A new access token (they last 15 minutes: a long run outlives the first). */
async function logIn(ctx: BotContext, gm: Gamemaster): Promise<void> {
  const r = await expectRest(200, ctx, "POST", "/api/v1/auth/login", {
    body: { email: gm.email, password: gm.password },
    retryWindowMs: ctx.reconnectWindowMs,
  });
  gm.accessToken = r.accessToken;
}

/**
 * A PUBLIC race with the built-in decks and `players` places taken over REST. A join retried
 * through a failover may have taken a place already (a second place would never be ready, so
 * the race could not start): set races up before a node is killed.
 */
export async function createSerpentRoom(ctx: BotContext, gm: Gamemaster, players: number) {
  const created = await expectRest(200, ctx, "POST", "/api/v1/game/start", {
    token: gm.accessToken,
    body: { deckids: gm.deckids, maxplayers: players, logintype: 0 },
    retryWindowMs: ctx.reconnectWindowMs,
  });
  const room = created.gamecode as string;
  const seats: { name: string; token: string }[] = [];
  for (let i = 0; i < players; i++) {
    const name = `Racer ${room} ${i + 1}`;
    const joined = await expectRest(200, ctx, "POST", "/api/v1/game/join", {
      body: { gameCode: room, playerName: name },
      retryWindowMs: ctx.reconnectWindowMs,
    });
    seats.push({ name, token: joined.gameToken as string });
  }
  return { room, gameId: created.id as string, seats };
}

/**
 * Shared by the racers and the gamemaster: the SerpentRace bot (test/support/bots) plays
 * the seat. The end is `game:ended` (or a state in phase `ended`).
 */
abstract class SerpentBot extends Bot {
  protected readonly player: SerpentRacePlayer;

  constructor(...args: ConstructorParameters<typeof Bot>) {
    super(...args);
    this.player = new SerpentRacePlayer(this.room, this.ctx.rng);
  }

  where(): string {
    const p = this.player;
    return `phase ${p.phase}, at ${p.position}, waiting to ${p.waiting}`;
  }

  protected onServer(event: string, d: Data): void {
    this.player.hear(event, d);
    this.seat = this.player.seat;
    if (event === "game:state" && this.seat !== null) this.markSynced();
    if (event === "game:ended" || (event === "game:state" && d.phase === "ended"))
      this.finish(`winner ${d.winner ?? "none"}`);
    if (event === "game:player-ready") this.onReady(d);
  }

  protected onReady(_d: Data): void {}

  protected override onAcked(): void {
    this.player.made();
  }

  protected decide(): Move | null {
    return this.player.next();
  }
}

/** A racer: its game token (from the REST join) proves its place on every reconnect. */
export class SerpentRacerBot extends SerpentBot {
  constructor(room: string, name: string, token: string, ctx: BotContext) {
    super("serpent-race", room, name, ctx, serpentWire, "/game", { token });
  }
}

/**
 * The gamemaster: answers the joker decisions, and starts the race over REST
 * (`POST /api/v1/game/:id/start`, logged as the gamemaster's `start`) once every racer is
 * ready. Its access token proves the seat; an expired one is renewed by logging in again.
 */
export class SerpentGamemasterBot extends SerpentBot {
  private starting = false;

  constructor(
    room: string,
    private readonly gameId: string,
    private readonly gm: Gamemaster,
    private readonly players: number,
    ctx: BotContext,
  ) {
    super("serpent-race", room, "Bot Gamemaster", ctx, serpentWire, "/game", {
      token: gm.accessToken,
      gameCode: room,
    });
  }

  protected override onServer(event: string, d: Data): void {
    if (event === "game:error" && d.code === "bad_token") {
      void logIn(this.ctx, this.gm).then(() => {
        this.socket.auth = { token: this.gm.accessToken, gameCode: this.room };
        // The disconnect brings the reconnect loop, which sends the new token.
        this.socket.disconnect();
      });
      return;
    }
    super.onServer(event, d);
    if (event === "game:state" && d.phase === "waiting") {
      const ready = (d.players as Data[]).filter((p) => p.ready && !p.left).length;
      if (ready >= this.players) this.startRace();
    }
  }

  protected override onReady(d: Data): void {
    if (d.allReady && d.readyCount >= this.players) this.startRace();
  }

  private startAgain(): void {
    setTimeout(() => {
      if (!this.finished && !this.closed && this.player.phase === "waiting") this.startRace();
    }, 500);
  }

  private startRace(): void {
    if (this.starting || this.player.phase !== "waiting") return;
    this.starting = true;
    this.counts.sent++;
    void rest(this.ctx, "POST", `/api/v1/game/${this.gameId}/start`, {
      token: this.gm.accessToken,
      body: {},
      retryWindowMs: this.ctx.reconnectWindowMs,
    }).then(
      (r) => {
        this.starting = false;
        if (r.status === 200) {
          this.player.phase = "active";
          this.recordRest({ event: "start", data: {} });
          return;
        }
        const code = String(r.body?.code ?? r.status);
        this.counts.refused[code] = (this.counts.refused[code] ?? 0) + 1;
        // game_started: an earlier try went through (its answer was lost with its node).
        if (code !== "game_started") this.startAgain();
      },
      () => {
        this.starting = false;
        this.counts.lost++;
        this.startAgain();
      },
    );
  }
}
