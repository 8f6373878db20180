import { beforeAll, describe, expect, it } from "vitest";
import type { CardTableState } from "../src/games/card-table/state";
import type { OutrankState } from "../src/games/outrank/state";
import { loadSerpentDecks } from "../src/games/serpent-race/content/index";
import { serpentRaceModule } from "../src/games/serpent-race/index";
import { latestDeck } from "../src/games/serpent-race/service/deck-store";
import type { SerpentState } from "../src/games/serpent-race/state";
import type { TriviaState } from "../src/games/trivia-duel/state";
import { memoryDbPerFile, memoryHost } from "./support/memory-db";

/**
 * Deadlines are exact: the host fires every timer whose time has come before it applies an
 * input, so an input is judged against the state at its arrival time even when the timer
 * has not fired yet (a busy event loop). These hosts have no scheduler at all: only the
 * catch-up can fire a timer.
 */
const h = memoryDbPerFile();
beforeAll(async () => {
  // SerpentRace's rooms name stored decks: the shipped ones, as the server installs them.
  await serpentRaceModule.init?.({ db: h.db, now: () => Date.now() });
});

function hostAt(start: number) {
  let now = start;
  const services = { db: h.db, now: () => now };
  const { host } = memoryHost(h, { clock: () => now, services });
  return { host, tick: (ms: number) => (now += ms), now: () => now };
}

/** A Trivia Duel of two seats at `start`, 3 s on: past its category, at the first bet. */
async function duelAtBetting(start: number, [one, two]: [string, string]) {
  const { host, tick } = hostAt(start);
  const code = await host.createRoom("trivia-duel", {});
  const p1 = { seat: "P1", credential: one };
  const p2 = { seat: "P2", credential: two };
  await host.join("trivia-duel", code, { credential: p1.credential });
  await host.join("trivia-duel", code, { credential: p2.credential });
  tick(3000); // category → betting (fired by the next input's catch-up)
  return { host, tick, code, p1, p2 };
}

describe("deadlines are exact in the room host", () => {
  it("Trivia Duel: an ANSWER after the answer deadline meets the timed-out question", async () => {
    const { host, tick, code, p1, p2 } = await duelAtBetting(3_000_000_000_000, ["deadline-one-1", "deadline-two-2"]);
    expect(await host.input(code, p1, { type: "BET", amount: 10 })).toEqual({ ok: true });
    expect(await host.input(code, p2, { type: "MATCH" })).toEqual({ ok: true });
    tick(500);
    expect(await host.input(code, p1, { type: "BUZZ" })).toEqual({ ok: true });
    const s = (await host.exists(code))!.state as TriviaState;
    const answer = s.questions[0]!.acceptedAnswers[0]!;
    tick(5000); // exactly the 5 s answer limit: the timeout has come
    expect(await host.input(code, p1, { type: "ANSWER", text: answer })).toMatchObject({
      ok: false,
      code: "not_answer_phase",
    });
    const after = (await host.exists(code))!.state as TriviaState;
    expect(after.buzzer!.status.P1).toBe("FAILED");
    expect(after.balances.P1).toBe(490);
  });

  it("Trivia Duel: a BUZZ after the post-clue window meets the resolved question", async () => {
    const { host, tick, code, p1, p2 } = await duelAtBetting(3_100_000_000_000, ["deadline-one-3", "deadline-two-4"]);
    await host.input(code, p1, { type: "BET", amount: 10 });
    await host.input(code, p2, { type: "MATCH" });
    tick(40_000); // the whole clue and its 5 s window are past
    expect(await host.input(code, p2, { type: "BUZZ" })).toMatchObject({ ok: false, code: "not_clue_phase" });
    const s = (await host.exists(code))!.state as TriviaState;
    expect(s.recap[0]?.outcome).toBe("DRAW");
  });

  it("Card Table: an answer after the submit timeout meets the round that moved on", async () => {
    const { host, tick } = hostAt(3_200_000_000_000);
    const code = await host.createRoom("card-table", { settings: { packIds: ["base"], submitTimeout: 30 } });
    const who = ["ann-deadline-1", "bo-deadline-2", "cy-deadline-3"];
    for (const credential of who) await host.join("card-table", code, { credential, name: credential.slice(0, 3) });
    const as = (seat: string) => ({ seat, credential: who[Number(seat.slice(1)) - 1]! });
    expect(await host.input(code, as("P1"), { type: "startGame" })).toEqual({ ok: true });
    let s = (await host.exists(code))!.state as CardTableState;
    const judge = s.roles.judge!;
    expect(await host.input(code, as(judge), { type: "draw", deckId: "black", count: 1, toZone: "prompt" })).toEqual({
      ok: true,
    });
    s = (await host.exists(code))!.state as CardTableState;
    expect(s.currentPhase).toBe("SUBMIT");
    const player = s.players.find((p) => p.id !== judge)!;
    tick(30_000);
    const card = player.hand[0]!.id;
    const late = await host.input(code, as(player.id), {
      type: "play",
      cardId: card,
      fromZone: "hand",
      toSlot: "submission",
    });
    expect(late.ok).toBe(false);
    s = (await host.exists(code))!.state as CardTableState;
    expect(s.currentPhase).not.toBe("SUBMIT");
    expect(s.players.find((p) => p.id === player.id)!.hand.some((c) => c.id === card)).toBe(true);
  });

  it("Outrank: a guess after the turn timer ran out meets the timeout's pass", async () => {
    const { host, tick } = hostAt(3_300_000_000_000);
    const code = await host.createRoom("outrank", { settings: { turnSeconds: 20 } });
    const who = ["ann-outrank-1", "bo-outrank-2"];
    for (const credential of who) await host.join("outrank", code, { credential, name: credential.slice(0, 3) });
    const as = (seat: string) => ({ seat, credential: who[Number(seat.slice(1)) - 1]! });
    expect(await host.input(code, as("P1"), { type: "startGame" })).toEqual({ ok: true });
    let s = (await host.exists(code))!.state as OutrankState;
    const chooser = s.players[s.current]!.seat;
    const view = (await host.view(code, chooser)) as { state: { challenges: { id: string }[] } };
    const pick = view.state.challenges[0]!.id;
    expect(await host.input(code, as(chooser), { type: "selectChallenge", challengeId: pick })).toEqual({ ok: true });
    s = (await host.exists(code))!.state as OutrankState;
    expect(s.phase).toBe("drafting");
    const guesser = s.players[s.current]!;
    tick(20_000); // exactly the turn timer: its pass has come
    const late = await host.input(code, as(guesser.seat), { type: "draftGuess", tokenId: s.pool[0]!, guess: "higher" });
    expect(late.ok).toBe(false);
    s = (await host.exists(code))!.state as OutrankState;
    expect(s.players.find((p) => p.id === guesser.id)!.status).toBe("passed");
  });

  it("SerpentRace: an answer after the answer deadline meets the timed-out card", async () => {
    const { host, tick, now } = hostAt(3_400_000_000_000);
    const deckRefs = [];
    for (const d of loadSerpentDecks())
      deckRefs.push({ id: d.deckid, version: (await latestDeck(h.db, d.deckid))!.version });
    const code = await host.createRoom("serpent-race", { deckRefs, physicalDice: true });
    const who = { P1: "ann-serpent-1", P2: "bo-serpent-2", GM: "gm-serpent-3" } as Record<string, string>;
    const as = (seat: string) => ({ seat, credential: who[seat]! });
    await host.join("serpent-race", code, { credential: who.P1!, name: "Ann" });
    await host.join("serpent-race", code, { credential: who.P2!, name: "Bo" });
    await host.join("serpent-race", code, { credential: who.GM!, name: "Teacher", seat: "GM" });
    for (const seat of ["P1", "P2"])
      expect(await host.input(code, as(seat), { event: "game:ready", data: { ready: true } })).toEqual({ ok: true });
    expect(await host.actAs(code, "GM", { event: "start", data: {} })).toEqual({ ok: true });
    const state = async () => (await host.exists(code))!.state as SerpentState;
    // Roll (the players' own dice) onto a question field; regular fields until one is in reach.
    let s = await state();
    for (let turn = 0; ; turn++) {
      expect(turn).toBeLessThan(30);
      const seat = s.sequence[s.current]!;
      const pos = s.players.find((p) => p.seat === seat)!.position;
      const fields = [1, 2, 3, 4, 5, 6].map((d) => ({ d, type: s.board![pos + d - 1]!.type }));
      const question = fields.find((f) => f.type === "positive" || f.type === "negative");
      const next = question ?? fields.find((f) => f.type === "regular") ?? fields[0]!;
      expect(await host.input(code, as(seat), { event: "game:dice-roll", data: { diceValue: next.d } })).toEqual({
        ok: true,
      });
      s = await state();
      if (question) break;
      if (s.stage?.kind === "drawing") {
        tick(2000);
        await host.input(code, as("GM"), { event: "game:chat", data: { message: "next" } });
        s = await state();
      }
    }
    const seat = s.sequence[s.current]!;
    tick(2000); // the draw delay: the card is drawn by the next input's catch-up
    expect(await host.input(code, as("GM"), { event: "game:chat", data: { message: "good luck" } })).toEqual({
      ok: true,
    });
    s = await state();
    expect(s.stage?.kind).toBe("answer");
    const deadline = (s.stage as { at: number }).at;
    tick(60_000); // exactly the 60 s answer limit: the timeout has come
    expect(now()).toBe(deadline);
    const late = await host.input(code, as(seat), { event: "game:card-answer", data: { answer: "A" } });
    expect(late).toMatchObject({ ok: false, code: "timeout_expired" });
    s = await state();
    expect(s.expired).toEqual({ kind: "answer", seat });
    const tallies = Object.values(s.players.find((p) => p.seat === seat)!.answers);
    expect(tallies).toEqual([{ right: 0, wrong: 1 }]);
    expect(s.stage?.kind).not.toBe("answer");
  });
});
