import { describe, expect, it } from "vitest";
import { RANDO } from "./state";
import { cahTable, indexOf, player, seat, submitAll } from "./test-table";
import type { GameStateView } from "./view";

const voting = (players: number, more: string[] = [], settings: object = {}) =>
  cahTable({ players, settings: { activeVariants: ["voting", ...more], endValue: 50, ...settings } });

type T = ReturnType<typeof voting>;
const view = (t: T, seatId: string | null) => (t.view(seatId) as { state: GameStateView }).state;
const scores = (t: T) => Object.fromEntries(t.state.players.map((p) => [p.id, p.score]));
/** `voter` votes for `author`'s answer. */
const vote = (t: T, voter: string, author: string) =>
  t.must(voter, { type: "selectWinner", index: indexOf(t, author) });

describe("voting (docs/games/card-table.md, Decisions D16)", () => {
  it("has no judge: the prompt is drawn for the table and everyone answers", () => {
    const t = voting(4);
    expect(t.state.roles.judge).toBeNull();
    expect(t.state.currentPhase).toBe("SUBMIT");
    expect(t.state.globalSlots.prompt).toHaveLength(1);
    submitAll(t);
    expect(t.state.currentPhase).toBe("JUDGE");
    expect(t.state.roundState.shuffledOrder).toHaveLength(4);
    // Every seat sees the anonymous answers and may vote for any but its own.
    for (let n = 1; n <= 4; n++) {
      const v = view(t, seat(n));
      expect(v.roundState.anonymized).toHaveLength(4);
      const picks = v.legalActions.filter((a) => a.type === "selectWinner").map((a) => (a as { index: number }).index);
      expect(picks.sort()).toEqual([1, 2, 3, 4].filter((i) => i !== indexOf(t, seat(n))));
    }
  });

  it("one vote each, never for your own; 3, 2 and 1 points by place", () => {
    const t = voting(5);
    submitAll(t);
    expect(t.refused(seat(1), { type: "selectWinner", index: indexOf(t, seat(1)) })).toBe("own_submission");
    // P2 gets three votes, P3 two, nobody else any: P2 wins the round and 3 points, P3 2 points.
    vote(t, seat(1), seat(2));
    expect(t.refused(seat(1), { type: "selectWinner", index: indexOf(t, seat(3)) })).toBe("already_voted");
    vote(t, seat(3), seat(2));
    vote(t, seat(4), seat(2));
    vote(t, seat(2), seat(3));
    expect(t.state.roundState.outcome).toBeUndefined();
    vote(t, seat(5), seat(3));
    expect(scores(t)).toEqual({ P1: 0, P2: 3, P3: 2, P4: 0, P5: 0 });
    // The single top answer takes the prompt card, as the judge's pick would.
    expect(player(t, seat(2)).slots.scorePile).toHaveLength(1);
    expect(t.state.lastRound?.winnerId).toBe(seat(2));
    const placed = t.state.lastRound?.placings ?? [];
    expect(placed.slice(0, 2).map((x) => [x.playerId, x.votes, x.points])).toEqual([
      [seat(2), 3, 3],
      [seat(3), 2, 2],
    ]);
    expect(placed.slice(2).map((x) => [x.votes, x.points])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(t.state.currentPhase).toBe("SUBMIT");
  });

  // Each vote as [voter, author] by seat number.
  it.each([
    {
      what: "one vote each for four answers: all tie first (3 points each), and nobody takes the prompt",
      players: 4,
      votes: [
        [1, 2],
        [2, 1],
        [3, 4],
        [4, 3],
      ],
      scores: { P1: 3, P2: 3, P3: 3, P4: 3 },
      winner: undefined,
    },
    {
      what: "a tie for second: both take second place's 2 points",
      players: 4,
      votes: [
        [1, 2],
        [3, 2],
        [2, 3],
        [4, 1],
      ],
      scores: { P1: 2, P2: 3, P3: 2, P4: 0 },
      winner: "P2",
    },
    {
      what: "three places by votes: 3, 2 and 1 points",
      players: 6,
      votes: [
        [1, 2],
        [3, 2],
        [4, 2],
        [2, 3],
        [5, 4],
        [6, 3],
      ],
      scores: { P1: 0, P2: 3, P3: 2, P4: 1, P5: 0, P6: 0 },
      winner: "P2",
    },
  ])("$what", ({ players, votes, scores: expected, winner }) => {
    const t = voting(players);
    submitAll(t);
    for (const [voter, author] of votes) vote(t, seat(voter as number), seat(author as number));
    expect(scores(t)).toEqual(expected);
    expect(t.state.lastRound?.winnerId).toBe(winner);
    for (let n = 1; n <= players; n++)
      expect(player(t, seat(n)).slots.scorePile ?? []).toHaveLength(seat(n) === winner ? 1 : 0);
  });

  it("who voted is public at once; for what only once the vote is counted", () => {
    const t = voting(3);
    submitAll(t);
    const events = t.must(seat(1), { type: "selectWinner", index: indexOf(t, seat(2)) });
    expect(JSON.stringify(events)).not.toContain(`"index":${indexOf(t, seat(2))}`);
    const other = view(t, seat(3));
    expect(other.roundState.voted).toEqual([seat(1)]);
    expect(other.roundState.myVote).toBeUndefined();
    expect(other.roundState.placings).toBeUndefined();
    expect(JSON.stringify(other)).not.toContain('"votes"');
    expect(view(t, seat(1)).roundState.myVote).toBe(indexOf(t, seat(2)));
  });

  it("a vote that runs out of time is counted as it stands", () => {
    const t = voting(4, [], { judgeTimeout: 30 });
    submitAll(t);
    vote(t, seat(1), seat(2));
    vote(t, seat(3), seat(2));
    t.advance(31_000);
    expect(scores(t)).toMatchObject({ P2: 3 });
    expect(t.state.lastRound?.winnerId).toBe(seat(2));
  });

  it("a voter who goes away is not waited for", () => {
    const t = voting(4);
    submitAll(t);
    vote(t, seat(1), seat(2));
    vote(t, seat(2), seat(1));
    vote(t, seat(3), seat(2));
    t.must(seat(4), { type: "setPresence", presence: "away" });
    expect(t.state.lastRound?.winnerId).toBe(seat(2));
  });

  it("with Rando: Rando's answer can win votes, and Rando never votes", () => {
    const t = voting(3, ["rando"]);
    submitAll(t);
    expect(t.state.roundState.shuffledOrder).toHaveLength(4);
    vote(t, seat(1), RANDO);
    vote(t, seat(2), RANDO);
    vote(t, seat(3), RANDO);
    expect(player(t, RANDO).score).toBe(3);
  });

  it("plays to a points target", () => {
    const t = voting(3, [], { endValue: 9 });
    for (let round = 0; round < 10 && t.state.status === "playing"; round++) {
      submitAll(t);
      vote(t, seat(1), seat(2));
      vote(t, seat(2), seat(1));
      vote(t, seat(3), seat(2));
    }
    expect(t.state.status).toBe("ended");
    expect(player(t, seat(2)).score).toBe(9);
  });
});
