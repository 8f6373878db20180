import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { HISTORY_LIMIT } from "./context";
import type { GameEvent } from "./events";
import type { CardTableState } from "./state";
import { sandboxPack, testPack } from "./test-packs";
import { cahTable, join, playRound, rules } from "./test-table";

const ALL: GameEvent["type"][] = [
  "gameCreated",
  "playerJoined",
  "playerLeft",
  "playerPresenceChanged",
  "gameStarted",
  "phaseChanged",
  "cardDrawn",
  "cardPlayed",
  "cardDiscarded",
  "submissionsRevealed",
  "winnerSelected",
  "scoreChanged",
  "judgeChanged",
  "leadChanged",
  "roundEnded",
  "gameEnded",
  "gamePaused",
  "gameResumed",
  "dieRolled",
  "turnChanged",
  "cardsDiscarded",
  "tableLocked",
];

describe("events", () => {
  it("every event of the document is emitted, goes out on the wire and into the history", () => {
    const t = cahTable({ players: 4, settings: { endValue: 1 } });
    t.must("P1", { type: "pauseGame" });
    t.must("P1", { type: "resumeGame" });
    t.must("P1", { type: "lockTable", locked: true });
    t.must("P1", { type: "lockTable", locked: false });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "left" });
    playRound(t);
    const sandbox = new Table<CardTableState>(rules, {
      options: {
        definition: JSON.parse(readFileSync(new URL("./definitions/dice-sandbox.json", import.meta.url), "utf8")),
        settings: { packIds: ["numbers"] },
        packs: [sandboxPack()],
      },
    });
    join(sandbox, 1);
    join(sandbox, 2);
    sandbox.must("P1", { type: "startGame" });
    sandbox.must(sandbox.state.roles.turn as string, { type: "roll", dieId: "d6" });

    const history = new Set([...t.state.history, ...sandbox.state.history].map((e) => e.type));
    expect([...history].sort()).toEqual([...ALL].sort());
    const wire = new Set(
      [...t.sent, ...sandbox.sent].flatMap((d) => {
        const m = d.msg as { type: string; event?: GameEvent };
        return m.type === "event" && m.event ? [m.event.type] : [];
      }),
    );
    expect([...wire].sort()).toEqual([...ALL].sort());
  });

  it("every accepted input ends with a state sync for everyone", () => {
    const t = cahTable({ players: 3 });
    const out = t.must("P1", { type: "pauseGame" });
    expect(out.at(-1)).toEqual({ to: "all", view: true });
    expect(out.filter((o) => "msg" in o)).toEqual([
      { to: "all", msg: { type: "event", event: { type: "gamePaused" } } },
    ]);
  });
});

describe("history", () => {
  it("keeps the most recent events only, so long games stay light", () => {
    const t = cahTable({ players: 6, settings: { endCondition: "none" }, packs: [testPack({ blacks: 30 })] });
    expect(t.state.history.length).toBeLessThanOrEqual(HISTORY_LIMIT);
    for (let r = 0; r < 25; r++) playRound(t);
    expect(t.state.history).toHaveLength(HISTORY_LIMIT);
    expect(t.state.history.at(-1)?.type).toBe("phaseChanged");
  });
});
