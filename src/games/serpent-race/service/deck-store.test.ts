import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { memoryDb } from "../../../platform/db/test-db";
import { loadSerpentDecks } from "../content/index";
import {
  deckCards,
  deleteDeck,
  installBuiltinDecks,
  latestDeck,
  ownedBytes,
  pruneDeckVersions,
  saveDeck,
} from "./deck-store";
import { serpentMigrations } from "./migrations";

describe("the shipped decks", () => {
  const database = memoryDb(serpentMigrations);

  it("are written once: starting again with the same decks makes no new version", async () => {
    const decks = loadSerpentDecks();
    await installBuiltinDecks(database() as never, decks, 1);
    await installBuiltinDecks(database() as never, decks, 2);
    await installBuiltinDecks(database() as never, decks, 3);
    for (const d of decks) expect((await latestDeck(database() as never, d.deckid))?.version).toBe(1);
  });

  it("get a new version when a shipped deck changes", async () => {
    const [first, ...rest] = loadSerpentDecks();
    const changed = { ...first!, cards: first!.cards.slice(1) };
    await installBuiltinDecks(database() as never, [changed, ...rest], 4);
    expect((await latestDeck(database() as never, first!.deckid))?.version).toBe(2);
    expect((await latestDeck(database() as never, rest[0]!.deckid))?.version).toBe(1);
  });
});

describe("an owner's stored deck versions", () => {
  const database = memoryDb(serpentMigrations);

  const _db = () => database() as never;
  const cards = (n: number) => [{ cardid: `c${n}`, type: 3, question: `Is ${n} even?`, answer: n % 2 === 0 }] as never;
  const owner = { ownerId: "u1", orgId: null, visibility: "private" as const };
  const versions = async (id: string) =>
    (
      await sql<{ version: number }>`SELECT version FROM serpent_decks WHERE id = ${id} ORDER BY version`.execute(
        database(),
      )
    ).rows.map((r) => Number(r.version));
  async function openRoomNaming(code: string, id: string, version: number) {
    await sql`INSERT INTO rooms (uid, code, game, options, seed, time_scale, created_at, status, updated_at)
      VALUES (${code}, ${code}, 'g', ${JSON.stringify({ deckRefs: [{ id, version }] })}, 's', 1, 1, 'open', 1)`.execute(
      database(),
    );
  }

  it("keep only the newest, and those an open game names, until that game closes", async () => {
    for (let n = 1; n <= 3; n++)
      await saveDeck(database(), { id: "d1", name: "D", decktype: 0, cards: cards(n) }, owner, n);
    await openRoomNaming("ROOM01", "d1", 2);
    expect(await pruneDeckVersions(database(), "u1")).toBe(1);
    expect(await versions("d1")).toEqual([2, 3]);
    expect(await deckCards(database(), "d1", 2)).toEqual(cards(2));
    await sql`UPDATE rooms SET status = 'closed' WHERE code = 'ROOM01'`.execute(database());
    await pruneDeckVersions(database(), "u1");
    expect(await versions("d1")).toEqual([3]);
    // The next version still counts on from the newest.
    await saveDeck(database(), { id: "d1", name: "D", decktype: 0, cards: cards(4) }, owner, 4);
    expect((await latestDeck(database(), "d1"))?.version).toBe(4);
  });

  it("of a deleted deck all go, and the bytes they held with them", async () => {
    await saveDeck(database(), { id: "d2", name: "E", decktype: 0, cards: cards(5) }, owner, 5);
    const before = await ownedBytes(database(), "u1");
    await deleteDeck(database(), "d2", 6);
    await pruneDeckVersions(database(), "u1");
    expect(await versions("d2")).toEqual([]);
    expect(await ownedBytes(database(), "u1")).toBeLessThan(before);
  });

  it("of other owners and the shipped decks are left alone", async () => {
    await saveDeck(database(), { id: "d3", name: "F", decktype: 0, cards: cards(6) }, { ...owner, ownerId: "u2" }, 7);
    await saveDeck(database(), { id: "d3", name: "F", decktype: 0, cards: cards(7) }, { ...owner, ownerId: "u2" }, 8);
    await pruneDeckVersions(database(), "u1");
    expect(await versions("d3")).toEqual([1, 2]);
  });
});
