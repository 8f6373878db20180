import { describe, expect, it } from "vitest";
import {
  awayClock,
  initialClient,
  leftText,
  myTask,
  type SerpentAction,
  type SerpentClient,
  serpentReducer,
  skipText,
} from "./reducer";
import { iso, player, raceView, T0 } from "./test-views";
import type { ServerEventData, ServerEventName, ServerMessage, StateData } from "./wire";

/**
 * Who is here and who is out, as the server's newer events say it: the reasons of skips and
 * leaves, the away clock on a roll, the prompts sent again on a reconnect, and the seat
 * `authenticated` names.
 */

const msg = (m: ServerMessage, local = T0): SerpentAction => ({ kind: "server", msg: m, at: local });
const sync = (v: StateData, local = T0) => msg({ event: "game:state", data: v }, local);
function ev<E extends ServerEventName>(event: E, data: Omit<ServerEventData<E>, "timestamp">, ms = T0): SerpentAction {
  return msg({ event, data: { ...data, timestamp: iso(ms) } } as unknown as ServerMessage, ms);
}
const run = (s: SerpentClient, ...as: SerpentAction[]) => as.reduce(serpentReducer, s);
const synced = (v: StateData) => run(initialClient("K7QM2D"), sync(v));
const who = (id: string, name: string) => ({ playerId: id, playerName: name });
const err = (code: string, message: string) =>
  msg({ event: "game:error", data: { code, message, timestamp: iso(T0) } });
const connection = (id: string, name: string, connected: boolean, ms: number) =>
  ev("game:player-connection", { ...who(id, name), connected }, ms);

/** Ann (P1) to roll, Ben (P2) and Cleo (P3) waiting; this page is Ben's unless told. */
const three = (patch: Partial<StateData> = {}) =>
  raceView({
    you: { seat: "P2", role: "player", playerId: "P2" },
    players: [
      player("P1", "Ann", { turnOrder: 0, ready: true }),
      player("P2", "Ben", { turnOrder: 1, ready: true }),
      player("P3", "Cleo", { turnOrder: 2, ready: true }),
    ],
    turnSequence: ["P1", "P2", "P3"],
    ...patch,
  });

/** A room at half speed whose scale this page has learnt (from a card's time limit, say). */
const halfSpeed = (v: StateData): SerpentClient => ({ ...synced(v), timeScale: 0.5 });

describe("skips and leaves say why", () => {
  it("a skip reads as its reason: lost turns, away, or the gamemaster", () => {
    expect(skipText("Ben", "lost-turns", 0)).toBe("Ben loses a turn.");
    expect(skipText("Ben", "lost-turns", 2)).toBe("Ben loses a turn (2 more to miss).");
    expect(skipText("Ann", "away", 0)).toBe("Ann was away: their turn was skipped.");
    expect(skipText("Ann", "gamemaster", 0)).toBe("The gamemaster skipped Ann's turn.");
    let s = synced(three());
    s = run(
      s,
      ev("game:players-skipped", {
        skippedPlayers: [{ ...who("P1", "Ann"), remainingTurnsToLose: 0 }],
        reason: "gamemaster",
        message: "The gamemaster skipped Ann's turn.",
      }),
      ev("game:turn-changed", { currentPlayer: "P2", currentPlayerName: "Ben", turnNumber: 2, message: "Ben's turn." }),
    );
    expect(s.feed.map((n) => n.text)).toEqual(["Ben's turn.", "The gamemaster skipped Ann's turn."]);
  });

  it("a leave reads as left or removed; the removed player's own page knows it is out", () => {
    expect(leftText("Cleo", "left")).toBe("Cleo left the game.");
    expect(leftText("Cleo", "removed")).toBe("The gamemaster took Cleo out of the game.");
    const projector = run(
      synced(three({ you: { seat: null, role: "spectator", playerId: null } })),
      ev("game:player-left", { ...who("P3", "Cleo"), playerCount: 2, reason: "removed" }),
    );
    expect(projector.feed[0]?.text).toBe("The gamemaster took Cleo out of the game.");
    expect(projector.gone).toBeNull();
    expect(projector.view?.turnSequence).toEqual(["P1", "P2"]);
    const cleo = run(
      synced(three({ you: { seat: "P3", role: "player", playerId: "P3" } })),
      ev("game:player-left", { ...who("P3", "Cleo"), playerCount: 2, reason: "removed" }),
    );
    expect(cleo.gone).toBe("removed");
    expect(myTask(cleo)).toBeNull();
  });

  it("a token of a player who is out is a flag, not a toast; seat-named refusals are said in words", () => {
    let s = synced(three());
    s = run(s, err("left_game", "You left this game and cannot rejoin it."));
    expect(s.gone).toBe("out");
    expect(s.toasts).toEqual([]);
    const gm = synced(three({ you: { seat: "GM", role: "gamemaster", playerId: null } }));
    const late = run(gm, err("not_their_turn", "It is not P1's turn any more."));
    expect(late.toasts.map((t) => t.message)).toEqual(["That turn had already moved on: nobody was skipped."]);
    const gone = run(gm, err("unknown_player", "There is no player P3 in this game."));
    expect(gone.toasts.map((t) => t.message)).toEqual(["That player is not in the game any more."]);
  });

  it("authenticated names the seat", () => {
    const s = run(
      initialClient("K7QM2D"),
      msg({
        event: "authenticated",
        data: { gameCode: "K7QM2D", playerName: "Ms Rivera", playerId: "GM", message: "Welcome" },
      }),
    );
    expect(s).toMatchObject({ me: "Ms Rivera", seat: "GM" });
  });
});

describe("the away clock on a roll", () => {
  it("starts when the player to roll goes, keeps running while others come and go, stops when they are back", () => {
    let s = halfSpeed(three());
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P1", deadline: null });
    // Ann goes: 30 s of room time at half speed is 15 s.
    s = run(s, connection("P1", "Ann", false, T0 + 1000));
    expect(awayClock(s.view!)).toBe("running");
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 1000 + 15_000));
    // Cleo goes too: Ben is still here, so the clock runs on unchanged.
    s = run(s, connection("P3", "Cleo", false, T0 + 2000));
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 16_000));
    // Ben goes: nobody in the race is here, the race waits for them.
    s = run(s, connection("P2", "Ben", false, T0 + 3000));
    expect(awayClock(s.view!)).toBe("waits");
    expect(s.view?.pending?.deadline).toBeNull();
    // Ben is back: the clock starts again from now.
    s = run(s, connection("P2", "Ben", true, T0 + 5000));
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 5000 + 15_000));
    // Ann is back: no clock.
    s = run(s, connection("P1", "Ann", true, T0 + 6000));
    expect(awayClock(s.view!)).toBe("none");
    expect(s.view?.pending?.deadline).toBeNull();
  });

  it("a turn that falls to a player who is away starts a fresh clock; one for a player who is here has none", () => {
    let s = halfSpeed(
      three({
        players: [
          player("P1", "Ann", { turnOrder: 0, ready: true }),
          player("P2", "Ben", { turnOrder: 1, ready: true }),
          player("P3", "Cleo", { turnOrder: 2, ready: true, connected: false }),
        ],
        pending: { ...raceView().pending!, deadline: null },
      }),
    );
    s = run(
      s,
      ev(
        "game:turn-changed",
        { currentPlayer: "P3", currentPlayerName: "Cleo", turnNumber: 2, message: "Cleo's turn." },
        T0 + 4000,
      ),
    );
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P3", deadline: iso(T0 + 4000 + 15_000) });
    s = run(
      s,
      ev(
        "game:players-skipped",
        { skippedPlayers: [{ ...who("P3", "Cleo"), remainingTurnsToLose: 0 }], reason: "away", message: "skipped" },
        T0 + 19_000,
      ),
      ev(
        "game:turn-changed",
        { currentPlayer: "P1", currentPlayerName: "Ann", turnNumber: 3, message: "Ann's turn." },
        T0 + 19_000,
      ),
    );
    expect(s.view?.pending).toMatchObject({ kind: "roll", playerId: "P1", deadline: null });
    expect(s.feed[1]?.text).toBe("Cleo was away: their turn was skipped.");
  });

  it("a removed player's turn moves on, and a player left alone is not clocked", () => {
    let s = halfSpeed(three());
    s = run(s, connection("P1", "Ann", false, T0 + 1000), connection("P3", "Cleo", false, T0 + 1000));
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 16_000));
    // Ben, the only one here, is removed: nobody is here, so Ann's turn waits.
    s = run(s, ev("game:player-left", { ...who("P2", "Ben"), playerCount: 2, reason: "removed" }, T0 + 2000));
    expect(s.view?.pending?.deadline).toBeNull();
  });

  it("without the room's time scale there is no guessed deadline, only the player shown away", () => {
    let s = synced(three());
    expect(s.timeScale).toBeNull();
    s = run(s, connection("P1", "Ann", false, T0 + 1000));
    expect(awayClock(s.view!)).toBe("running");
    expect(s.view?.pending?.deadline).toBeNull();
  });

  it("a sync's deadline is the server's and stands", () => {
    const v = three({
      players: [
        player("P1", "Ann", { turnOrder: 0, ready: true, connected: false }),
        player("P2", "Ben", { turnOrder: 1, ready: true }),
        player("P3", "Cleo", { turnOrder: 2, ready: true }),
      ],
      pending: { ...raceView().pending!, deadline: iso(T0 + 7000) },
    });
    let s = halfSpeed(v);
    s = run(s, connection("P3", "Cleo", false, T0 + 2000));
    expect(s.view?.pending?.deadline).toBe(iso(T0 + 7000));
  });
});

describe("prompts sent again on a reconnect", () => {
  it("your-turn after the sync keeps the roll as it is and plays the turn's cue once", () => {
    // Ann's page: the sync says it is her roll, then the server sends game:your-turn again.
    let s = synced(raceView());
    const yourTurn = ev("game:your-turn", { message: "Roll!", canRoll: true, isExtraTurn: false }, T0 + 100);
    s = run(s, yourTurn);
    expect(myTask(s)).toMatchObject({ kind: "roll", playerId: "P1" });
    expect(s.cue?.sound).toBe("turn");
    const first = s.cue?.id;
    // A blip later, the same prompt once more: nothing new.
    const again = run(s, sync(raceView(), T0 + 500), yourTurn);
    expect(again.cue?.id).toBe(first);
    expect(myTask(again)).toEqual(myTask(s));
  });

  it("the next turn's your-turn, after turn-changed, is a new cue", () => {
    let s = synced(
      raceView({
        currentPlayer: "P2",
        currentPlayerName: "Ben",
        pending: { ...raceView().pending!, ...who("P2", "Ben") },
      }),
    );
    expect(s.cue).toBeNull();
    s = run(
      s,
      ev("game:turn-changed", { currentPlayer: "P1", currentPlayerName: "Ann", turnNumber: 2, message: "Ann's turn." }),
      ev("game:your-turn", { message: "Roll!", canRoll: true, isExtraTurn: false }),
    );
    expect(s.cue?.sound).toBe("turn");
    const first = s.cue!.id;
    s = run(
      s,
      ev("game:extra-turn-remaining", { ...who("P1", "Ann"), remainingExtraTurns: 0, message: "extra" }),
      ev("game:your-turn", { message: "Roll again!", canRoll: true, isExtraTurn: true }),
    );
    expect(s.cue!.id).toBeGreaterThan(first);
    expect(s.view?.isExtraTurn).toBe(true);
  });

  it("the gamemaster's decision request sent again is silent for the page that had it", () => {
    const request = {
      requestId: "joker_1",
      ...who("P1", "Ann"),
      jokerCard: { question: "Sing", consequence: null },
      timeLimit: 120,
    };
    let s = synced(raceView({ you: { seat: "GM", role: "gamemaster", playerId: null } }));
    s = run(s, ev("game:gamemaster-decision-request", request));
    expect(s.cue?.sound).toBe("tick");
    const first = s.cue!.id;
    const deadline = s.view?.pending?.deadline;
    s = run(s, ev("game:gamemaster-decision-request", { ...request, timeLimit: 50 }, T0 + 70_000));
    expect(s.cue!.id).toBe(first);
    expect(s.view?.pending?.deadline).toBe(deadline);
  });
});
