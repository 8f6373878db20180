import { serpentWire } from "../../../src/games/serpent-race/protocol";
import { Bot, type BotContext, type Move } from "./bot";
import { expectRest, rest } from "./rest";
import { pick, type Random, secret } from "./rng";

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
  const email = `${secret(ctx.random, "gm")}@cluster-bots.example`;
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

/** An answer of the right shape for the card as the player sees it (right or wrong by chance). */
function answerFor(r: Random, card: Data): unknown {
  switch (card.type) {
    case 0:
      return pick(r, card.answerOptions as { answer: string }[]).answer;
    case 1:
      if (card.sentencePairs)
        return (card.sentencePairs as Data[]).map((p) => ({ pairId: p.id, leftText: p.left, rightText: p.right }));
      return card.words ?? [];
    case 3:
      return r() < 0.5;
    case 4:
      return Math.floor(r() * 500) + 1;
    default:
      return pick(r, ["Paris", "water", "I do not know"]);
  }
}

/** The formula's position (a wrong guess now and then). */
const guessFrom = (r: Random, g: Data) =>
  g.currentPosition + g.diceRoll + g.fieldStepValue + g.patternModifier + (r() < 0.25 ? 1 : 0);

type Want =
  | { kind: "ready" }
  | { kind: "roll" }
  | { kind: "answer"; card: Data }
  | { kind: "guess"; request: Data }
  | { kind: "jokerGuess"; request: Data }
  | { kind: "decision"; requestId: string };

/**
 * Shared by the racers and the gamemaster: what the race waits for from this seat, from the
 * document's request events and, after every (re)connect, from `game:state.pending` (the
 * server also sends the request again with the time left). A request stays wanted until an
 * event shows it consumed, so a refused or lost one is tried again; the race's timers move
 * on whatever a bot misses. The end is `game:ended` (or a state in phase `ended`).
 */
abstract class SerpentBot extends Bot {
  protected want: Want | null = null;
  protected phase = "waiting";
  protected position = 0;

  where(): string {
    return `phase ${this.phase}, at ${this.position}, waiting to ${this.want?.kind ?? "nothing"}`;
  }

  protected onServer(event: string, d: Data): void {
    const mine = d?.playerId === this.seat;
    switch (event) {
      case "authenticated":
        this.seat = d.playerId;
        return;
      case "game:state":
        this.seat = d.you.seat;
        this.phase = d.phase;
        this.want = this.fromState(d);
        this.position = d.players.find((p: Data) => p.playerId === this.seat)?.boardPosition ?? 0;
        if (this.seat !== null) this.markSynced();
        if (d.phase === "ended") this.finish(`winner ${d.winner ?? "none"}`);
        return;
      case "game:started":
        this.phase = "active";
        return;
      case "game:ended":
        this.phase = "ended";
        this.finish(`winner ${d.winner ?? "none"}`);
        return;
      case "game:your-turn":
        if (d.canRoll) this.want = { kind: "roll" };
        return;
      case "game:card-drawn-self":
        this.want = { kind: "answer", card: d.cardData };
        return;
      case "game:position-guess-request":
        this.want = { kind: "guess", request: d };
        return;
      case "game:joker-position-guess-request":
        this.want = { kind: "jokerGuess", request: d };
        return;
      case "game:gamemaster-decision-request":
        this.want = { kind: "decision", requestId: d.requestId };
        return;
      case "game:player-moved":
      case "game:guess-result":
      case "game:joker-complete":
        if (mine) this.position = d.newPosition ?? d.finalPosition;
        if (mine) this.consumed(["roll", "guess", "jokerGuess"], event);
        return;
      case "game:dice-rolled":
        if (mine) this.consumed(["roll"], event);
        return;
      case "game:answer-submitted":
      case "game:card-timeout":
        if (mine) this.consumed(["answer"], event);
        return;
      case "game:position-guess-broadcast":
      case "game:guess-timeout":
        if (mine) this.consumed(["guess", "jokerGuess"], event);
        return;
      case "game:gamemaster-decision-result":
      case "game:gamemaster-timeout":
        this.consumed(["decision"], event);
        return;
      case "game:player-ready":
        if (mine && d.ready) this.consumed(["ready"], event);
        this.onReady(d);
        return;
      case "game:turn-changed":
        this.want = null;
        return;
    }
  }

  private consumed(kinds: Want["kind"][], _event: string): void {
    if (this.want && kinds.includes(this.want.kind)) this.want = null;
  }

  protected onReady(_d: Data): void {}

  protected fromState(d: Data): Want | null {
    const me = d.players.find((p: Data) => p.playerId === d.you.seat);
    if (d.phase === "waiting" && me && !me.ready) return { kind: "ready" };
    const p = d.pending;
    if (d.phase !== "active" || !p) return null;
    if (p.kind === "decision" && p.decisionRequest && d.you.role === "gamemaster")
      return { kind: "decision", requestId: p.decisionRequest.requestId };
    if (p.playerId !== d.you.seat) return null;
    if (p.kind === "roll") return { kind: "roll" };
    if (p.kind === "answer" && p.cardData) return { kind: "answer", card: p.cardData };
    if (p.kind === "guess" && p.guessRequest) return { kind: "guess", request: p.guessRequest };
    if (p.kind === "jokerGuess" && p.guessRequest) return { kind: "jokerGuess", request: p.guessRequest };
    return null;
  }

  /** The want the last move was made for. */
  private asked: Want | null = null;

  /**
   * An acknowledged move has done what it was for, even before its event arrives: asked
   * again, a ready (which changes nothing the second time) would be acknowledged twice.
   */
  protected override onAcked(): void {
    if (this.want === this.asked) this.want = null;
  }

  protected decide(): Move | null {
    const w = this.want;
    const r = this.ctx.random;
    this.asked = w;
    if (!w) return null;
    switch (w.kind) {
      case "ready":
        return { event: "game:ready", payload: { gameCode: this.room, ready: true } };
      case "roll":
        return { event: "game:dice-roll", payload: { gameCode: this.room } };
      case "answer":
        return { event: "game:card-answer", payload: { gameCode: this.room, answer: answerFor(r, w.card) } };
      case "guess":
        return {
          event: "game:position-guess",
          payload: { gameCode: this.room, guessedPosition: guessFrom(r, w.request) },
        };
      case "jokerGuess":
        return {
          event: "game:joker-position-guess",
          payload: { gameCode: this.room, guessedPosition: guessFrom(r, w.request) },
        };
      case "decision":
        return {
          event: "game:gamemaster-decision",
          payload: { gameCode: this.room, requestId: w.requestId, decision: r() < 0.6 ? "approve" : "reject" },
        };
    }
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
      if (!this.finished && !this.closed && this.phase === "waiting") this.startRace();
    }, 500);
  }

  private startRace(): void {
    if (this.starting || this.phase !== "waiting") return;
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
          this.phase = "active";
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
