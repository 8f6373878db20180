import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnServer } from "./support/child-server";
import { RaceClient } from "./support/serpent-client";
import { firstSeat, planTurn, playToEnd, playTurn, type Race, startRace, typeName } from "./support/serpent-driver";

/**
 * A race survives kill -9 in the middle of an answer: the server comes back on the same data
 * directory, the answer's timer still fires (at once if its deadline passed while the server
 * was down, else when it comes), everyone reconnects with the tokens they had, and the race
 * is played to the end. A fifth of real time: the answer has 12 s.
 */
const dataDir = mkdtempSync(join(tmpdir(), "parlor-serpent-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

class Killed extends Error {}

describe("SerpentRace restart recovery", () => {
  it("kill -9 while a card waits for its answer: the timer still fires and the race finishes", async () => {
    const port = String(await freePort());
    const env = { PORT: port, DATA_DIR: dataDir, TIME_SCALE: "0.2", DATABASE_URL: "" };
    let srv = await spawnServer(env);
    const clients: RaceClient[] = [];
    try {
      const r: Race = await startRace(srv.url, ["Ann", "Bob"], { waitMs: 30_000 });
      clients.push(...r.clients);
      // Play until a roll can reach a positive field; there, let the card wait and kill the server.
      let seat: string | null = firstSeat(r);
      let victim: { seat: string; type: number; cardid: string } | null = null;
      let armed = false;
      r.at = async (moment, who, race) => {
        if (!armed || moment !== "card") return;
        const self = race.seats[who]!.all("game:card-drawn-self").at(-1)!;
        victim = { seat: who, type: self.data.cardData.type, cardid: self.data.cardData.cardid };
        srv.proc.kill("SIGKILL");
        await new Promise((ok) => srv.proc.once("exit", ok));
        throw new Killed();
      };
      for (let turn = 0; victim === null; turn++) {
        expect(turn).toBeLessThan(60);
        const start = r.pos[seat as string] as number;
        const positive = [1, 2, 3, 4, 5, 6].find((d) => r.board[start + d - 1]?.type === "positive");
        const calm = planTurn(r, seat as string, ["never"]).plan;
        // Only a positive field's card is the one to wait on (a timeout there moves nobody).
        const plan = positive ? { ...calm, dice: positive, answer: "timeout" as const } : calm;
        armed = positive !== undefined;
        try {
          seat = await playTurn(r, seat as string, plan);
        } catch (err) {
          if (!(err instanceof Killed)) throw err;
        }
      }
      for (const c of clients) c.close();
      const killed = victim as unknown as { seat: string; type: number; cardid: string };

      srv = await spawnServer(env);
      // Everyone comes back with what they had: the gamemaster's access token, the game tokens.
      const gm = new RaceClient(srv.url, { token: r.gmToken, gameCode: r.code });
      const seats: Record<string, RaceClient> = {};
      for (const s of Object.keys(r.seats)) seats[s] = new RaceClient(srv.url, { token: r.tokens[s] });
      clients.push(gm, ...Object.values(seats));
      const synced = (await gm.next("game:state", () => true, 30_000)).data;
      expect(synced.phase).toBe("active");
      const open = synced.pending?.kind === "answer" && synced.pending.playerId === killed.seat;
      if (open) {
        // Its deadline had not passed: the card came back to its player with the time left…
        const again = await seats[killed.seat]!.next("game:card-drawn-self", () => true, 30_000);
        expect(again.data.cardData.cardid).toBe(killed.cardid);
        // …and nobody answers it: the timer, armed again after the restart, fires.
        await gm.next("game:card-timeout", (d) => d.playerId === killed.seat, 30_000);
        await gm.next("game:turn-changed", () => true, 30_000);
      }
      // Either way the card counts as a wrong answer and the turn has moved on.
      const watcher = new RaceClient(srv.url, { gameCode: r.code });
      clients.push(watcher);
      const now = open ? (await watcher.next("game:state", () => true, 30_000)).data : synced;
      const player = now.players.find((p: { playerId: string }) => p.playerId === killed.seat);
      expect(player.answers[typeName(killed.type)]).toMatchObject({
        wrong: (r.tally[killed.seat]![typeName(killed.type)]?.wrong ?? 0) + 1,
      });
      expect(now.pending.kind).toBe("roll");
      const t = r.tally[killed.seat]!;
      const name = typeName(killed.type);
      t[name] = { right: t[name]?.right ?? 0, wrong: (t[name]?.wrong ?? 0) + 1 };

      // Play on to the end with the new sockets.
      r.gm = gm;
      r.seats = seats;
      r.clients = [gm, ...Object.values(seats)];
      r.at = undefined;
      for (const p of now.players) r.pos[p.playerId] = p.boardPosition;
      await playToEnd(r, [], now.currentPlayer);
      const end = gm.all("game:ended")[0]!.data;
      expect(end.winner).toBe(Object.keys(r.pos).find((s) => (r.pos[s] as number) >= 100));
      for (const s of Object.keys(seats))
        expect(end.report.find((l: { playerId: string }) => l.playerId === s).answers).toEqual(r.tally[s]);
    } catch (err) {
      throw new Error(`${String(err)}\nserver output:\n${srv.output()}`);
    } finally {
      for (const c of clients) c.close();
      srv.proc.kill("SIGKILL");
    }
  });
});
