import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb, type DbHandle } from "../../../platform/db/connect";
import { migrate } from "../../../platform/db/migrations";
import { loadSerpentDecks } from "../content/index";
import { installBuiltinDecks, latestDeck } from "./deck-store";
import { serpentMigrations } from "./migrations";

describe("the shipped decks", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await connectDb({ dataDir: "memory://" });
    await migrate(h.db as never, serpentMigrations);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("are written once: starting again with the same decks makes no new version", async () => {
    const decks = loadSerpentDecks();
    await installBuiltinDecks(h.db as never, decks, 1);
    await installBuiltinDecks(h.db as never, decks, 2);
    await installBuiltinDecks(h.db as never, decks, 3);
    for (const d of decks) expect((await latestDeck(h.db as never, d.deckid))?.version).toBe(1);
  });

  it("get a new version when a shipped deck changes", async () => {
    const [first, ...rest] = loadSerpentDecks();
    const changed = { ...first!, cards: first!.cards.slice(1) };
    await installBuiltinDecks(h.db as never, [changed, ...rest], 4);
    expect((await latestDeck(h.db as never, first!.deckid))?.version).toBe(2);
    expect((await latestDeck(h.db as never, rest[0]!.deckid))?.version).toBe(1);
  });
});
