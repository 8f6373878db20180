import { describe, expect, it } from "vitest";
import { choose, outrankTable, rig, tokenNamed, valueNow, viewOf } from "./test-table";
import { OutrankView } from "./wire";

describe("views", () => {
  it("use the document's gameState names and parse with the wire schema, for players and spectators", () => {
    const t = outrankTable({ players: 3 });
    for (const seat of ["P1", "P2", null]) expect(OutrankView.safeParse(viewOf(t, seat)).success).toBe(true);
    choose(t);
    const v = viewOf(t, "P2");
    expect(OutrankView.parse(v)).toBeTruthy();
    expect(Object.keys(v)).toEqual(
      expect.arrayContaining([
        "phase",
        "round",
        "currentPlayer",
        "firstGuesser",
        "players",
        "currentChallenge",
        "centerToken",
        "draftPool",
        "retiredCount",
        "lastToPass",
        "you",
        "challenges",
      ]),
    );
    expect(v.you).toBe(1);
    expect(viewOf(t, null).you).toBeNull();
    expect(Object.keys(v.players[0] ?? {})).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "score",
        "hand",
        "thisRound",
        "correctGuesses",
        "cashOuts",
        "passed",
        "presence",
      ]),
    );
  });

  it("tokens are {id, name, category, tags}; the center carries its value, the draft pool never does", () => {
    const t = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
    choose(t, "movies-box-office");
    const v = viewOf(t, "P1");
    expect(v.centerToken).toMatchObject({ id: t.state.center, value: valueNow(t, t.state.center as string) });
    expect(v.centerToken?.tags).toHaveProperty("A");
    for (const x of v.draftPool) expect(Object.keys(x).sort()).toEqual(["category", "id", "name", "tags"]);
    expect(JSON.stringify(viewOf(t, null))).not.toContain(String(valueNow(t, t.state.pool[0] as string)));
  });

  it("a held token shows the value it was shown with, under that stat only", () => {
    const t = outrankTable({ players: 2, settings: { firstGuesser: "youngest", youngest: "P1" } });
    choose(t, "movies-box-office");
    const avatar = tokenNamed("Avatar");
    const titanic = tokenNamed("Titanic");
    rig(t, { center: avatar, pool: [titanic] });
    t.must("P1", { type: "draftGuess", tokenId: titanic, guess: "lower" });
    expect(viewOf(t, "P2").players[0]?.thisRound[0]).toMatchObject({ id: avatar, value: valueNow(t, avatar) });
    t.must("P2", { type: "pass" });
    t.must("P1", { type: "pass" });
    expect(viewOf(t, "P2").players[0]?.hand[0]?.value).toBe(valueNow(t, avatar));
    // A new stat: Avatar's runtime has not been shown.
    t.must("P2", { type: "selectChallenge", challengeId: "movies-runtime" });
    expect(viewOf(t, "P2").players[0]?.hand[0]?.value).toBeUndefined();
  });

  it("`passed` is true only while drafting, for a player out of the round; `status` says how", () => {
    // roundEndSeconds 4: the round's result stays on the table before the next challenge.
    const t = outrankTable({ players: 3, settings: { firstGuesser: "youngest", youngest: "P1", roundEndSeconds: 4 } });
    const flags = () => viewOf(t, null).players.map((p) => [p.passed, p.status]);
    expect(flags()).toEqual([
      [false, "in"],
      [false, "in"],
      [false, "in"],
    ]);
    choose(t, "movies-box-office");
    const avatar = tokenNamed("Avatar");
    const carter = tokenNamed("John Carter");
    rig(t, { center: avatar, pool: [carter] });
    t.must("P1", { type: "pass" });
    t.must("P2", { type: "draftGuess", tokenId: carter, guess: "higher" });
    expect(viewOf(t, null).phase).toBe("drafting");
    expect(flags()).toEqual([
      [true, "passed"],
      [true, "out"],
      [false, "in"],
    ]);
    t.must("P3", { type: "pass" });
    // Between rounds no round is being drafted: nobody has `passed`, `status` still tells the last round.
    expect(viewOf(t, null).phase).toBe("roundEnd");
    expect(flags()).toEqual([
      [false, "passed"],
      [false, "out"],
      [false, "passed"],
    ]);
    t.advance(4_000);
    expect(viewOf(t, null).phase).toBe("challenge");
    expect(flags().map((f) => f[0])).toEqual([false, false, false]);
    choose(t);
    expect(flags()).toEqual([
      [false, "in"],
      [false, "in"],
      [false, "in"],
    ]);
  });

  it("the challenge list offers what the First Guesser may pick, only while picking", () => {
    const t = outrankTable({ players: 2 });
    expect(viewOf(t, "P1").challenges.length).toBeGreaterThan(10);
    expect(viewOf(t, "P1").challenges[0]).toMatchObject({ direction: "higher" });
    choose(t);
    expect(viewOf(t, "P1").challenges).toEqual([]);
  });
});
