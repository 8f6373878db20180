import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuestionCard } from "../src/games/serpent-race/options";
import { scanMessage } from "../src/games/serpent-race/test-scanner";
import { ServerMessage } from "../src/games/serpent-race/wire";
import { call } from "./support/rest";
import { type Ev, RaceClient, register } from "./support/serpent-client";
import {
  ALL_CARDS,
  cardByQuestion,
  cardSent,
  createDecks,
  firstSeat,
  type Moment,
  planTurn,
  playToEnd,
  playTurn,
  type Race,
  startRace,
} from "./support/serpent-driver";
import { serverPerFile } from "./support/server";

/**
 * SerpentRace over real Socket.IO clients, as a client written from the document would
 * play it, at a tenth of real time: answers 6 s, decisions 12 s, guesses 3 s, the draw delay
 * 0.2 s, the skip of a player who is away 3 s (room enough for a reconnect on a busy machine).
 */
const SCALE = 0.1;
const SEAT_SECRET = "serpent-protocol-seat-secret-0123456789";
const WAIT = 20_000;

let gm: { accessToken: string; deckids: string[]; userId: string };
const open: RaceClient[] = [];
const server = serverPerFile({ TIME_SCALE: String(SCALE), SEAT_TOKEN_SECRET: SEAT_SECRET });
beforeAll(async () => {
  const who = await register(server.url, "Ms Rivera");
  gm = { accessToken: who.accessToken, deckids: await createDecks(server.url, who.accessToken), userId: who.user.id };
});
afterAll(async () => {
  for (const c of open) c.close();
});

function client(auth: Record<string, unknown>): RaceClient {
  const c = new RaceClient(server.url, auth);
  open.push(c);
  return c;
}

async function race(names: string[], spectator = false): Promise<Race> {
  const r = await startRace(server.url, names, { waitMs: WAIT, spectator, gm });
  open.push(...r.clients);
  return r;
}

const PLAYER_PRIVATE = new Set([
  "game:your-turn",
  "game:card-drawn-self",
  "game:position-guess-request",
  "game:joker-position-guess-request",
]);

/**
 * What is wrong with one socket's inbox: a message the wire schema does not know, a secret
 * the scanner finds (an answer before its validation, a correct flag, a CLOSER's tolerance),
 * or a private event that reached someone else: a player's requests reach only the player
 * the last broadcast (or the sync) named, the decision request only the gamemaster. Who the
 * socket is comes from its first sync.
 */
function inboxProblems(c: RaceClient, n: number): string[] {
  const out: string[] = [];
  const you = c.all("game:state")[0]?.data.you as { seat: string | null; role: string } | undefined;
  const who = `socket ${n} (${you?.seat ?? you?.role ?? "never synced"})`;
  let secret: QuestionCard | null = null;
  let named: string | null = null;
  c.inbox.forEach((m, i) => {
    const where = `${who} #${i} ${m.event}`;
    if (m.event === "game:card-drawn") {
      const card = cardByQuestion(m.data.question);
      secret = card && card.type <= 4 ? (card as QuestionCard) : null;
    }
    if (m.event === "game:state" && m.data.pending?.kind === "answer")
      secret = (cardByQuestion(m.data.pending.card.question) as QuestionCard | undefined) ?? null;
    if (["game:answer-submitted", "game:answer-validated", "game:card-timeout"].includes(m.event)) secret = null;
    out.push(...scanMessage(m, secret, where));
    if (m.event === "authenticated") {
      if (typeof m.data.gameCode !== "string" || typeof m.data.playerId !== "string") out.push(`${where}: shape`);
    } else {
      const parsed = ServerMessage.safeParse(m);
      if (!parsed.success)
        out.push(`${where}: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`);
    }
    if (PLAYER_PRIVATE.has(m.event) && (you?.role !== "player" || named !== you.seat)) out.push(`${where}: not theirs`);
    if (m.event === "game:gamemaster-decision-request" && you?.role !== "gamemaster") out.push(`${where}: not theirs`);
    const id = m.data?.currentPlayer ?? (m.event === "game:state" ? null : m.data?.playerId);
    if (typeof id === "string" && !PLAYER_PRIVATE.has(m.event)) named = id;
  });
  return out;
}

const allProblems = (clients: RaceClient[]) => clients.flatMap((c, n) => inboxProblems(c, n));

/**
 * A request sent again after a reconnect is the one sent before with fewer seconds left, and
 * what the race waits for says the same: the deadline as it was, the seconds left.
 */
function expectAskedAgain(before: Ev, again: Ev, kind: string, request: string) {
  const same = (d: Ev["data"]) => ({ ...d, timeLimit: 0, timestamp: "", pending: null });
  expect(same(again.data)).toEqual(same(before.data));
  expect(again.data.timeLimit).toBeLessThan(before.data.timeLimit);
  expect(again.data.pending).toMatchObject({ kind, deadline: before.data.pending.deadline });
  expect(again.data.pending[request].timeLimit).toBe(again.data.timeLimit);
}

describe("SerpentRace over Socket.IO", () => {
  it("a whole race: question cards, luck, jokers approved, rejected and timed out, the three timeouts, the report, and the room closes", async () => {
    const r = await race(["Ann", "Bob"], true);
    const goals = ["luck", "joker-approve", "joker-reject", "decision-timeout", "answer-timeout", "guess-timeout"];
    // The projector may watch but not play.
    r.spectator!.emit("game:dice-roll", { diceValue: 3 });
    expect((await r.spectator!.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "spectator" });
    await playToEnd(r, goals);
    for (const g of goals) expect(r.seen.has(g), g).toBe(true);

    const end = r.gm.all("game:ended")[0]!.data;
    const winner = Object.keys(r.pos).find((s) => (r.pos[s] as number) >= r.size) as string;
    expect(end).toMatchObject({ winner, winnerName: r.names[winner] });
    expect(end.finalPositions[0]).toMatchObject({ playerId: winner, boardPosition: r.size });
    // The report counts each player's answers right and wrong per card type, timeouts as wrong.
    for (const seat of Object.keys(r.seats)) {
      const line = end.report.find((l: { playerId: string }) => l.playerId === seat);
      expect(line, seat).toMatchObject({ playerName: r.names[seat], boardPosition: r.pos[seat] });
      expect(line.answers).toEqual(r.tally[seat]);
    }
    const answered = Object.values(r.tally).flatMap((t) => Object.values(t));
    expect(answered.reduce((n, t) => n + t.wrong, 0)).toBeGreaterThanOrEqual(1);
    // The end, its cleanup, then the server lets every socket go (the document's forced disconnect).
    for (const c of r.clients) {
      await c.next("game:cleanup-complete", () => true, WAIT);
      await c.until("the server to close the socket", () => c.closedBy !== null);
      expect(c.closedBy).toBe("io server disconnect");
    }
    // The spectator saw the race (not one private event: inboxProblems) and the card texts.
    expect(r.spectator!.all("game:card-drawn").length).toBeGreaterThan(0);
    expect(r.spectator!.all("game:answer-validated").length).toBe(r.gm.all("game:answer-validated").length);
    expect(allProblems(r.clients)).toEqual([]);
    // No card-drawn-self ever carries its answer.
    for (const c of Object.values(r.seats))
      for (const m of c.all("game:card-drawn-self")) {
        const card = cardSent(m.data.cardData);
        // The race's own id for the card (c1, c2, … in draw order), never the deck's.
        expect(m.data.cardData.cardid).toMatch(/^c\d+$/);
        expect(ALL_CARDS.some((c) => c.cardid === m.data.cardData.cardid)).toBe(false);
        expect(Object.keys(m.data.cardData).sort()).toEqual(
          ["cardid", "question", "type", "timeLimit", ...(card.type === 0 ? ["answerOptions"] : [])]
            .concat(card.type === 1 ? [typeof card.answer === "string" ? "words" : "sentencePairs"] : [])
            .sort(),
        );
        expect(JSON.stringify(m.data)).not.toMatch(/"correct"|"percent"|carbon dioxide|Rivers flow down to the sea/);
      }
    // The game record was updated.
    const record = await call(server.url, "GET", `/api/v1/game/${r.gameId}`, { token: gm.accessToken });
    expect(record.body).toMatchObject({ finished: true, winner: r.names[winner], gamePhase: "ended" });
  });

  it("players and the gamemaster come back with a full sync and what waits for them; leaving ends a race of two", async () => {
    const r = await race(["Cleo", "Dev"]);
    const done = new Set<Moment>();

    /** Close this seat's socket, wait until the others know, and connect again with the same token. */
    async function comeBack(seat: string): Promise<RaceClient> {
      const mark = r.gm.inbox.length;
      r.seats[seat]!.close();
      await r.gm.until("the disconnect", () =>
        r.gm.inbox
          .slice(mark)
          .some((m) => m.event === "game:player-connection" && m.data.playerId === seat && !m.data.connected),
      );
      const c = client({ token: r.tokens[seat] });
      r.seats[seat] = c;
      r.clients.push(c);
      const auth = await c.next("authenticated");
      expect(auth.data).toMatchObject({ gameCode: r.code, playerName: r.names[seat], playerId: seat });
      const state = await c.next("game:state");
      expect(state.data.you).toEqual({ seat, role: "player", playerId: seat });
      expect(state.data.currentPlayer).toBe(seat);
      return c;
    }

    r.at = async (moment, seat) => {
      if (done.has(moment)) return;
      done.add(moment);
      if (moment === "roll") {
        const c = await comeBack(seat);
        const state = c.all("game:state")[0]!;
        expect(state.data.pending).toMatchObject({ kind: "roll", playerId: seat, deadline: null });
        // After the sync, the document's own event: a client that knows only those rolls on.
        const turn = await c.next("game:your-turn");
        expect(turn.data).toMatchObject({ canRoll: true, isExtraTurn: false });
        expect(c.inbox.map((m) => m.event).slice(0, 2)).toEqual(["authenticated", "game:state"]);
      }
      if (moment === "card") {
        const before = r.seats[seat]!.all("game:card-drawn-self").at(-1)!;
        const c = await comeBack(seat);
        const state = c.all("game:state")[0]!;
        expect(state.data.pending).toMatchObject({ kind: "answer", playerId: seat });
        expect(state.data.pending.cardData.cardid).toBe(before.data.cardData.cardid);
        const again = await c.next("game:card-drawn-self");
        expect({ ...again.data.cardData, timeLimit: 0 }).toEqual({ ...before.data.cardData, timeLimit: 0 });
        expect(again.data.cardData.timeLimit).toBeLessThan(before.data.cardData.timeLimit);
        expect(again.data.cardData.timeLimit).toBeGreaterThan(0);
      }
      if (moment === "guess") {
        const before = r.seats[seat]!.all("game:position-guess-request").at(-1)!;
        const c = await comeBack(seat);
        expect(c.all("game:state")[0]!.data.pending).toMatchObject({
          kind: "guess",
          guessRequest: { diceRoll: before.data.diceRoll },
        });
        const again = await c.next("game:position-guess-request");
        expectAskedAgain(before, again, "guess", "guessRequest");
      }
      if (moment === "decision") {
        const before = r.gm.all("game:gamemaster-decision-request").at(-1)!;
        r.gm.close();
        // The gamemaster's access token alone: their newest unfinished game.
        const back = client({ token: gm.accessToken });
        r.gm = back;
        r.clients.push(back);
        expect((await back.next("authenticated")).data).toMatchObject({
          gameCode: r.code,
          playerName: "Ms Rivera",
          playerId: "GM",
        });
        const state = await back.next("game:state");
        expect(state.data.you).toMatchObject({ seat: "GM", role: "gamemaster" });
        expect(state.data.pending.decisionRequest).toMatchObject({ requestId: before.data.requestId });
        const again = await back.next("game:gamemaster-decision-request");
        expectAskedAgain(before, again, "decision", "decisionRequest");
      }
    };
    let seat: string | null = firstSeat(r);
    for (let turn = 0; seat !== null && !r.seen.has("joker-approve"); turn++) {
      if (turn > 60) throw new Error("no joker came");
      seat = await playTurn(r, seat, planTurn(r, seat, ["joker-approve"]).plan);
    }
    expect([...done].sort()).toEqual(["card", "decision", "guess", "roll"]);
    // Leaving: the other player wins by default, and the room closes.
    const leaver = Object.keys(r.seats)[0] as string;
    const other = Object.keys(r.seats)[1] as string;
    // Its acknowledgement still arrives, though the room closes with it.
    expect(await r.seats[leaver]!.ask("game:leave", {})).toEqual({ ok: true });
    const left = await r.gm.next("game:player-left", () => true, WAIT);
    expect(left.data).toMatchObject({ playerId: leaver, reason: "left", playerCount: 1 });
    expect((await r.gm.next("game:ended", () => true, WAIT)).data).toMatchObject({ winner: other });
    await r.seats[other]!.next("game:cleanup-complete", () => true, WAIT);
    await r.seats[other]!.until("the room to close", () => r.seats[other]!.closedBy !== null);
    expect(allProblems(r.clients)).toEqual([]);
  });

  it("a player who never comes back is skipped; the gamemaster skips a roll and removes a player", async () => {
    const r = await race(["Eve", "Finn", "Gus"]);
    const order = r.gm.all("game:started")[0]!.data.turnSequence as string[];
    const [a, b, away] = order as [string, string, string];
    r.seats[away]!.close();
    await r.gm.next("game:player-connection", (d) => d.playerId === away && d.connected === false, WAIT);
    const calm = (seat: string) => ({ ...planTurn(r, seat, ["never"]).plan });
    expect(await playTurn(r, a, calm(a))).toBe(b);
    expect(await playTurn(r, b, calm(b))).toBe(away);
    // Nobody rolls for the player who is away: 30 s (scaled) of game time after their turn
    // came, by the server's own timestamps, their turn is skipped.
    const skipped = await r.gm.next("game:players-skipped", () => true, WAIT);
    const theirTurn = r.gm.all("game:turn-changed").findLast((e) => e.data.currentPlayer === away)!;
    expect(Date.parse(skipped.data.timestamp) - Date.parse(theirTurn.data.timestamp)).toBeGreaterThanOrEqual(
      30_000 * SCALE,
    );
    expect(skipped.data).toMatchObject({
      reason: "away",
      skippedPlayers: [{ playerId: away, remainingTurnsToLose: 0 }],
    });
    expect((await r.gm.next("game:turn-changed", () => true, WAIT)).data.currentPlayer).toBe(a);
    // The gamemaster skips a player who is here but does not roll; a late click skips nobody else.
    await r.seats[a]!.next("game:your-turn", () => true, WAIT);
    r.gm.emit("game:skip-turn", { playerId: a });
    expect((await r.gm.next("game:players-skipped", () => true, WAIT)).data).toMatchObject({
      reason: "gamemaster",
      skippedPlayers: [{ playerId: a }],
    });
    expect((await r.gm.next("game:turn-changed", () => true, WAIT)).data.currentPlayer).toBe(b);
    r.gm.emit("game:skip-turn", { gameCode: r.code, playerId: a });
    expect((await r.gm.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "not_their_turn" });
    // A player may not skip or remove anyone.
    r.seats[b]!.emit("game:remove-player", { playerId: a });
    await r.seats[b]!.until("the refusal", () => r.seats[b]!.all("game:error").length > 0);
    expect(r.seats[b]!.all("game:error")[0]!.data).toMatchObject({ code: "not_gamemaster" });
    // The gamemaster removes the one who went home; their device may only watch.
    const removedAt = r.gm.inbox.length;
    r.gm.emit("game:remove-player", { playerId: away });
    expect((await r.gm.next("game:player-left", () => true, WAIT)).data).toMatchObject({
      playerId: away,
      reason: "removed",
      playerCount: 2,
    });
    const back = client({ token: r.tokens[away] });
    expect((await back.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "left_game" });
    expect((await back.next("game:state", () => true, WAIT)).data.you).toMatchObject({ role: "spectator" });
    expect(back.all("authenticated")).toEqual([]);
    // The race goes on between the two who are left.
    expect(await playTurn(r, b, calm(b))).toBe(a);
    expect(await playTurn(r, a, calm(a))).toBe(b);
    const after = r.gm.inbox.slice(removedAt).filter((m) => m.event === "game:turn-changed");
    expect(after.map((e) => e.data.currentPlayer)).toEqual([a, b]);
    expect(allProblems([...r.clients, back])).toEqual([]);
  });

  it("handshakes: a projector needs no account; forged and expired game tokens and a stranger's access token are refused; game:join after connecting", async () => {
    const r = await race(["Hana", "Ivo"]);
    const projector = client({ gameCode: r.code.toLowerCase() });
    const view = await projector.next("game:state", () => true, WAIT);
    expect(view.data).toMatchObject({ gameCode: r.code, phase: "active", you: { seat: null, role: "spectator" } });
    expect(view.data.boardData.fields).toHaveLength(100);
    expect(projector.all("authenticated")).toEqual([]);

    const claims = {
      gameId: r.gameId,
      gameCode: r.code,
      playerName: "Mallory",
      playerId: "P1",
      room: r.code,
      name: "Mallory",
    };
    const sign = (key: string, exp: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("mallory")
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    const now = Math.floor(Date.now() / 1000);
    const forged = client({ token: await sign("some-other-server-secret-0000000000", now + 3600) });
    const expired = client({ token: await sign(SEAT_SECRET, now - 60) });
    const stranger = await register(server.url, "Stranger");
    const intruder = client({ token: stranger.accessToken, gameCode: r.code });
    for (const c of [forged, expired, intruder]) {
      expect((await c.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "bad_token" });
      // A round trip (the heartbeat every client may send): what the handshake led to is in.
      await c.socket.timeout(WAIT).emitWithAck("@heartbeat");
      expect(c.all("authenticated")).toEqual([]);
      expect(c.all("game:state")).toEqual([]);
    }
    // The real key with a good date is accepted, so the refusals above were about signature and time.
    const good = client({ token: await sign(SEAT_SECRET, now + 3600) });
    expect((await good.next("game:error", () => true, WAIT)).data.code).not.toBe("bad_token");

    // The document's flow: connect, then game:join with the token.
    const late = client({});
    late.emit("game:join", { gameToken: await sign("some-other-server-secret-0000000000", now + 3600) });
    expect((await late.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "bad_token" });
    late.emit("game:join", {});
    expect((await late.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "bad_message" });
    const seat = Object.keys(r.seats)[0] as string;
    late.emit("game:join", { gameToken: r.tokens[seat] });
    expect((await late.next("authenticated", () => true, WAIT)).data).toMatchObject({ playerId: seat });
    expect((await late.next("game:state", () => true, WAIT)).data.you.playerId).toBe(seat);
    // The game token's payload is the document's, and its playerId is the seat the race names.
    const payload = JSON.parse(Buffer.from(r.tokens[seat]!.split(".")[1]!, "base64url").toString());
    expect(payload).toMatchObject({ gameId: r.gameId, gameCode: r.code, playerName: r.names[seat], playerId: seat });
    expect(r.gm.all("game:started")[0]!.data.turnSequence).toContain(payload.playerId);
  });

  it("chat: everyone hears it, with gameCode or without; five lines in ten seconds each; the gamemaster speaks as GM", async () => {
    const r = await race(["Jo", "Kit"]);
    const [p1, p2] = Object.keys(r.seats) as [string, string];
    const talker = r.seats[p1]!;
    for (let i = 1; i <= 6; i++)
      talker.emit("game:chat", i % 2 ? { gameCode: r.code, message: `line ${i}` } : { message: `line ${i}` });
    expect((await talker.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "chat_too_fast" });
    await r.seats[p2]!.until("five lines", () => r.seats[p2]!.all("game:chat").length === 5);
    expect(r.seats[p2]!.all("game:chat").map((m) => m.data.message)).toEqual([
      "line 1",
      "line 2",
      "line 3",
      "line 4",
      "line 5",
    ]);
    expect(r.seats[p2]!.all("game:chat")[0]!.data).toMatchObject({ playerId: p1, playerName: r.names[p1] });
    expect(r.seats[p2]!.all("game:error")).toEqual([]);
    r.seats[p2]!.emit("game:chat", { message: "   " });
    expect((await r.seats[p2]!.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "empty_message" });
    r.seats[p2]!.emit("game:chat", { message: "x".repeat(501) });
    expect((await r.seats[p2]!.next("game:error", () => true, WAIT)).data).toMatchObject({ code: "message_too_long" });
    r.gm.emit("game:chat", { message: "Well played, everyone." });
    expect((await talker.next("game:chat", (d) => d.playerId === "GM", WAIT)).data).toMatchObject({
      playerName: "Ms Rivera",
      message: "Well played, everyone.",
    });
    // The sync keeps the lines for whoever joins later.
    const projector = client({ gameCode: r.code });
    const state = await projector.next("game:state", () => true, WAIT);
    expect(state.data.chat.map((c: { message: string }) => c.message)).toContain("Well played, everyone.");
    expect(allProblems(r.clients)).toEqual([]);
  });
});

describe("joining and watching (ours)", () => {
  const make = async (logintype: 0 | 1 | 2, orgid?: string) => {
    const r = await call(server.url, "POST", "/api/v1/game/start", {
      token: gm.accessToken,
      body: { deckids: gm.deckids, maxplayers: 4, logintype, ...(orgid ? { orgid } : {}) },
    });
    if (r.status !== 200) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as { id: string; gamecode: string };
  };

  it("game:player-joined reaches a player's own socket when it joins, after its sync", async () => {
    const game = await make(0);
    const master = client({ token: gm.accessToken, gameCode: game.gamecode });
    await master.next("game:state", () => true, WAIT);
    const token = (
      await call(server.url, "POST", "/api/v1/game/join", { body: { gameCode: game.gamecode, playerName: "Lu" } })
    ).body.gameToken as string;
    // The place taken over REST is heard at once…
    await master.next("game:player-joined", (d) => d.playerName === "Lu", WAIT);
    // …and the player's socket joining is announced to everyone, the player included.
    const lu = client({ token });
    const joined = await lu.next("game:player-joined", () => true, WAIT);
    expect(joined.data).toMatchObject({ playerId: "P1", playerName: "Lu", playerCount: 1 });
    expect(lu.inbox.map((m) => m.event).slice(0, 3)).toEqual(["authenticated", "game:state", "game:player-joined"]);
    await master.next("game:player-joined", (d) => d.playerName === "Lu", WAIT);
  });

  it("PUBLIC games by code; PRIVATE with an account; ORGANIZATION as a member; any with the gamemaster's projector link", async () => {
    const org = await call(server.url, "POST", "/api/v1/orgs", {
      token: gm.accessToken,
      body: { name: "Watch School" },
    });
    const member = await register(server.url, "Watching Member");
    await call(server.url, "POST", "/api/v1/orgs/join", {
      token: member.accessToken,
      body: { inviteCode: org.body.inviteCode },
    });
    const stranger = await register(server.url, "Watching Stranger");
    const pub = await make(0);
    const priv = await make(1);
    const own = await make(2, org.body.id);

    /** The first answer a watcher gets: its sync, or the refusal. */
    const watch = async (auth: Record<string, unknown>) => {
      const c = client(auth);
      return { c, first: await c.nextOf(["game:state", "game:error"], WAIT) };
    };
    const sees = async (auth: Record<string, unknown>) => {
      const { first } = await watch(auth);
      expect(first.event, JSON.stringify(auth)).toBe("game:state");
      expect(first.data.you).toEqual({ seat: null, role: "spectator", playerId: null });
    };
    const refused = async (auth: Record<string, unknown>, code: string) => {
      const { c, first } = await watch(auth);
      expect(first, JSON.stringify(auth)).toMatchObject({ event: "game:error", data: { code } });
      return c;
    };

    await sees({ gameCode: pub.gamecode });
    const outsiders = [
      await refused({ gameCode: priv.gamecode }, "unauthorized"),
      await refused({ gameCode: priv.gamecode, accessToken: "not.a.token" }, "unauthorized"),
      await refused({ gameCode: own.gamecode }, "unauthorized"),
      await refused({ gameCode: own.gamecode, accessToken: stranger.accessToken }, "not_a_member"),
    ];
    await sees({ gameCode: priv.gamecode, accessToken: stranger.accessToken });
    await sees({ gameCode: own.gamecode, accessToken: member.accessToken });
    await sees({ gameCode: own.gamecode, accessToken: gm.accessToken });

    // The projector link: only the gamemaster gets it, and it opens only its own game.
    const link = (id: string, token?: string) =>
      call(server.url, "GET", `/api/v1/game/${id}/projector`, token ? { token } : {});
    expect(await link(own.id)).toMatchObject({ status: 401, body: { code: "unauthorized" } });
    expect(await link(own.id, member.accessToken)).toMatchObject({ status: 403, body: { code: "not_gamemaster" } });
    const got = await link(own.id, gm.accessToken);
    expect(got.status).toBe(200);
    const key = got.body.key as string;
    expect(key.length).toBeGreaterThanOrEqual(20);
    expect(got.body.path).toBe(`/serpent/${own.gamecode}/projector?key=${encodeURIComponent(key)}`);
    await sees({ gameCode: own.gamecode, key });
    const privKey = (await link(priv.id, gm.accessToken)).body.key as string;
    outsiders.push(await refused({ gameCode: own.gamecode, key: privKey }, "bad_key"));
    outsiders.push(await refused({ gameCode: own.gamecode, key: `${key}x` }, "bad_key"));
    // A stale link takes nothing away: a PUBLIC game stays watchable, an account keeps its right.
    await sees({ gameCode: pub.gamecode, key: privKey });
    await sees({ gameCode: own.gamecode, key: privKey, accessToken: member.accessToken });

    // A refused watcher is not in the game: it hears nothing of it afterwards.
    const watcher = client({ gameCode: own.gamecode, key });
    await watcher.next("game:state", () => true, WAIT);
    const join = await call(server.url, "POST", "/api/v1/game/join", {
      token: member.accessToken,
      body: { gameCode: own.gamecode },
    });
    expect(join.status).toBe(200);
    await watcher.next("game:player-joined", () => true, WAIT);
    for (const c of outsiders) expect(c.inbox.map((m) => m.event)).toEqual(["game:error"]);
  });
});
