import { describe, expect, it } from "vitest";
import { boxSize } from "./pool";
import { BOX_PER_CATEGORY, REFILL_TO } from "./state";
import {
  catalog,
  choose,
  current,
  drainSupply,
  everyToken,
  give,
  outrankTable,
  player,
  rig,
  suppliedWithTag,
  type T,
  tokenNamed,
  valueNow,
  viewOf,
} from "./test-table";
import type { OutrankEvent } from "./wire";

const events = (out: unknown[]): OutrankEvent[] =>
  out.flatMap((o) => ("msg" in (o as object) ? [(o as { msg: { event: OutrankEvent } }).msg.event] : []));

/** A pool token the current player would guess right with (the rules' knowledge, for tests). */
function sureGuess(t: T): { type: "draftGuess"; tokenId: string; guess: "higher" | "lower" } {
  const center = valueNow(t, t.state.center as string);
  const tokenId = t.state.pool[0] as string;
  return { type: "draftGuess", tokenId, guess: valueNow(t, tokenId) >= center ? "higher" : "lower" };
}

function wrongGuess(t: T): { type: "draftGuess"; tokenId: string; guess: "higher" | "lower" } {
  const center = valueNow(t, t.state.center as string);
  const tokenId = t.state.pool.find((id) => valueNow(t, id) !== center) as string;
  return { type: "draftGuess", tokenId, guess: valueNow(t, tokenId) > center ? "lower" : "higher" };
}

/** A started game whose First Guesser is P1 and whose first challenge is chosen. */
function drafting(players = 3, settings = {}): T {
  const t = outrankTable({ players, settings: { firstGuesser: "youngest", youngest: "P1", ...settings } });
  choose(t, "movies-box-office");
  return t;
}

/** Leaves the first `n` tokens in the draft pool and puts the others back in the supply (a movies challenge's pool). */
function keepInPool(t: T, n: number): void {
  const s = t.state;
  t.state = {
    ...s,
    pool: s.pool.slice(0, n),
    supply: { ...s.supply, movies: [...(s.supply.movies ?? []), ...s.pool.slice(n)] },
  };
}

describe("setup and the challenge", () => {
  it("starts with 0 tokens and 0 points; the First Guesser is random by default", () => {
    const firsts = new Set<number>();
    for (let k = 0; k < 12; k++) {
      const t = outrankTable({ players: 4, seed: `first-${k}` });
      expect(t.state.players.every((p) => p.score === 0 && p.hand.length === 0)).toBe(true);
      firsts.add(t.state.firstGuesser);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("each game is played with 40 tokens of each category, drawn from the content by the game's seed", () => {
    const boxOf = (seed: string) => outrankTable({ players: 2, seed }).state.supply;
    const box = boxOf("box-1");
    let bigger = 0;
    for (const c of catalog.categories) {
      const content = catalog.byCategory[c]!;
      if (content.length > BOX_PER_CATEGORY) bigger++;
      const ids = box[c]!;
      expect(ids).toHaveLength(BOX_PER_CATEGORY);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(content).toContain(id);
    }
    // The content holds more than a box, so which 40 is a real draw.
    expect(bigger).toBeGreaterThan(0);
    expect(boxSize(catalog)).toBe(BOX_PER_CATEGORY * catalog.categories.length);
    // The same seed draws the same box (a replay plays the same game); another seed another box.
    expect(boxOf("box-1")).toEqual(box);
    const other = boxOf("box-2");
    expect(catalog.categories.some((c) => [...other[c]!].sort().join() !== [...box[c]!].sort().join())).toBe(true);
  });

  it("a rematch draws a new box", () => {
    const t = outrankTable({ players: 2 });
    const first = Object.values(t.state.supply).flat().sort().join();
    t.must("P1", { type: "endGame" });
    t.must("P1", { type: "startGame" });
    expect(everyToken(t.state)).toHaveLength(boxSize(catalog));
    expect(Object.values(t.state.supply).flat().sort().join()).not.toBe(first);
  });

  it("youngest-first needs the youngest named in the lobby", () => {
    const t = outrankTable({ players: 3, settings: { firstGuesser: "youngest" }, start: false });
    expect(t.refused("P1", { type: "startGame" })).toBe("youngest_not_set");
    expect(t.refused("P1", { type: "configure", settings: { youngest: "P9" } })).toBe("bad_settings");
    t.must("P1", { type: "configure", settings: { youngest: "P3" } });
    t.must("P1", { type: "startGame" });
    expect(t.state.firstGuesser).toBe(2);
  });

  it("starts with 2 to 6 players only", () => {
    expect(outrankTable({ players: 1, start: false }).refused("P1", { type: "startGame" })).toBe("not_enough_players");
    const t = outrankTable({ players: 6, start: false });
    expect(t.refused("#system", { type: "@presence", seat: "P7", status: "joined" })).toBe("room_full");
    t.must("P1", { type: "startGame" });
  });

  it("the first guesser picks; the draw is 1 revealed center and 12 in the draft pool", () => {
    const t = drafting();
    expect(t.state.center).not.toBeNull();
    expect(t.state.pool).toHaveLength(12);
    expect(t.state.supply.movies).toHaveLength(BOX_PER_CATEGORY - 13);
    const v = viewOf(t, "P2");
    expect(v.centerToken?.value).toBeTypeOf("number");
    expect(v.draftPool.every((x) => x.value === undefined)).toBe(true);
    expect(v.currentPlayer).toBe(0);
  });

  it("only the marker holder chooses, and only a challenge that exists", () => {
    const t = outrankTable({ players: 3, settings: { firstGuesser: "youngest", youngest: "P2" } });
    expect(t.refused("P1", { type: "selectChallenge", challengeId: "movies-runtime" })).toBe("not_your_turn");
    expect(t.refused("P2", { type: "selectChallenge", challengeId: "nope" })).toBe("unknown_challenge");
    expect(t.refused("P2", { type: "pass" })).toBe("wrong_phase");
    t.must("P2", { type: "selectChallenge", challengeId: "movies-runtime" });
    expect(t.state.current).toBe(1);
  });
});

describe("draft and guess", () => {
  it("turns go clockwise from the First Guesser; only the current player drafts", () => {
    const t = drafting(3);
    expect(t.refused("P2", sureGuess(t))).toBe("not_your_turn");
    t.must("P1", sureGuess(t));
    expect(current(t).id).toBe("P2");
    t.must("P2", sureGuess(t));
    expect(current(t).id).toBe("P3");
    t.must("P3", sureGuess(t));
    expect(current(t).id).toBe("P1");
    expect(t.refused("P1", { type: "draftGuess", tokenId: "movie-nope", guess: "higher" })).toBe("not_in_pool");
  });

  it("equal values count as a correct guess for either call (docs/games/outrank.md, Decisions D5)", () => {
    for (const guess of ["higher", "lower"] as const) {
      const t = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
      choose(t, "movies-oscars-won");
      const titanic = tokenNamed("Titanic");
      const king = tokenNamed("The Lord of the Rings: The Return of the King");
      rig(t, { center: titanic, pool: [king] });
      expect(valueNow(t, titanic)).toBe(valueNow(t, king));
      const out = events(t.must("P1", { type: "draftGuess", tokenId: king, guess }));
      expect(out.find((e) => e.type === "guessResolved")).toMatchObject({ correct: true });
      expect(player(t, "P1").score).toBe(1);
      expect(t.state.center).toBe(king);
    }
  });

  it("on a lower-wins card (oldest first) HIGHER claims an earlier year, and the view says which way it ranks", () => {
    const t = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
    choose(t, "companies-oldest");
    const [apple, ibm, google] = ["Apple", "IBM", "Google (Alphabet)"].map(tokenNamed) as [string, string, string];
    rig(t, { center: apple, pool: [ibm, google] });
    expect(valueNow(t, ibm)).toBeLessThan(valueNow(t, apple));
    const v = viewOf(t, "P1");
    expect(v.currentChallenge).toMatchObject({ id: "companies-oldest", stat: "foundedYear", direction: "lower" });
    // IBM (1911) is older than Apple (1976): it outranks Apple on this card, so HIGHER is right.
    const right = events(t.must("P1", { type: "draftGuess", tokenId: ibm, guess: "higher" }));
    expect(right.find((e) => e.type === "guessResolved")).toMatchObject({ correct: true, guess: "higher" });
    expect(t.state.center).toBe(ibm);
    // Google (1998) is younger than IBM: it ranks lower, so HIGHER is wrong.
    const wrong = events(t.must("P2", { type: "draftGuess", tokenId: google, guess: "higher" }));
    expect(wrong.find((e) => e.type === "guessResolved")).toMatchObject({ correct: false });
    // The same stat on the ordinary card ranks the other way.
    const plain = catalog.challengeById.get("companies-founded");
    expect(plain?.view.direction).toBe("higher");
  });

  // docs/games/outrank.md, Decisions D6.
  it("a wrong guess returns the this-round tokens and the drafted one to the pool; points stay", () => {
    const t = drafting(2);
    t.must("P1", sureGuess(t));
    t.must("P2", { type: "pass" });
    t.must("P1", sureGuess(t));
    const held = player(t, "P1").thisRound.slice();
    expect(held).toHaveLength(2);
    const poolBefore = t.state.pool.length;
    const wrong = wrongGuess(t);
    t.must("P1", wrong);
    const p1 = player(t, "P1");
    expect(p1.score).toBe(2);
    expect(p1.thisRound).toEqual([]);
    expect(t.state.pool).toHaveLength(poolBefore + 2);
    for (const id of [...held, wrong.tokenId]) expect(t.state.pool).toContain(id);
    expect(everyToken(t.state)).toHaveLength(boxSize(catalog));
  });

  it("the first to fail takes the First Guesser marker; a later pass does not", () => {
    const t = drafting(3);
    t.must("P1", sureGuess(t));
    t.must("P2", wrongGuess(t));
    expect(t.state.firstGuesser).toBe(1);
    t.must("P3", { type: "pass" });
    expect(t.state.firstGuesser).toBe(1);
  });

  it("the first to pass takes the marker too", () => {
    const t = drafting(3);
    t.must("P1", sureGuess(t));
    t.must("P2", sureGuess(t));
    const out = events(t.must("P3", { type: "pass" }));
    expect(out).toContainEqual({ type: "markerMoved", playerId: "P3" });
    expect(t.state.firstGuesser).toBe(2);
  });
});

describe("passing and the end of a round", () => {
  it("the last player standing drafts solo until they pass, then gets the +1 bonus", () => {
    const t = drafting(3);
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    t.must("P3", sureGuess(t));
    expect(current(t).id).toBe("P3");
    t.must("P3", sureGuess(t));
    expect(current(t).id).toBe("P3");
    const out = events(t.must("P3", { type: "pass" }));
    expect(out.find((e) => e.type === "roundEnded")).toMatchObject({ bonus: { playerId: "P3", points: 1 } });
    expect(player(t, "P3").score).toBe(3);
    expect(player(t, "P3").hand).toHaveLength(2);
    expect(t.state.firstGuesser).toBe(0);
  });

  it("all players passing ends the round at once; the last to pass gets the bonus", () => {
    const t = drafting(3);
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    const out = events(t.must("P3", { type: "pass" }));
    expect(out.find((e) => e.type === "roundEnded")).toMatchObject({ reason: "allOut", bonus: { playerId: "P3" } });
    expect(t.state.phase).toBe("challenge");
    expect(t.state.firstGuesser).toBe(0);
  });

  it("a last player who fails leaves the bonus to the last player who passed", () => {
    const t = drafting(2);
    t.must("P1", { type: "pass" });
    t.must("P2", wrongGuess(t));
    expect(player(t, "P1").score).toBe(1);
    expect(player(t, "P2").score).toBe(0);
  });

  it("an empty draft pool ends the round; the player who took its last token gets the bonus", () => {
    const t = drafting(3);
    keepInPool(t, 2); // P1 takes one, P2 the last
    t.must("P1", sureGuess(t));
    const out = events(t.must("P2", sureGuess(t)));
    expect(out.find((e) => e.type === "roundEnded")).toMatchObject({ reason: "poolEmpty", bonus: { playerId: "P2" } });
    expect(player(t, "P1").hand).toHaveLength(1);
    expect(player(t, "P2").hand).toHaveLength(1);
    expect(player(t, "P2").score).toBe(2);
    expect(t.state.round).toBe(2);
  });

  it("a later round keeps the pool and refills it to 8; the center stays", () => {
    const t = drafting(2);
    keepInPool(t, 3);
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    const center = t.state.center;
    const kept = t.state.pool.slice();
    const out = events(t.must("P1", { type: "selectChallenge", challengeId: "movies-runtime" }));
    expect(out.find((e) => e.type === "challengeSelected")).toMatchObject({ drawn: REFILL_TO - 3, poolCount: 8 });
    expect(t.state.pool).toHaveLength(REFILL_TO);
    expect(t.state.pool.slice(0, 3)).toEqual(kept);
    expect(t.state.center).toBe(center);
    // The kept center's value under the new stat is shown now.
    expect(viewOf(t, "P1").centerToken?.value).toBe(valueNow(t, center as string));
  });

  it("a pool that still holds 8 or more is not refilled", () => {
    const t = drafting(2);
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    const out = events(t.must("P1", { type: "selectChallenge", challengeId: "movies-release-year" }));
    expect(out.find((e) => e.type === "challengeSelected")).toMatchObject({ drawn: 0, poolCount: 12 });
  });

  it("another category sends the old pool back to its supply and draws 13 fresh", () => {
    const t = drafting(2);
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    t.must("P1", { type: "selectChallenge", challengeId: "countries-area" });
    expect(t.state.poolCategory).toBe("countries");
    expect(t.state.pool).toHaveLength(12);
    expect(t.state.supply.movies).toHaveLength(BOX_PER_CATEGORY);
    expect(everyToken(t.state)).toHaveLength(boxSize(catalog));
  });

  it("an exhausted category cannot be chosen", () => {
    const t = drafting(2);
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "pass" });
    drainSupply(t, "sports", REFILL_TO);
    const offered = viewOf(t, "P1").challenges.map((c) => c.category);
    expect(offered).not.toContain("sports");
    expect(offered).toContain("movies");
    expect(t.refused("P1", { type: "selectChallenge", challengeId: "sports-olympic-debut" })).toBe(
      "category_exhausted",
    );
    // The pool on the table counts toward its own category.
    const s = t.state;
    t.state = { ...s, supply: { ...s.supply, movies: [] } };
    expect(viewOf(t, "P1").challenges.map((c) => c.category)).toContain("movies");
  });
});

describe("hand limit (docs/games/outrank.md, Decisions D10)", () => {
  it("counts hand and this round: at the limit a player may cash, discard or pass, not draft", () => {
    const t = drafting(2, { handLimit: 6 });
    t.must("P1", sureGuess(t));
    t.must("P2", { type: "pass" });
    const pairs = suppliedWithTag(t, "countries", "Europe", 5);
    give(t, "P1", pairs);
    expect(player(t, "P1").hand.length + player(t, "P1").thisRound.length).toBe(6);
    expect(t.refused("P1", sureGuess(t))).toBe("hand_full");
    expect(viewOf(t, "P1").players[0]?.hand).toHaveLength(5);
    t.must("P1", { type: "discard", tokenIds: [pairs[0] as string] });
    expect(t.state.retired).toContain(pairs[0]);
    expect(t.refused("P1", { type: "discard", tokenIds: [pairs[1] as string] })).toBe("not_at_limit");
    t.must("P1", sureGuess(t));
  });

  it("discard and cash-out name only held tokens, each once", () => {
    const t = drafting(2, { handLimit: 3 });
    const three = suppliedWithTag(t, "countries", "Asia", 3);
    give(t, "P1", three);
    expect(t.refused("P1", { type: "discard", tokenIds: ["country-nope"] })).toBe("token_not_held");
    expect(t.refused("P1", { type: "discard", tokenIds: [three[0]!, three[0]!] })).toBe("duplicate_token");
    expect(t.refused("P1", { type: "cashOut", tokenIds: [three[0]!, three[0]!], tag: "Asia" })).toBe("duplicate_token");
  });
});

describe("cash out", () => {
  it("mixes hand and this-round tokens sharing a tag; 3 tokens score 5; they retire; the turn ends", () => {
    const t = drafting(2);
    const [a, b, c] = suppliedWithTag(t, "countries", "Europe", 3) as [string, string, string];
    give(t, "P1", [a, b], "hand");
    give(t, "P1", [c], "thisRound");
    const out = events(t.must("P1", { type: "cashOut", tokenIds: [a, c, b], tag: "Europe" }));
    expect(out.find((e) => e.type === "cashedOut")).toMatchObject({ points: 5, score: 5, tag: "Europe" });
    expect(player(t, "P1").hand).toEqual([]);
    expect(player(t, "P1").thisRound).toEqual([]);
    expect(player(t, "P1").cashOuts).toBe(1);
    expect(t.state.retired).toEqual(expect.arrayContaining([a, b, c]));
    expect(current(t).id).toBe("P2");
    expect(viewOf(t, "P1").retiredCount).toBe(3);
  });

  it("scores 2 / 5 / 8 for 2 / 3 / 4 tokens, or the room's set values", () => {
    for (const [size, points, setPoints] of [
      [2, 2, undefined],
      [4, 8, undefined],
      [3, 6, [3, 6, 10]],
    ] as const) {
      const t = drafting(2, setPoints ? { setPoints: [...setPoints] } : {});
      const ids = suppliedWithTag(t, "countries", "Republic", size);
      give(t, "P1", ids);
      t.must("P1", { type: "cashOut", tokenIds: ids, tag: "Republic" });
      expect(player(t, "P1").score).toBe(points);
    }
  });

  it("refuses a set of one, of five or more, or with a token lacking the tag", () => {
    const t = drafting(2);
    const five = suppliedWithTag(t, "countries", "Republic", 5);
    give(t, "P1", five);
    expect(t.refused("P1", { type: "cashOut", tokenIds: five.slice(0, 1), tag: "Republic" })).toBe("set_too_small");
    expect(t.refused("P1", { type: "cashOut", tokenIds: five, tag: "Republic" })).toBe("set_too_large");
    const [odd] = suppliedWithTag(t, "countries", "Monarchy", 1) as [string];
    give(t, "P1", [odd]);
    expect(t.refused("P1", { type: "cashOut", tokenIds: [five[0]!, odd], tag: "Republic" })).toBe("tag_not_shared");
    expect(t.refused("P2", { type: "cashOut", tokenIds: five.slice(0, 2), tag: "Republic" })).toBe("not_your_turn");
    expect(t.refused("P1", { type: "cashOut", tokenIds: [t.state.pool[0]!, five[0]!], tag: "Republic" })).toBe(
      "token_not_held",
    );
  });
});
