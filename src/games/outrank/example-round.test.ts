import { describe, expect, it } from "vitest";
import { outrankTable, player, rig, tokenNamed, viewOf } from "./test-table";
import type { OutrankEvent } from "./wire";

const AVATAR = tokenNamed("Avatar");
const TITANIC = tokenNamed("Titanic");
const ENDGAME = tokenNamed("Avengers: Endgame");
const JOHN_CARTER = tokenNamed("John Carter");

const events = (out: unknown[]) =>
  out.flatMap((o) => ("msg" in (o as object) ? [(o as { msg: { event: OutrankEvent } }).msg.event] : []));

describe("the document's example round (Alice and Bob, Movies - Box Office)", () => {
  it("plays out with the scores and markers it states", () => {
    // Alice goes first: the table chose youngest-first and named her.
    const t = outrankTable({
      names: ["Alice", "Bob"],
      settings: { firstGuesser: "youngest", youngest: "P1" },
      start: false,
    });
    const start = events(t.must("P1", { type: "startGame" }));
    expect(start.find((e) => e.type === "gameStarted")).toMatchObject({ firstGuesser: "P1" });
    expect(t.state.firstGuesser).toBe(0);
    expect(t.state.phase).toBe("challenge");
    // The marker, as both players see it: Alice holds the First Guesser marker.
    const marker = () => [viewOf(t, "P1").firstGuesser, viewOf(t, "P2").firstGuesser, viewOf(t, null).firstGuesser];
    expect(marker()).toEqual([0, 0, 0]);
    const moves: OutrankEvent[] = [];
    const play = (seat: string, action: Parameters<typeof t.must>[1]) => {
      const out = events(t.must(seat, action));
      moves.push(...out.filter((e) => e.type === "markerMoved"));
      return out;
    };

    // Setup: Alice picks the challenge; the center is Avatar, the draft pool shows 12 movies.
    play("P1", { type: "selectChallenge", challengeId: "movies-box-office" });
    rig(t, { center: AVATAR, pool: [TITANIC, ENDGAME, JOHN_CARTER] });
    let v = viewOf(t, "P1");
    expect(v.currentChallenge?.name).toBe("Movies - Box Office");
    expect(v.centerToken?.name).toBe("Avatar");
    expect(v.centerToken?.value).toBeGreaterThan(2.9e9);
    expect(v.draftPool).toHaveLength(12);
    expect(v.currentPlayer).toBe(0);

    // Turn 1 (Alice, First Guesser): Titanic, LOWER: correct. +1, collects Avatar, Titanic is the center.
    const t1 = play("P1", { type: "draftGuess", tokenId: TITANIC, guess: "lower" });
    expect(t1.find((e) => e.type === "guessResolved")).toMatchObject({ playerId: "P1", correct: true, score: 1 });
    expect(player(t, "P1").score).toBe(1);
    expect(player(t, "P1").thisRound).toEqual([AVATAR]);
    expect(t.state.center).toBe(TITANIC);

    // Turn 2 (Bob): Endgame, HIGHER: correct. +1, collects Titanic, Endgame is the center.
    play("P2", { type: "draftGuess", tokenId: ENDGAME, guess: "higher" });
    expect(player(t, "P2").score).toBe(1);
    expect(player(t, "P2").thisRound).toEqual([TITANIC]);
    expect(t.state.center).toBe(ENDGAME);
    // Two right guesses move no marker: it stays with Alice.
    expect(marker()).toEqual([0, 0, 0]);
    expect(moves).toEqual([]);

    // Turn 3 (Alice): John Carter, HIGHER: wrong. Avatar and John Carter go back to the pool,
    // Alice keeps her point, is out, and takes the First Guesser marker for next round.
    const t3 = play("P1", { type: "draftGuess", tokenId: JOHN_CARTER, guess: "higher" });
    expect(t3.find((e) => e.type === "guessResolved")).toMatchObject({
      correct: false,
      returned: [AVATAR],
      score: 1,
    });
    expect(player(t, "P1").score).toBe(1);
    expect(player(t, "P1").thisRound).toEqual([]);
    expect(player(t, "P1").status).toBe("out");
    expect(t.state.pool).toContain(AVATAR);
    expect(t.state.pool).toContain(JOHN_CARTER);
    expect(t.state.center).toBe(ENDGAME);
    // Alice is the first to fail, so the marker is hers for next round; she already holds it,
    // so nothing moves (no markerMoved event), and the round's marker is now settled.
    expect(marker()).toEqual([0, 0, 0]);
    expect(moves).toEqual([]);

    // Turn 4 (Bob): passes to keep Titanic safe. Turn 5: Alice is out, so the round ends.
    v = viewOf(t, "P2");
    expect(v.currentPlayer).toBe(1);
    const t4 = play("P2", { type: "pass" });
    // Bob is the first to pass, but Alice failed first: the marker does not move to Bob.
    expect(t4.filter((e) => e.type === "markerMoved")).toEqual([]);
    expect(t4.find((e) => e.type === "passed")).toEqual({ type: "passed", playerId: "P2", reason: "pass" });

    // Round end: Bob was last to pass, +1 bonus; Titanic moves to his hand; Alice is First Guesser.
    expect(t4.find((e) => e.type === "roundEnded")).toEqual({
      type: "roundEnded",
      round: 1,
      reason: "allOut",
      bonus: { playerId: "P2", points: 1 },
    });
    expect(player(t, "P2").score).toBe(2);
    expect(player(t, "P2").hand).toEqual([TITANIC]);
    expect(player(t, "P2").thisRound).toEqual([]);
    expect(player(t, "P1").score).toBe(1);
    expect(t.state.phase).toBe("challenge");
    expect(t.state.round).toBe(2);
    // Next round: Alice, holding the marker, chooses the challenge; no marker ever went to Bob.
    expect(marker()).toEqual([0, 0, 0]);
    expect(moves).toEqual([]);
    expect(t4.at(-1)).toEqual({ type: "turnChanged", playerId: "P1" });
    expect(viewOf(t, "P1").you).toBe(0);
    expect(viewOf(t, "P1").currentPlayer).toBe(0);
    expect(viewOf(t, "P1").challenges.length).toBeGreaterThan(0);
    expect(t.refused("P2", { type: "selectChallenge", challengeId: "movies-runtime" })).toBe("not_your_turn");
  });
});
