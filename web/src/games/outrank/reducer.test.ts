import { describe, expect, it } from "vitest";
import {
  FX_MS,
  freshFx,
  initialClient,
  isPending,
  needsHandover,
  type OutrankAction,
  type OutrankClient,
  outrankReducer,
} from "./reducer";
import { draftingView, movie, player, T0 } from "./test-views";
import type { OutrankEvent, OutrankView, ServerMessage, TokenView } from "./wire";

const server = (msg: ServerMessage, at = T0): OutrankAction => ({ kind: "server", msg, at });
const state = (v: OutrankView, at = T0): OutrankAction => server({ type: "state", state: v }, at);
const event = (e: OutrankEvent, at = T0): OutrankAction => server({ type: "event", event: e }, at);
const run = (s: OutrankClient, ...actions: OutrankAction[]) => actions.reduce(outrankReducer, s);
const synced = (v: OutrankView = draftingView()) => run(initialClient("ABC234"), state(v));

const titanic = movie("movie-titanic", ["Drama", "1990s", "Paramount", "PG-13"], 2264700000);
const avatar = movie("movie-avatar", ["Sci-Fi", "2000s", "20th Century", "PG-13"], 2923700000);

describe("server messages", () => {
  it("a state syncs the room, remembers names and the server clock", () => {
    const s = run(initialClient("ABC234"), state(draftingView({ serverNow: T0 + 250 }), T0));
    expect(s.synced).toBe(true);
    expect(s.names).toEqual({ P1: "Alice", P2: "Bob" });
    expect(s.clockOffset).toBe(250);
  });

  it("acks and errors free their request; errors become toasts", () => {
    let s = run(synced(), { kind: "sent", requestId: "r1", action: { type: "pass" } });
    expect(isPending(s, "pass")).toBe(true);
    s = run(s, server({ type: "ack", requestId: "r1" }));
    expect(isPending(s)).toBe(false);
    s = run(s, { kind: "sent", requestId: "r2", action: { type: "pass" } });
    s = run(s, server({ type: "error", requestId: "r2", error: "not_your_turn", message: "It is not your turn." }));
    expect(isPending(s)).toBe(false);
    expect(s.toasts).toEqual([{ id: 1, code: "not_your_turn", message: "It is not your turn." }]);
    // A dropped line loses what was in flight.
    s = run(
      s,
      { kind: "sent", requestId: "r3", action: { type: "pass" } },
      { kind: "link", up: false, fresh: false, at: T0 },
    );
    expect(s.pending).toEqual({});
  });

  it("a ready for the next round that arrives after the round began is done, not an error to show", () => {
    let s = run(synced(), { kind: "sent", requestId: "r1", action: { type: "nextRound" } });
    s = run(s, server({ type: "error", requestId: "r1", error: "wrong_phase", message: "Too late." }));
    expect(isPending(s)).toBe(false);
    expect(s.toasts).toEqual([]);
    // Any other refusal of it still shows.
    s = run(s, { kind: "sent", requestId: "r2", action: { type: "nextRound" } });
    s = run(s, server({ type: "error", requestId: "r2", error: "game_ended", message: "The game is over." }));
    expect(s.toasts.map((t) => t.code)).toEqual(["game_ended"]);
  });

  it("an unknown room before any state is its own screen; a refused seat says why the socket watches", () => {
    const nf = run(
      initialClient("NOPE99"),
      server({ type: "error", requestId: "", error: "room_not_found", message: "" }),
    );
    expect(nf.notFound).toBe(true);
    const watching = run(
      initialClient("ABC234"),
      server({ type: "error", requestId: "", error: "table_mode", message: "This table is played on one device." }),
      state(draftingView({ seat: null, you: null })),
    );
    expect(watching.seatRefused).toBe("table_mode");
    expect(watching.toasts).toEqual([]);
    const kicked = run(initialClient("ABC234"), server({ type: "error", requestId: "", error: "kicked", message: "" }));
    expect(kicked.removed).toBe("kicked");
    const bad = run(initialClient("ABC234"), server({ type: "error", requestId: "", error: "bad_token", message: "" }));
    expect(bad.badToken).toBe(true);
  });

  it("being kicked, or a state showing our player gone, means the seat is no longer ours", () => {
    const s = run(synced(), event({ type: "playerLeft", playerId: "P1", reason: "kicked" }));
    expect(s.removed).toBe("kicked");
    const gone = draftingView({ players: [player("P1", "Alice", { presence: "left" }), player("P2", "Bob")] });
    expect(run(synced(), state(gone)).removed).toBe("left");
    // Someone else kicked is only news.
    const other = run(synced(), event({ type: "playerLeft", playerId: "P2", reason: "kicked" }));
    expect(other.removed).toBeNull();
    expect(other.feed.at(-1)?.text).toBe("Bob was removed by the lead.");
  });
});

/** A guess resolved: `drafted` against avatar unless told, nothing returned, score 1. */
const resolved = (
  playerId: string,
  guess: "higher" | "lower",
  correct: boolean,
  drafted: TokenView,
  more: Partial<Extract<OutrankEvent, { type: "guessResolved" }>> = {},
): OutrankAction =>
  event({ type: "guessResolved", playerId, guess, drafted, center: avatar, correct, returned: [], score: 1, ...more });

describe("what happened at the table", () => {
  it("a reveal on a lower-wins card says which way the card ranks", () => {
    const oldest = {
      id: "movies-oldest",
      category: "movies",
      stat: "releaseYear",
      name: "Movies - Oldest First",
      direction: "lower",
      statLabel: "Release year",
      unit: "year",
    } as const;
    const s = run(
      synced(draftingView({ currentChallenge: oldest })),
      resolved("P1", "higher", true, { ...titanic, value: 1997 }, { center: { ...avatar, value: 2009 } }),
    );
    expect(s.reveal).toMatchObject({ guess: "higher", correct: true, unit: "year", rank: "earliest first" });
  });

  it("a right guess is revealed with both values and rises as +1", () => {
    const s = run(synced(), resolved("P1", "lower", true, titanic));
    expect(s.reveal).toMatchObject({ playerId: "P1", correct: true, unit: "USD", drafted: titanic, center: avatar });
    expect(s.reveal?.rank).toBeNull();
    expect(s.feed.at(-1)).toMatchObject({
      text: "Alice called LOWER: titanic $2.26B vs avatar $2.92B. Right: +1.",
      tone: "good",
    });
    expect(freshFx(s, T0 + 100)).toMatchObject([{ kind: "correct", playerId: "P1", points: 1 }]);
    expect(freshFx(s, T0 + FX_MS + 1)).toEqual([]);
  });

  it("a wrong one names the tokens that go back; the marker and the bonus have their own cues", () => {
    const s = run(
      synced(),
      resolved("P2", "higher", false, { ...titanic, value: 284100000 }, { returned: ["movie-avatar-2"] }),
      event({ type: "markerMoved", playerId: "P2" }),
      event({ type: "roundEnded", round: 1, reason: "allOut", bonus: { playerId: "P1", points: 1 } }),
    );
    expect(s.reveal).toMatchObject({ correct: false, returned: ["movie-avatar-2"] });
    expect(s.feed.map((f) => f.text)).toEqual([
      "Bob called HIGHER: titanic $284M vs avatar $2.92B. Wrong: 1 token back to the pool.",
      "Bob takes the First Guesser marker.",
      "Round 1 over. Everyone is out. Alice was last standing: +1 bonus.",
    ]);
    expect(s.fx.map((f) => f.kind)).toEqual(["wrong", "marker", "bonus"]);
    expect(s.summary).toEqual({ round: 1, reason: "allOut", bonus: { playerId: "P1", points: 1 } });
    // The next challenge clears the round's reveal and summary.
    const next = run(
      s,
      event({
        type: "challengeSelected",
        round: 2,
        playerId: "P2",
        challenge: draftingView().currentChallenge!,
        center: avatar,
        poolCount: 10,
        drawn: 0,
        auto: false,
      }),
    );
    expect(next.reveal).toBeNull();
    expect(next.summary).toBeNull();
    expect(next.feed.at(-1)?.text).toBe("Round 2: Bob chose Movies - Box Office. Center: avatar, $2.92B.");
  });

  it("a cash-out shows its points; a new game starts a fresh feed", () => {
    let s = run(
      synced(),
      event({ type: "cashedOut", playerId: "P1", tokenIds: ["a", "b", "c"], tag: "Sci-Fi", points: 5, score: 9 }),
    );
    expect(s.fx.at(-1)).toMatchObject({ kind: "cashOut", points: 5, text: "+5" });
    expect(s.feed.at(-1)?.text).toBe("Alice cashed 3 × Sci-Fi for 5 points.");
    s = run(s, event({ type: "gameStarted", order: ["P1", "P2"], firstGuesser: "P2" }));
    expect(s.feed.map((f) => f.text)).toEqual(["The game is on. Bob guesses first."]);
    expect(s.fx).toEqual([]);
  });
});

describe("one table: the hand-over", () => {
  const table = (over: Partial<OutrankView> = {}) =>
    draftingView({
      mode: "table",
      seat: "P1",
      lead: "P1",
      players: [player("T1", "Ada", { seat: "P1" }), player("T2", "Bob", { seat: "P1" })],
      currentPlayer: 1,
      you: 1,
      ...over,
    });

  it("hides the choices until the player whose turn it is says they hold the device", () => {
    let s = synced(table());
    expect(needsHandover(s)).toBe(true);
    s = run(s, { kind: "ready", playerId: "T2" });
    expect(needsHandover(s)).toBe(false);
    // The same player again (alone in the round): no hand-over. Someone else: one.
    expect(needsHandover(run(s, state(table())))).toBe(false);
    expect(needsHandover(run(s, state(table({ currentPlayer: 0, you: 0 }))))).toBe(true);
    // Not between rounds, not while paused, never online.
    expect(needsHandover(synced(table({ phase: "roundEnd", you: 0 })))).toBe(false);
    expect(needsHandover(synced(table({ paused: "lead" })))).toBe(false);
    expect(needsHandover(synced(draftingView({ you: 1, currentPlayer: 1 })))).toBe(false);
  });

  it("a new game forgets who held the device", () => {
    const s = run(synced(table()), { kind: "ready", playerId: "T2" }, state(table({ phase: "gameEnd" })));
    expect(s.ready).toBeNull();
  });
});
