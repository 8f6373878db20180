import { describe, expect, it } from "vitest";
import { interleave, parseMix, splitSockets } from "../bench/mix-plan";
import { mixedPhase, type RoomPhase, type RoomPlay } from "../bench/room-runs";

// The plan of `npm run bench:mix` (the bench itself is not run here).
describe("bench mix weights", () => {
  it("reads game:weight pairs, games left out weighing nothing", () => {
    expect(parseMix("trivia:1,cards:1,outrank:1")).toEqual({ trivia: 1, cards: 1, outrank: 1 });
    expect(parseMix(" cards:2 , trivia:0.5")).toEqual({ trivia: 0.5, cards: 2, outrank: 0 });
  });

  it("refuses unknown games, bad weights and a mix of nothing", () => {
    for (const bad of ["serpent:1", "trivia", "trivia:", "trivia:-1", "trivia:x", "trivia:1:2", "trivia:0,cards:0"])
      expect(() => parseMix(bad), bad).toThrow(/--mix/);
  });
});

describe("bench mix split of sockets", () => {
  const perRoom = { trivia: 2, cards: 6, outrank: 4 };

  it("gives each game its share by weight, in whole rooms of its size", () => {
    expect(splitSockets(1200, { trivia: 1, cards: 1, outrank: 1 }, perRoom)).toEqual({
      trivia: 200,
      cards: 67,
      outrank: 100,
    });
    expect(splitSockets(1000, { trivia: 3, cards: 1, outrank: 0 }, perRoom)).toEqual({
      trivia: 375,
      cards: 42,
      outrank: 0,
    });
  });

  it("gives a game with any weight one room at least", () => {
    expect(splitSockets(4, { trivia: 1, cards: 1, outrank: 1 }, perRoom)).toEqual({ trivia: 1, cards: 1, outrank: 1 });
  });
});

describe("bench mix start order", () => {
  it("spreads each game's rooms evenly over the order", () => {
    expect(interleave([4, 2])).toEqual([0, 1, 0, 0, 1, 0]);
    expect(interleave([1, 1, 1])).toEqual([0, 1, 2]);
    expect(interleave([0, 3])).toEqual([1, 1, 1]);
  });

  it("keeps every room of every game", () => {
    const order = interleave([5, 3, 7]);
    expect([0, 1, 2].map((g) => order.filter((x) => x === g).length)).toEqual([5, 3, 7]);
  });
});

describe("bench mixed room phase", () => {
  const room = (completed: boolean): RoomPlay => ({
    startedAt: 0,
    finishedAt: 0,
    completed,
    play: async () => {},
    dispose: () => {},
  });
  const part = (name: string, sockets: number, calls: string[]): RoomPhase<RoomPlay> => ({
    name,
    plays: "games",
    rooms: 0,
    staggerMs: 0,
    sockets: () => sockets,
    create: async (i) => `${name}${i}`,
    open: (id, i) => {
      calls.push(`open ${id} as ${i}`);
      return room(name === "a");
    },
    played: (_r, i) => calls.push(`played ${name}${i}`),
    sent: () => sockets * 10,
  });

  it("hands each part its own rooms numbered from 0 and tallies them per part", async () => {
    const calls: string[] = [];
    const { phase, tallies } = mixedPhase("mix", 1000, [part("a", 2, calls), part("b", 6, calls)], [0, 1, 0]);
    expect(phase.rooms).toBe(3);
    expect([0, 1, 2].map((i) => phase.sockets(i))).toEqual([2, 6, 2]);
    for (const i of [0, 1, 2]) {
      const id = await phase.create(i);
      phase.played?.(phase.open(id, i), i);
    }
    expect(calls).toEqual(["open a0 as 0", "played a0", "open b0 as 0", "played b0", "open a1 as 1", "played a1"]);
    expect(tallies).toEqual([
      { started: 2, completed: 2 },
      { started: 1, completed: 0 },
    ]);
    expect(phase.sent()).toBe(80);
  });
});
