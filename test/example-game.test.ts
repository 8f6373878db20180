import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Msg, Player } from "./support/client";
import { raceModule } from "./support/example-game";
import { REFUSALS } from "./support/example-game/codes";
import { followRoom } from "./support/seq-follower";
import { startServer, type TestServer } from "./support/server";
import { until as waitFor } from "./support/waits";

/**
 * The example game of docs/architecture.md ("Adding a game"), Race to 21, written as a sixth
 * game would be and handed to the real server: made over REST, played over Socket.IO in the
 * action envelope, every client following the room's seq with the web kit's sync rule.
 */
type RaceView = {
  phase: "lobby" | "racing" | "over";
  total: number;
  target: number;
  racers: { seat: string; name: string; presence: string }[];
  turn: string | null;
  winner: string | null;
  last: { seat: string; n: number; timedOut: boolean } | null;
  you: string | null;
};

let server: TestServer;
const open: Player[] = [];
beforeAll(async () => {
  server = await startServer({ TIME_SCALE: "0.02" }, [raceModule]);
});
afterAll(async () => {
  for (const p of open) p.close();
  await server?.close();
});

async function makeRoom(body: unknown) {
  const r = await fetch(`${server.url}/api/v1/race21/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as { roomId?: string; error?: { code: string } } };
}

/** A racer's (or watcher's) socket, following the room's seq as the web client does. */
function racer(roomId: string, name: string, token?: string) {
  const p = new Player(server.url, "/race21", { auth: { roomId, name, ...(token ? { token } : {}) } });
  open.push(p);
  return Object.assign(p, { sync: followRoom(p.socket) });
}
type Racer = ReturnType<typeof racer>;

const stateOf = (m: Msg) => m.state as RaceView;
const latest = (p: Player) => stateOf([...p.inbox].reverse().find((m) => m.type === "state")!);
/** The next view after those already read that `pred` accepts; a timeout names `what` it waited for. */
const until = (p: Player, what: string, pred: (v: RaceView) => boolean) =>
  p
    .next("state", (m) => pred(stateOf(m)))
    .then(stateOf, (e: Error) => {
      throw new Error(`waiting for ${what}: ${e.message}`);
    });
let requests = 0;
const act = (p: Player, action: unknown) => {
  const requestId = `r${++requests}`;
  p.send({ type: "action", requestId, action });
  return requestId;
};

/** A room with `options`, Ann and Bo seated in it, and the race started by Ann. */
async function raceStarted(options: Record<string, unknown>, tag: string) {
  const made = await makeRoom(options);
  const roomId = made.body.roomId!;
  const ann = racer(roomId, "Ann", `ann-${tag}-secret-0123456789`);
  await until(ann, "Ann seated", (v) => v.you === "P1");
  const bo = racer(roomId, "Bo", `bo-${tag}-secret-0123456789`);
  await until(ann, "Bo at the table", (v) => v.racers.length === 2);
  act(ann, { type: "start" });
  await until(bo, "the race", (v) => v.phase === "racing");
  return { roomId, ann, bo };
}

describe("a sixth game, written as docs/architecture.md says, on the real server", () => {
  it("refuses a room made with options it does not take", async () => {
    expect(await makeRoom({ target: 1 })).toMatchObject({ status: 400, body: { error: { code: "invalid_body" } } });
    expect(await makeRoom({ colour: "red" })).toMatchObject({ status: 400 });
  });

  it("two racers and a watcher: refusals, a refresh, and a winner", async () => {
    // Turns long enough that the clock never plays one here (12 s at this time scale).
    const made = await makeRoom({ target: 10, turnSeconds: 600, graceSeconds: 600 });
    expect(made.status).toBe(201);
    const roomId = made.body.roomId!;
    const ann = racer(roomId, "Ann", "ann-secret-0123456789");
    expect((await until(ann, "Ann seated", (v) => v.you === "P1")).racers).toHaveLength(1);
    let bo: Racer = racer(roomId, "Bo", "bo-secret-0123456789");
    await until(bo, "Bo seated", (v) => v.you === "P2");
    await until(ann, "Bo at the table", (v) => v.racers.length === 2);

    // Only the first seated starts; then it is Ann's turn.
    const early = act(bo, { type: "start" });
    expect(await bo.next("error", (m) => m.requestId === early)).toMatchObject({ error: "not_lead" });
    act(ann, { type: "start" });
    expect(await until(bo, "the race", (v) => v.phase === "racing")).toMatchObject({ turn: "P1", total: 0 });

    // A watcher who comes once it started gets the race, and no seat.
    const cy = racer(roomId, "Cy", "cy-secret-0123456789");
    expect(await until(cy, "the race", (v) => v.phase === "racing")).toMatchObject({ you: null });

    // Bad input is refused with a stable code and changes nothing.
    const bad = act(ann, { type: "add", n: 4 });
    expect(await ann.next("error", (m) => m.requestId === bad)).toMatchObject({ error: "bad_action" });
    const out = act(bo, { type: "add", n: 3 });
    expect(await bo.next("error", (m) => m.requestId === out)).toMatchObject({ error: "not_your_turn" });
    expect(Object.keys(REFUSALS)).toContain("not_your_turn");

    act(ann, { type: "add", n: 3 });
    await until(bo, "Ann's 3", (v) => v.total === 3 && v.turn === "P2");
    act(bo, { type: "add", n: 1 });
    await until(ann, "Bo's 1", (v) => v.total === 4 && v.turn === "P1");

    // Ann refreshes: the same token, the same seat, and the race as it stands.
    ann.close();
    const again = racer(roomId, "Ann", "ann-secret-0123456789");
    expect(await until(again, "Ann back", (v) => v.you === "P1")).toMatchObject({ total: 4, turn: "P1" });
    act(again, { type: "add", n: 3 });
    await until(bo, "Ann's second 3", (v) => v.total === 7 && v.turn === "P2");
    act(bo, { type: "add", n: 3 });
    const end = await until(again, "the end", (v) => v.phase === "over");
    expect(end).toMatchObject({ total: 10, winner: "P2", turn: null });

    // Every socket applied the room's last step, and none had to ask for a full view.
    const seq = (await server.live.get(roomId))!.seq;
    for (const p of [again, bo, cy]) {
      await waitFor("the room's last step", () => p.sync.seq() === seq);
      expect(p.sync.full()).toBe(0);
      expect(latest(p).winner).toBe("P2");
    }
    bo.close();
    bo = racer(roomId, "Bo", "bo-secret-0123456789");
    expect(await until(bo, "Bo's end screen", (v) => v.phase === "over")).toMatchObject({ you: "P2", winner: "P2" });
  });

  it("turns nobody plays are played by the clock, to the end", async () => {
    const { bo } = await raceStarted({ target: 10, turnSeconds: 5 }, "clock");
    // Ten turns of 1, Ann's first: the tenth, and the race, is Bo's.
    expect(await until(bo, "the end", (v) => v.phase === "over")).toMatchObject({
      total: 10,
      winner: "P2",
      last: { seat: "P2", n: 1, timedOut: true },
    });
    const totals = bo.inbox.filter((m) => m.type === "state").map((m) => stateOf(m).total);
    // However late the timers ran, the total only ever grew, one turn at a time.
    expect(totals).toEqual([...totals].sort((x, y) => x - y));
    expect(totals.at(-1)).toBe(10);
  });

  it("a racer who drops for longer than the grace window is out, and the last one in wins", async () => {
    const { ann, bo } = await raceStarted({ target: 50, turnSeconds: 600, graceSeconds: 30 }, "grace");
    bo.close();
    expect((await until(ann, "Bo dropped", (v) => v.racers[1]?.presence === "disconnected")).phase).toBe("racing");
    expect(await until(ann, "Bo out", (v) => v.phase === "over")).toMatchObject({ winner: "P1" });
    expect(latest(ann).racers[1]).toMatchObject({ name: "Bo", presence: "left" });
  });
});
