import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { REFILL_TO } from "./state";
import {
  choose,
  drainSupply,
  give,
  outrankTable,
  patchPlayer,
  player,
  suppliedWithTag,
  type T,
  valueNow,
} from "./test-table";

function sureGuess(t: T) {
  const center = valueNow(t, t.state.center as string);
  const tokenId = t.state.pool[0] as string;
  return { type: "draftGuess", tokenId, guess: valueNow(t, tokenId) >= center ? "higher" : "lower" } as const;
}

/** Everyone passes: the round ends (the last to pass gets the bonus). */
function allPass(t: T): void {
  for (let guard = 0; t.state.phase === "drafting" && guard < 10; guard++) {
    const p = t.state.players[t.state.current];
    if (p) t.must(p.seat, { type: "pass" });
  }
}

function game(settings = {}, players = 2): T {
  const t = outrankTable({ players, settings: { firstGuesser: "youngest", youngest: "P1", ...settings } });
  choose(t, "movies-box-office");
  return t;
}

describe("end conditions", () => {
  it("default: first to 20 points, and the game ends the moment someone has them (the first there wins)", () => {
    const t = game({}, 3);
    expect(t.state.settings).toMatchObject({ endCondition: "points", targetPoints: 20, targetEnds: "atOnce" });
    patchPlayer(t, "P1", { score: 19 });
    // P2 and P3 could still pass P1 in this round; at once, they never get the chance.
    patchPlayer(t, "P2", { score: 18 });
    const out = t.must("P1", sureGuess(t));
    expect(player(t, "P1").score).toBe(20);
    expect(t.state.phase).toBe("gameEnd");
    expect(t.state.result).toMatchObject({ reason: "points", winners: ["P1"], decidedBy: "score" });
    // The guess is told, then the end: no turn goes to anyone else.
    const kinds = out.flatMap((o) => ("msg" in o ? [(o.msg as { event: { type: string } }).event.type] : []));
    expect(kinds).toEqual(["guessResolved", "gameEnded"]);
  });

  it("at once: a cash-out that reaches the target ends the game too", () => {
    const t = game({ targetPoints: 10 });
    patchPlayer(t, "P1", { score: 8 });
    give(t, "P1", suppliedWithTag(t, "countries", "Asia", 2));
    t.must("P1", { type: "cashOut", tokenIds: player(t, "P1").hand.slice(), tag: "Asia" });
    expect(player(t, "P1").score).toBe(10);
    expect(t.state.result).toMatchObject({ reason: "points", winners: ["P1"] });
  });

  it("at the round's end: the round is played out and the highest score wins, even over the first to 20", () => {
    const t = game({ targetEnds: "roundEnd" });
    patchPlayer(t, "P1", { score: 19 });
    patchPlayer(t, "P2", { score: 19 });
    t.must("P1", sureGuess(t));
    expect(player(t, "P1").score).toBe(20);
    expect(t.state.phase).toBe("drafting");
    t.must("P2", sureGuess(t));
    t.must("P1", { type: "pass" });
    t.must("P2", sureGuess(t));
    t.must("P2", { type: "pass" });
    expect(t.state.phase).toBe("gameEnd");
    // P2: 19 + 2 right + the last-standing bonus = 22; P1 reached 20 first and loses.
    expect(t.state.result).toMatchObject({ reason: "points", winners: ["P2"], decidedBy: "score" });
  });

  it("the lead can choose when a score target ends the game", () => {
    const t = outrankTable({ players: 2, start: false });
    t.must("P1", { type: "configure", settings: { targetEnds: "roundEnd" } });
    expect(t.state.settings.targetEnds).toBe("roundEnd");
    expect(t.refused("P1", { type: "configure", settings: { targetEnds: "never" } } as never)).toBe("bad_action");
  });

  it("a round limit ends the game after that round", () => {
    const t = game({ endCondition: "rounds", roundLimit: 2 });
    allPass(t);
    expect(t.state.phase).toBe("challenge");
    choose(t);
    allPass(t);
    expect(t.state.result?.reason).toBe("rounds");
  });

  it("a time limit ends the game at the end of the round in which it runs out; paused time does not count", () => {
    const t = game({ endCondition: "time", timeLimitMinutes: 1 });
    t.must("P1", { type: "pauseGame" });
    t.advance(5 * 60_000);
    t.must("P1", { type: "resumeGame" });
    allPass(t);
    expect(t.state.phase).toBe("challenge");
    choose(t);
    t.advance(61_000);
    expect(t.state.phase).toBe("drafting");
    allPass(t);
    expect(t.state.result?.reason).toBe("time");
  });

  it("token depletion: the game ends when no category can refill the pool", () => {
    const t = game({ endCondition: "depletion" });
    for (const c of ["countries", "sports", "companies"]) drainSupply(t, c, REFILL_TO);
    const s = t.state;
    t.state = {
      ...s,
      pool: s.pool.slice(0, 4),
      retired: [...s.retired, ...s.pool.slice(4), ...(s.supply.movies ?? [])],
    };
    t.state = { ...t.state, supply: { ...t.state.supply, movies: [] } };
    allPass(t);
    expect(t.state.result?.reason).toBe("depletion");
  });

  it("whatever the condition, a game that cannot refill any pool ends (depletion)", () => {
    const t = game({ endCondition: "rounds", roundLimit: 50 });
    for (const c of ["countries", "sports", "companies", "movies"]) drainSupply(t, c, 0);
    const s = t.state;
    t.state = { ...s, pool: s.pool.slice(0, 2), retired: [...s.retired, ...s.pool.slice(2)] };
    allPass(t);
    expect(t.state.result?.reason).toBe("depletion");
  });

  it("the lead may end the game; uncashed tokens are worth nothing", () => {
    const t = game();
    give(t, "P2", suppliedWithTag(t, "countries", "Asia", 4));
    t.must("P1", sureGuess(t));
    t.must("P1", { type: "endGame" });
    expect(t.state.result).toMatchObject({ reason: "lead", winners: ["P1"] });
    expect(player(t, "P2").score).toBe(0);
    expect(t.refused("P1", { type: "pass" })).toBe("game_ended");
  });
});

describe("tiebreakers", () => {
  it("most tokens in hand breaks a tie on points", () => {
    const t = game({}, 3);
    patchPlayer(t, "P1", { score: 7 });
    patchPlayer(t, "P2", { score: 7 });
    give(t, "P2", suppliedWithTag(t, "countries", "Asia", 2));
    t.must("P1", { type: "endGame" });
    expect(t.state.result).toMatchObject({ winners: ["P2"], decidedBy: "tokens" });
    expect(t.state.result?.standings.map((x) => [x.playerId, x.rank])).toEqual([
      ["P2", 1],
      ["P1", 2],
      ["P3", 3],
    ]);
  });

  it("then most correct guesses", () => {
    const t = game();
    patchPlayer(t, "P1", { score: 5, correctGuesses: 2 });
    patchPlayer(t, "P2", { score: 5, correctGuesses: 4 });
    t.must("P1", { type: "endGame" });
    expect(t.state.result).toMatchObject({ winners: ["P2"], decidedBy: "correctGuesses" });
  });

  it("then a shared victory", () => {
    const t = game({}, 3);
    patchPlayer(t, "P1", { score: 5, correctGuesses: 3 });
    patchPlayer(t, "P3", { score: 5, correctGuesses: 3 });
    t.must("P1", { type: "endGame" });
    expect(t.state.result).toMatchObject({ winners: ["P1", "P3"], decidedBy: "shared" });
    expect(t.state.result?.standings.map((x) => x.rank)).toEqual([1, 1, 3]);
  });

  it("a player who left is listed after everyone seated and cannot win", () => {
    const t = game({}, 3);
    patchPlayer(t, "P3", { score: 9 });
    t.must(SYSTEM, { type: "@presence", seat: "P3", status: "left" });
    t.must("P1", { type: "endGame" });
    expect(t.state.result?.standings.at(-1)).toMatchObject({ playerId: "P3", left: true });
    expect(t.state.result?.winners).not.toContain("P3");
  });

  it("stats: correct guesses, cash-outs and the longest streak", () => {
    const t = game();
    t.must("P1", sureGuess(t));
    t.must("P2", { type: "pass" });
    t.must("P1", sureGuess(t));
    t.must("P1", sureGuess(t));
    const p1 = player(t, "P1");
    expect(p1.correctGuesses).toBe(3);
    expect(p1.longestStreak).toBe(3);
  });

  it("a rematch starts a fresh game with the same players", () => {
    const t = game();
    t.must("P1", sureGuess(t));
    t.must("P1", { type: "endGame" });
    t.must("P1", { type: "startGame" });
    expect(t.state.phase).toBe("challenge");
    expect(t.state.players.map((p) => [p.id, p.score, p.hand.length])).toEqual([
      ["P1", 0, 0],
      ["P2", 0, 0],
    ]);
    expect(t.state.result).toBeNull();
  });
});
