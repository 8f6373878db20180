import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import sandbox from "../src/games/card-table/definitions/dice-sandbox.json";
import { CahBot, seatToken } from "./support/cah-bot";
import { serverPerFile } from "./support/server";

/** The uploader's key, as the web client keeps one in the browser. */
const OWNER = "test-owner-key-0123456789";
const server = serverPerFile({ TIME_SCALE: "0.05" });

const post = async (path: string, body: unknown) => {
  const r = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parlor-owner": OWNER },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

/** A new game, written as JSON only: a dice race with a shared deck, uploaded over REST. */
const diceRace = {
  ...sandbox,
  id: "dice-race",
  name: "Dice Race",
  description: "Roll on your turn; the face is your score. First to the target wins.",
  defaultSettings: { ...sandbox.defaultSettings, endValue: 12 },
};
const tokens = {
  id: "race-tokens",
  name: "Race tokens",
  official: false,
  cards: {
    card: Array.from({ length: 30 }, (_, i) => ({
      id: `race-tokens-${i + 1}`,
      type: "card",
      properties: { text: `Token ${i + 1}` },
    })),
  },
};

describe("a second game by configuration alone", () => {
  it("is uploaded as JSON, then played to the end by two socket clients", async () => {
    expect((await post("/api/v1/cards/definitions", diceRace)).status).toBe(201);
    expect((await post("/api/v1/cards/definitions", diceRace)).body).toMatchObject({
      error: { code: "definition_exists" },
    });
    expect((await post("/api/v1/cards/definitions", { ...diceRace, phases: "nope" })).status).toBe(400);
    // A definition that parses but cannot be played to its end is turned away, and not stored.
    const stuck = {
      ...diceRace,
      id: "dice-stuck",
      phases: diceRace.phases.map((p) => (p.id === "PLAY" ? { ...p, allowedActions: [], transitions: [] } : p)),
    };
    expect(await post("/api/v1/cards/definitions", stuck)).toMatchObject({
      status: 422,
      body: {
        error: { code: "definition_unplayable", message: expect.stringMatching(/nobody can act in phase PLAY/) },
      },
    });
    const listed = (await (await fetch(`${server.url}/api/v1/cards/definitions`)).json()) as {
      definitions: { id: string }[];
    };
    expect(listed.definitions.map((d) => d.id)).not.toContain("dice-stuck");
    expect((await post("/api/v1/cards/packs", tokens)).status).toBe(201);
    const room = await post("/api/v1/cards/rooms", { definition: "dice-race", settings: { packIds: ["race-tokens"] } });
    expect(room.status).toBe(201);
    const roomId = room.body.roomId as string;
    const players = [];
    for (const name of ["Ann", "Bo"]) {
      const bot = new CahBot(server.url, roomId, await seatToken(server.url, roomId, name), name);
      bot.auto = false;
      await bot.until("a seat", (s) => s.you !== null);
      players.push(bot);
    }
    const [ann, bo] = players as [CahBot, CahBot];
    expect(ann.state.definitionId).toBe("dice-race");
    ann.action({ type: "startGame" });
    await ann.until("the PLAY phase", (s) => s.status === "playing" && s.currentPhase === "PLAY");
    for (let i = 0; i < 60; i++) {
      const s = ann.state;
      if (s.status === "ended") break;
      const mover = [ann, bo].find((b) => b.me === s.roles.turn)!;
      const id = mover.action({ type: "roll", dieId: "d6" });
      expect((await mover.reply(id)).type).toBe("ack");
      await ann.until(
        "the next turn",
        (v) => v.round !== s.round || v.roles.turn !== s.roles.turn || v.status === "ended",
      );
    }
    const end = await ann.until("the game's end", (s) => s.status === "ended");
    expect(Math.max(...end.players.map((p: { score: number }) => p.score))).toBeGreaterThanOrEqual(12);
    expect(ann.inbox.some((m) => m.type === "event" && (m.event as { type: string }).type === "dieRolled")).toBe(true);
    for (const b of players) b.close();
  });

  it("needed no code: nothing in the engine names the sandbox or its die", () => {
    const dir = join(import.meta.dirname, "../src/games/card-table");
    const sources = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter(
        (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("definitions") && !f.startsWith("test-"),
      )
      .map((f) => ({ f, text: readFileSync(join(dir, f), "utf8") }));
    expect(sources.length).toBeGreaterThan(10);
    for (const { f, text } of sources) {
      for (const word of ["dice-sandbox", "Sandbox Table", '"d6"', "dice-race"])
        expect(`${f}: ${text.includes(word)}`).toBe(`${f}: false`);
    }
  });
});
