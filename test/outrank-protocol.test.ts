import { afterAll, describe, expect, it } from "vitest";
import { REFUSALS } from "../src/games/outrank/codes";
import { ServerMessage } from "../src/games/outrank/wire";
import { createOutrankRoom, type Msg, OutrankBot, outrankSeat, scanOutrank } from "./support/outrank-bot";
import { serverPerFile } from "./support/server";

// Grace 30 s → 1.5 s, the round-end pause 4 s → 0.2 s, one minute → 3 s.
const server = serverPerFile({ TIME_SCALE: "0.05" });

const open: OutrankBot[] = [];
afterAll(() => {
  for (const b of open) b.close();
});

function bot(roomId: string, token: string | undefined, name: string, seed: number): OutrankBot {
  const b = new OutrankBot(server.url, roomId, token, name, seed);
  open.push(b);
  return b;
}

async function onlineTable(n: number, settings: Record<string, unknown>, seed = 1) {
  const roomId = await createOutrankRoom(server.url, { mode: "online", settings });
  const bots: OutrankBot[] = [];
  for (let i = 0; i < n; i++) {
    const name = `Player ${i + 1}`;
    const b = bot(
      roomId,
      await outrankSeat(server.url, roomId, name, `device-${roomId}-${i}-0123456789`),
      name,
      seed * 10 + i,
    );
    await b.until("a seat", (s) => s.you !== null, 10_000);
    bots.push(b);
  }
  // Each has heard of every other.
  for (const b of bots) await b.until(`${n} players seated`, (s) => s.players.length === n);
  return { roomId, bots };
}

const PLATFORM_CODES = new Set([
  "bad_message",
  "unknown_type",
  "bad_action",
  "spectator",
  "not_seated",
  "not_in_room",
  "rate_limited",
  "bad_token",
  "room_not_found",
]);

/** Every message parses with the wire schema (the web client's types are these). */
function wireProblems(inbox: Msg[]): string[] {
  return inbox.flatMap((m, i) => {
    const r = ServerMessage.safeParse(m);
    return r.success ? [] : [`#${i} ${m.type}: ${r.error.issues[0]?.message}`];
  });
}

/** Each player's score, rebuilt from the public events: +1 per right guess, set points, the bonus. */
function scoresFromEvents(b: OutrankBot): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (id: string, n: number) => {
    out[id] = (out[id] ?? 0) + n;
  };
  for (const e of b.events()) {
    if (e.type === "gameStarted") for (const k of Object.keys(out)) delete out[k];
    if (e.type === "guessResolved" && e.correct) add(e.playerId as string, 1);
    if (e.type === "cashedOut") add(e.playerId as string, e.points as number);
    if (e.type === "roundEnded" && e.bonus) {
      const bonus = e.bonus as { playerId: string; points: number };
      add(bonus.playerId, bonus.points);
    }
  }
  return out;
}

const ENDS: [number, Record<string, unknown>][] = [
  [2, { endCondition: "points", targetPoints: 8 }],
  [3, { endCondition: "rounds", roundLimit: 3 }],
  [4, { endCondition: "time", timeLimitMinutes: 1 }],
  [5, { endCondition: "rounds", roundLimit: 2 }],
  [6, { endCondition: "points", targetPoints: 6 }],
];

/** What the full games did along the way, summed over them. */
const tally = { cashOuts: 0, discards: 0, right: 0, wrong: 0, bonuses: 0, markerMoves: 0, markerBeforeItsGuess: 0 };

describe("Outrank over Socket.IO", () => {
  it.each(ENDS)(
    "%i players play a whole game to its end (%o)",
    async (n, settings) => {
      const { bots } = await onlineTable(n, settings, n);
      const [lead] = bots as [OutrankBot];
      expect(lead.state!.players.map((p) => p.id)).toEqual(bots.map((_, i) => `P${i + 1}`));
      expect(lead.state!.players[0]!.isLead).toBe(true);
      const start = lead.action({ type: "startGame" });
      expect((await lead.reply(start)).type).toBe("ack");
      const ends = await Promise.all(bots.map((b) => b.until("the end", (s) => s.phase === "gameEnd", 60_000)));
      const result = ends[0]!.result!;
      const reason = settings.endCondition as string;
      expect(["depletion", reason]).toContain(result.reason);
      expect(result.standings).toHaveLength(n);
      expect(result.winners.length).toBeGreaterThan(0);
      const top = Math.max(...ends[0]!.players.map((p) => p.score));
      for (const w of result.winners) expect(ends[0]!.players.find((p) => p.id === w)!.score).toBe(top);
      if (result.reason === "points") {
        // A score target ends the game the moment one player reaches it: they alone have it.
        expect(top).toBeGreaterThanOrEqual(settings.targetPoints as number);
        expect(ends[0]!.players.filter((p) => p.score >= (settings.targetPoints as number))).toHaveLength(1);
      }
      if (result.reason === "rounds") expect(ends[0]!.round).toBe(settings.roundLimit);
      for (const b of bots) {
        // Everyone saw the same end, every message fits the schema, and no pool value leaked.
        expect(b.state!.result).toEqual(result);
        expect(wireProblems(b.inbox)).toEqual([]);
        const scan = scanOutrank(b.inbox);
        expect(scan.problems).toEqual([]);
        expect(scan.valuesSeen).toBeGreaterThan(0);
        expect(scan.poolTokensSeen).toBeGreaterThanOrEqual(12);
        // Scores are what the public events add up to, and they never went down.
        const rebuilt = scoresFromEvents(b);
        for (const p of b.state!.players) expect(p.score).toBe(rebuilt[p.id] ?? 0);
        const seen: Record<string, number> = {};
        for (const m of b.inbox)
          if (m.type === "state")
            for (const p of (m.state as { players: { id: string; score: number }[] }).players) {
              expect(p.score).toBeGreaterThanOrEqual(seen[p.id] ?? 0);
              seen[p.id] = p.score;
            }
      }
      const guesses = lead.events("guessResolved");
      expect(guesses.length).toBeGreaterThan(0);
      // The bots call at random: one short game may have no right call, the games together do.
      tally.right += guesses.filter((e) => e.correct).length;
      tally.cashOuts += lead.events("cashedOut").length;
      tally.discards += lead.events("discarded").length;
      tally.wrong += guesses.filter((e) => !e.correct).length;
      tally.bonuses += lead.events("roundEnded").filter((e) => e.bonus).length;
      tally.markerMoves += lead.events("markerMoved").length;
      const all = lead.events();
      all.forEach((e, k) => {
        const next = all[k + 1];
        if (e.type === "markerMoved" && next?.type === "guessResolved" && !next.correct && next.playerId === e.playerId)
          tally.markerBeforeItsGuess++;
      });
      for (const b of bots) b.close();
    },
    90_000,
  );

  it("those games cashed sets, guessed wrong, paid last-standing bonuses and moved the marker", () => {
    // A wrong guess is told before the marker move it causes, so a client can show them in order.
    expect(tally.markerBeforeItsGuess).toBe(0);
    expect(tally.cashOuts).toBeGreaterThan(0);
    expect(tally.right).toBeGreaterThan(0);
    expect(tally.wrong).toBeGreaterThan(0);
    expect(tally.bonuses).toBeGreaterThan(0);
    expect(tally.markerMoves).toBeGreaterThan(0);
  });

  it("a player who drops mid-game comes back with their token to the same seat and tokens", async () => {
    const { roomId, bots } = await onlineTable(3, { endCondition: "rounds", roundLimit: 10 }, 7);
    const [lead, p2, p3] = bots as [OutrankBot, OutrankBot, OutrankBot];
    lead.action({ type: "startGame" });
    const held = (s: typeof lead.state) => {
      const p = s!.players.find((x) => x.id === "P2")!;
      return [...p.hand, ...p.thisRound].map((t) => t.id).sort();
    };
    const before = await p2.until("P2 holding a token", (s) => s.phase === "drafting" && held(s).length > 0, 30_000);
    p2.auto = false;
    const mine = held(before);
    const score = before.players[1]!.score;
    p2.close();
    await lead.until("P2 gone", (s) => s.players[1]!.presence !== "active", 10_000);
    const back = bot(roomId, p2.token, "Player 2", 77);
    back.auto = false;
    const again = await back.until("the seat back", (s) => s.you === 1, 10_000);
    expect(again.seat).toBe("P2");
    expect(again.players[1]!.id).toBe("P2");
    // Nobody can take P2's tokens while they are away: passing for them keeps everything.
    expect(held(again)).toEqual(mine);
    expect(again.players[1]!.score).toBe(score);
    await lead.until("P2 back for the others", (s) => s.players[1]!.presence === "active", 10_000);
    back.go();
    const end = await back.until("the end", (s) => s.phase === "gameEnd", 60_000);
    expect(end.result!.standings.map((x) => x.playerId).sort()).toEqual(["P1", "P2", "P3"]);
    // A forged token is refused outright.
    const forged = bot(roomId, `${p2.token!.slice(0, -4)}AAAA`, "Mallory", 5);
    forged.auto = false;
    await forged.message("the error bad_token", (m) => m.type === "error" && m.error === "bad_token");
    for (const b of [lead, p3, back]) expect(scanOutrank(b.inbox).problems).toEqual([]);
    for (const b of [...bots, back, forged]) b.close();
  });

  it("an away player's turn passes for them; below two connected the game pauses, and resumes when one returns", async () => {
    // Grace 30 s → 1.5 s at this time scale.
    const { roomId, bots } = await onlineTable(3, { endCondition: "rounds", roundLimit: 3 }, 41);
    const [lead, p2, p3] = bots as [OutrankBot, OutrankBot, OutrankBot];
    for (const b of bots) b.auto = false;
    expect((await lead.reply(lead.action({ type: "startGame" }))).type).toBe("ack");
    await lead.until("the challenge phase", (s) => s.phase === "challenge");
    // P3 drops before the first challenge; the other two play on.
    p3.close();
    await lead.until("P3 disconnected", (s) => s.players[2]!.presence === "disconnected", 5_000);
    expect(lead.state!.paused).toBeNull();
    lead.go();
    p2.go();
    await lead.until("P3's turn passed", () => lead.events("passed").some((e) => e.playerId === "P3"), 20_000);
    const p3Events = lead
      .events()
      .filter((e) => e.playerId === "P3" && (e.type === "presenceChanged" || e.type === "passed"));
    // Disconnected, then away after the grace window, and only then their turn passed for them.
    expect(p3Events.map((e) => `${e.type}:${e.presence ?? e.reason ?? ""}`).slice(0, 3)).toEqual([
      "presenceChanged:disconnected",
      "presenceChanged:away",
      "passed:absent",
    ]);
    // Passed for being away: no marker and no bonus for P3.
    expect(lead.events("markerMoved").filter((e) => e.playerId === "P3")).toEqual([]);
    expect(lead.state!.players[2]!.presence).toBe("away");

    // P2 drops too: one player connected, the game pauses and nobody can play.
    p2.close();
    const paused = await lead.until("the pause", (s) => s.paused === "insufficient", 5_000);
    expect(lead.events("gamePaused").at(-1)).toEqual({ type: "gamePaused", reason: "insufficient" });
    expect(paused.phase === "gameEnd").toBe(false);
    const frozen = lead.inbox.length;
    lead.auto = false;
    const refusedWhilePaused = await lead.reply(lead.action({ type: "pass" }));
    expect(refusedWhilePaused).toMatchObject({ type: "error" });
    expect(["game_paused", "not_your_turn", "wrong_phase"]).toContain(refusedWhilePaused.error);
    expect(await lead.reply(lead.action({ type: "resumeGame" }))).toMatchObject({
      type: "error",
      error: "not_enough_players",
    });
    // Nothing moved the game meanwhile (its clock stands still while paused: the rules'
    // tests prove the timers; only P2's grace window, which is not the game's clock, runs on).
    const meanwhile = lead.inbox.slice(frozen).filter((m) => m.type === "event");
    expect(meanwhile.filter((m) => (m.event as { type: string }).type !== "presenceChanged")).toEqual([]);

    // P3 comes back with their token: two connected, the game resumes by itself and plays to its end.
    const back = bot(roomId, p3.token, "Player 3", 42);
    const again = await back.until("P3 back and the game on", (s) => s.you === 2 && s.paused === null, 10_000);
    expect(again.players[2]!.presence).toBe("active");
    await lead.until("resumed for the lead", (s) => s.paused === null, 5_000);
    expect(lead.events("gameResumed")).toHaveLength(1);
    lead.go();
    const end = await lead.until("the end", (s) => s.phase === "gameEnd", 60_000);
    expect(end.result!.reason).toBe("rounds");
    // P2 stayed away: each of their turns from then on was passed for them.
    const afterResume = lead.events().slice(lead.events().findIndex((e) => e.type === "gameResumed"));
    expect(afterResume.some((e) => e.type === "passed" && e.playerId === "P2" && e.reason === "absent")).toBe(true);
    expect(afterResume.some((e) => e.type === "guessResolved" && e.playerId === "P2")).toBe(false);
    for (const b of [lead, back]) {
      expect(wireProblems(b.inbox)).toEqual([]);
      expect(scanOutrank(b.inbox).problems).toEqual([]);
    }
    for (const b of [...bots, back]) b.close();
  });

  it("with a turn timer, nobody acting: the challenge is picked for the chooser and each timeout is a pass", async () => {
    // 20 s → 1 s at this time scale. Neither player ever acts: the timers play the whole game.
    const { bots } = await onlineTable(2, { endCondition: "rounds", roundLimit: 1, turnSeconds: 20 }, 51);
    const [lead, p2] = bots as [OutrankBot, OutrankBot];
    for (const b of bots) b.auto = false;
    expect((await lead.reply(lead.action({ type: "startGame" }))).type).toBe("ack");
    const choosing = await lead.until("the challenge phase", (s) => s.phase === "challenge");
    expect(choosing.turnEndsAt).not.toBeNull();
    const chooser = choosing.players[choosing.firstGuesser!]!.id;
    const other = chooser === "P1" ? "P2" : "P1";
    const end = await p2.until("the end by timeouts", (s) => s.phase === "gameEnd", 20_000);
    const ev = lead.events();
    expect(ev.find((e) => e.type === "challengeSelected")).toMatchObject({ playerId: chooser, auto: true });
    // The chooser drafts first; both time out in turn, and a timeout is a pass.
    expect(lead.events("passed")).toEqual([
      { type: "passed", playerId: chooser, reason: "timeout" },
      { type: "passed", playerId: other, reason: "timeout" },
    ]);
    expect(lead.events("guessResolved")).toEqual([]);
    // Like any pass, the last one earns the last-standing bonus; the first keeps the marker.
    expect(lead.events("roundEnded")).toEqual([
      { type: "roundEnded", round: 1, reason: "allOut", bonus: { playerId: other, points: 1 } },
    ]);
    expect(lead.events("markerMoved")).toEqual([]);
    expect(end.result).toMatchObject({ reason: "rounds", winners: [other], decidedBy: "score" });
    expect(end.players.find((p) => p.id === other)!.score).toBe(1);
    for (const b of bots) b.close();
  });

  it("token depletion: a game plays on until no category can fill a pool", async () => {
    const { bots } = await onlineTable(4, { endCondition: "depletion", handLimit: 2, roundEndSeconds: 0 }, 61);
    const [lead] = bots as [OutrankBot];
    expect((await lead.reply(lead.action({ type: "startGame" }))).type).toBe("ack");
    const end = await lead
      .until("depletion", (s) => s.phase === "gameEnd", 170_000)
      .catch((err: Error) => {
        throw new Error([err.message, ...bots.map((b) => `${b.name}: ${b.stall()}`)].join("\n"));
      });
    expect(end.result!.reason).toBe("depletion");
    for (const b of bots) await b.until("the end", (s) => s.phase === "gameEnd");
    // No category can fill a pool: the one on the table cannot refill its pool to 8, the
    // others cannot put out a center and 8 more.
    const onTable = end.currentChallenge!.category;
    for (const [category, left] of Object.entries(end.supplyCounts)) {
      if (category === onTable) expect(left + end.draftPool.length).toBeLessThan(8);
      else expect(left).toBeLessThan(9);
    }
    expect(Object.keys(end.supplyCounts)).toHaveLength(4);
    expect(end.retiredCount).toBeGreaterThan(0);
    for (const b of bots) {
      expect(b.state!.result).toEqual(end.result);
      expect(scanOutrank(b.inbox).problems).toEqual([]);
      b.close();
    }
  });

  it("the lead kicks a player, who cannot come back, and the game plays on to its end", async () => {
    const { roomId, bots } = await onlineTable(3, { endCondition: "rounds", roundLimit: 2 }, 11);
    const [lead, p2, victim] = bots as [OutrankBot, OutrankBot, OutrankBot];
    lead.auto = false;
    p2.auto = false;
    victim.auto = false;
    expect((await lead.reply(lead.action({ type: "startGame" }))).type).toBe("ack");
    await lead.until("the challenge phase", (s) => s.phase === "challenge");
    // Only the lead kicks, and never their own seat.
    const notLead = await p2.reply(p2.action({ type: "kickPlayer", playerId: "P3" }));
    expect(notLead).toMatchObject({ type: "error", error: "not_lead" });
    const self = await lead.reply(lead.action({ type: "kickPlayer", playerId: "P1" }));
    expect(self).toMatchObject({ type: "error", error: "cannot_kick_self" });
    expect((await lead.reply(lead.action({ type: "kickPlayer", playerId: "P3" }))).type).toBe("ack");
    await victim.message(
      "the kick's event",
      (m) => m.type === "event" && (m.event as { type: string; reason?: string }).reason === "kicked",
    );
    await lead.until("P3 left", (s) => s.players[2]!.presence === "left");
    // The kicked socket cannot act, its token no longer seats it, nor does a new one from the same browser.
    const tries = await victim.reply(victim.action({ type: "pass" }));
    expect(tries).toMatchObject({ type: "error", error: "not_a_player" });
    victim.close();
    const back = bot(roomId, victim.token, "Player 3", 3);
    back.auto = false;
    await back.message("the error kicked", (m) => m.type === "error" && m.error === "kicked");
    expect((await back.until("a state", () => true)).seat).toBeNull();
    const disguise = await outrankSeat(server.url, roomId, "Someone else", `device-${roomId}-2-0123456789`);
    const again = bot(roomId, disguise, "Someone else", 4);
    again.auto = false;
    await again.message("the error kicked", (m) => m.type === "error" && m.error === "kicked");
    expect((await again.until("a state", () => true)).you).toBeNull();
    // The two left play it out; the kicked player is listed last and cannot win.
    lead.go();
    p2.go();
    const end = await lead.until("the end", (s) => s.phase === "gameEnd", 60_000);
    expect(end.result!.reason).toBe("rounds");
    const last = end.result!.standings.at(-1)!;
    expect(last).toMatchObject({ playerId: "P3", left: true });
    expect(end.result!.winners).not.toContain("P3");
    for (const b of [lead, p2, back, again]) b.close();
  });

  it("one table: every player on one socket, a spectator watching, to the end", async () => {
    const roomId = await createOutrankRoom(server.url, {
      mode: "table",
      settings: { endCondition: "rounds", roundLimit: 3, handLimit: 6 },
    });
    const device = bot(roomId, await outrankSeat(server.url, roomId, "Ada"), "Ada", 21);
    device.auto = false;
    const lobby = await device.until("one player in the lobby", (s) => s.players.length === 1);
    expect(lobby.mode).toBe("table");
    expect(lobby.players[0]).toMatchObject({ id: "T1", name: "Ada" });
    expect(lobby.lead).toBe(lobby.seat);
    for (const name of ["Bob", "Cy", "Dee"])
      expect((await device.reply(device.action({ type: "addPlayer", name }))).type).toBe("ack");
    const taken = await device.reply(device.action({ type: "addPlayer", name: "bob" }));
    expect(taken).toMatchObject({ type: "error", error: "name_taken" });
    expect((await device.reply(device.action({ type: "removePlayer", playerId: "T4" }))).type).toBe("ack");
    // A second device is refused a seat and watches.
    const other = bot(roomId, await outrankSeat(server.url, roomId, "Eve"), "Eve", 22);
    other.auto = false;
    await other.message("the error table_mode", (m) => m.type === "error" && m.error === "table_mode");
    expect((await other.until("a state", () => true)).seat).toBeNull();
    const watcher = bot(roomId, undefined, "watcher", 23);
    watcher.auto = false;
    await watcher.until("a state", () => true);
    const ready = await device.until("three players in the lobby", (s) => s.players.length === 3);
    expect(ready.players.map((p) => p.name)).toEqual(["Ada", "Bob", "Cy"]);
    expect(new Set(ready.players.map((p) => p.seat)).size).toBe(1);
    device.go();
    device.action({ type: "startGame" });
    const end = await device.until("the end", (s) => s.phase === "gameEnd", 60_000);
    expect(end.result!.reason === "rounds" || end.result!.reason === "depletion").toBe(true);
    expect(end.result!.standings).toHaveLength(3);
    // The device spoke for each player in turn: every player drafted or passed at least once.
    const actors = new Set(
      device.events().flatMap((e) => (e.type === "guessResolved" || e.type === "passed" ? [e.playerId as string] : [])),
    );
    expect([...actors].sort()).toEqual(["T1", "T2", "T3"]);
    // Its view's `you` followed the turn.
    const yous = new Set(
      device.inbox
        .filter((m) => m.type === "state" && (m.state as { phase: string }).phase === "drafting")
        .map((m) => (m.state as { you: number | null }).you),
    );
    expect(yous.size).toBe(3);
    await watcher.until("the end", (s) => s.phase === "gameEnd");
    for (const b of [device, other, watcher]) {
      expect(wireProblems(b.inbox)).toEqual([]);
      expect(scanOutrank(b.inbox).problems).toEqual([]);
    }
    for (const b of [device, other, watcher]) b.close();
  });

  it("a repeat of what is already so is acknowledged as unchanged, and the room says nothing of it", async () => {
    const { bots } = await onlineTable(2, {}, 41);
    const [lead, p2] = bots as [OutrankBot, OutrankBot];
    lead.auto = false;
    p2.auto = false;
    const configure = (requestId: string) => ({
      type: "action",
      requestId,
      action: { type: "configure", settings: { handLimit: 6 } },
    });
    expect(await lead.withAck(configure("first"))).toEqual({ ok: true });
    await p2.until("the new hand limit", (s) => s.settings.handLimit === 6);
    const heard = p2.inbox.length;
    expect(await lead.withAck(configure("again"))).toEqual({ ok: true, unchanged: true });
    // A round trip on p2's socket: anything the repeat had made the room say would be here by now.
    expect(await p2.withAck({ type: "no-such-message" })).toMatchObject({ ok: false });
    expect(p2.inbox.slice(heard).filter((m) => m.type === "state" || m.type === "event")).toEqual([]);
  });

  it("refusals carry the request id and a stable code, and change nothing", async () => {
    const { roomId, bots } = await onlineTable(2, {}, 31);
    const [lead, p2] = bots as [OutrankBot, OutrankBot];
    lead.auto = false;
    p2.auto = false;
    const watcher = bot(roomId, undefined, "watcher", 32);
    watcher.auto = false;
    await watcher.until("a state", () => true);

    /**
     * A round trip on every socket: whatever the room said before has reached each of them.
     * Taken after each input that changed the room (each costs a message of every socket's
     * allowance, so not before every refusal).
     */
    const heard = async () => {
      for (const x of [...bots, watcher])
        expect(await x.withAck({ type: "no-such-message" })).toMatchObject({ ok: false });
    };
    /** Send, expect that code back with the same request id, and nothing else happening. */
    const refused = async (b: OutrankBot, msg: Record<string, unknown>, code: string) => {
      const requestId = `bad-${code}-${Math.random().toString(36).slice(2, 8)}`;
      const before = b.inbox.length;
      b.socket.send({ ...msg, requestId });
      const reply = await b.reply(requestId);
      expect(reply).toMatchObject({ type: "error", requestId, error: code });
      expect(typeof reply.message).toBe("string");
      expect(code in REFUSALS || PLATFORM_CODES.has(code)).toBe(true);
      // Whatever the refusal had made the room say would have been sent to every socket in
      // it, this one too, before the refusal itself.
      const meanwhile = b.inbox.slice(before, b.inbox.indexOf(reply));
      expect(meanwhile.filter((m) => m.type === "state" || m.type === "event")).toEqual([]);
    };
    const act = (action: Record<string, unknown>) => ({ type: "action", action });
    await heard();

    await refused(lead, act({ type: "pass" }), "game_not_started");
    await refused(p2, act({ type: "startGame" }), "not_lead");
    await refused(lead, act({ type: "configure", settings: { handLimit: 1 } }), "bad_action");
    await refused(lead, act({ type: "configure", settings: { youngest: "P9" } }), "bad_settings");
    await refused(lead, act({ type: "addPlayer", name: "Zed" }), "not_table_mode");
    await refused(lead, act({ type: "fly" }), "bad_action");
    await refused(lead, { type: "dance" }, "unknown_type");
    await refused(lead, { type: "action" }, "bad_action");
    await refused(watcher, act({ type: "startGame" }), "spectator");
    await refused(lead, act({ type: "resumeGame" }), "game_not_started");
    await refused(p2, act({ type: "nextRound" }), "game_not_started");

    expect((await lead.reply(lead.action({ type: "startGame" }))).type).toBe("ack");
    const s = await lead.until("the challenge phase", (v) => v.phase === "challenge");
    await heard();
    const chooser = bots[s.firstGuesser!]!;
    const other = bots[1 - s.firstGuesser!]!;
    await refused(lead, act({ type: "startGame" }), "game_already_started");
    await refused(other, act({ type: "selectChallenge", challengeId: "movies-box-office" }), "not_your_turn");
    await refused(chooser, act({ type: "selectChallenge", challengeId: "movies-nope" }), "unknown_challenge");
    await refused(chooser, act({ type: "draftGuess", tokenId: "movie-avatar", guess: "higher" }), "wrong_phase");
    await refused(lead, act({ type: "configure", settings: { handLimit: 9 } }), "game_already_started");

    expect(
      (await chooser.reply(chooser.action({ type: "selectChallenge", challengeId: "movies-box-office" }))).type,
    ).toBe("ack");
    const d = await chooser.until("the drafting phase", (v) => v.phase === "drafting");
    await heard();
    const center = d.centerToken!.id;
    await refused(other, act({ type: "pass" }), "not_your_turn");
    await refused(chooser, act({ type: "draftGuess", tokenId: d.centerToken!.id, guess: "lower" }), "not_in_pool");
    await refused(chooser, act({ type: "cashOut", tokenIds: [center], tag: "Sci-Fi" }), "set_too_small");
    await refused(
      chooser,
      act({ type: "cashOut", tokenIds: ["a", "b", "c", "d", "e"], tag: "Sci-Fi" }),
      "set_too_large",
    );
    // Nothing is held in the first turn: a set named from the table is refused before its tag is read.
    await refused(chooser, act({ type: "cashOut", tokenIds: [center, center], tag: "Sci-Fi" }), "token_not_held");
    await refused(
      chooser,
      act({ type: "cashOut", tokenIds: [d.draftPool[0]!.id, d.draftPool[1]!.id], tag: "x" }),
      "token_not_held",
    );
    await refused(chooser, act({ type: "discard", tokenIds: [d.draftPool[0]!.id] }), "token_not_held");
    await refused(chooser, act({ type: "draftGuess", tokenId: d.draftPool[0]!.id, guess: "sideways" }), "bad_action");

    // Socket.IO acknowledgements say the same: ok, or the code and message.
    const ok = await chooser.withAck({ type: "action", action: { type: "pass" }, requestId: "ack-1" });
    expect(ok).toEqual({ ok: true });
    const no = await p2.withAck({ type: "action", action: { type: "pauseGame" }, requestId: "ack-2" });
    expect(no).toMatchObject({ ok: false, error: "not_lead" });
    expect(typeof no.message).toBe("string");
    await heard();
    await refused(lead, act({ type: "resumeGame" }), "not_paused");
    // The lead ends the game at once; after that, play is refused.
    expect((await lead.reply(lead.action({ type: "endGame" }))).type).toBe("ack");
    const over = await p2.until("the end", (v) => v.phase === "gameEnd");
    expect(over.result!.reason).toBe("lead");
    await heard();
    await refused(lead, act({ type: "endGame" }), "game_ended");
    await refused(p2, act({ type: "pass" }), "game_ended");
    for (const b of [...bots, watcher]) expect(scanOutrank(b.inbox).problems).toEqual([]);
    for (const b of [...bots, watcher]) b.close();
  });

  it("the scanner finds a pool value wherever it is hidden", () => {
    const inbox = [...scanFixture()] as Msg[];
    const report = scanOutrank(inbox);
    // The value object counts twice (as a token with a value, and as the bare number in it).
    expect(report.problems.length).toBe(4);
    expect(report.problems.join("\n")).toMatch(/carries the value of pool token movie-titanic/);
    expect(report.problems.join("\n")).toMatch(/hidden value of pool token movie-titanic/);
    expect(report.problems.join("\n")).toMatch(/raw stat table/);
  });
});

/** A state with Titanic in the pool, then three leaks of its box office: as a value, as a bare number, as stats. */
function scanFixture(): Msg[] {
  const tags = { A: "Drama", B: "1990s", C: "Paramount", D: "PG-13" };
  const titanic = { id: "movie-titanic", name: "Titanic", category: "movies", tags };
  const avatar = { id: "movie-avatar", name: "Avatar", category: "movies", tags, value: 2923700000 };
  const challenge = {
    id: "movies-box-office",
    category: "movies",
    stat: "worldwideGrossUsd",
    name: "Movies - Box Office",
    direction: "higher",
    statLabel: "Box office",
    unit: "USD",
  };
  const value = 2264700000;
  const state = { type: "state", state: { currentChallenge: challenge, centerToken: avatar, draftPool: [titanic] } };
  return [
    state,
    { type: "event", event: { type: "turnChanged", playerId: "P1", hint: { ...titanic, value } } },
    { type: "event", event: { type: "turnChanged", playerId: "P1", n: value } },
    { type: "event", event: { type: "turnChanged", playerId: "P1", stats: {} } },
  ] as unknown as Msg[];
}
