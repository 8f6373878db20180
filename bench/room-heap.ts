/**
 * Heap one live room costs at the worst the default limits allow, per game, and heap per
 * byte of stored content in use, for the memory budget in docs/operations.md:
 *
 *   node --expose-gc --import tsx bench/room-heap.ts [--rooms 300]
 *
 * Rooms are built with the real rules and kept the way the live store keeps them (origin
 * with its options, state, seating), content loaded into the real caches as `prepare`
 * does. Each figure is the heap after a full collection, divided by the number of rooms,
 * with what the rooms share (the content itself) measured once, apart.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { SYSTEM } from "../src/engine/rules";
import { Table } from "../src/engine/testkit";
import { cardTableRules } from "../src/games/card-table/index";
import { PACK_LIMITS } from "../src/games/card-table/service/limits";
import { rememberPack } from "../src/games/card-table/service/pack-cache";
import { outrankRules } from "../src/games/outrank/index";
import { serpentRaceRules } from "../src/games/serpent-race/index";
import { storedDecks } from "../src/games/serpent-race/service/deck-cache";
import { HostedOptions } from "../src/games/serpent-race/service/hosted-rules";
import { triviaRules } from "../src/games/trivia-duel/index";
import { questionSets } from "../src/games/trivia-duel/question-sets";

const { values: args } = parseArgs({ options: { rooms: { type: "string", default: "300" } } });
const ROOMS = Number(args.rooms);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const KB = (n: number) => `${Math.round(n / 1024)} KB`;

/** A pack as large as an upload may be: the most cards, each text as long as the byte limit allows. */
function biggestPack(tag: string, cards: number) {
  const perCard = Math.floor(PACK_LIMITS.packBytes / PACK_LIMITS.packCards) - 80;
  const white = Array.from({ length: cards - 1 }, (_, i) => ({
    id: `${tag}-w-${i}`,
    type: "white",
    properties: { text: `${tag} ${i} ${randomBytes(perCard).toString("base64")}`.slice(0, perCard) },
  }));
  const black = [{ id: `${tag}-b-1`, type: "black", properties: { text: "Why _____?", pick: 1, blanks: 1 } }];
  return { id: tag, name: tag, official: false, cards: { white, black } };
}

/** Seating as the live store keeps it: a hash per credential and device. */
const seating = (seats: number) => {
  const m: Record<string, string> = {};
  for (let i = 1; i <= seats; i++) m[randomBytes(32).toString("base64url")] = `P${i}`;
  return { members: m, devices: { ...m }, retired: {} };
};

function perRoom(label: string, make: (i: number) => Table) {
  const kept: unknown[] = [];
  // The first room pays for what rooms share (frozen cards, caches); measure from the second.
  kept.push(make(-1));
  const before = heap();
  for (let i = 0; i < ROOMS; i++) {
    const t = make(i);
    kept.push({ origin: t.origin, state: t.state, ...seating(20) });
  }
  const bytes = (heap() - before) / ROOMS;
  console.log(`${label.padEnd(64)} ${KB(bytes).padStart(8)} a room`);
  kept.length = 0;
  return bytes;
}

// Card Table: 10,000 cards (the most a table may hold) from uploaded packs of the largest size.
const sizes = [3000, 3000, 3000, 1000];
const sharedBefore = heap();
const packs = sizes.map((n, k) => biggestPack(`big${k}`, n));
const json = packs.reduce((n, p) => n + Buffer.byteLength(JSON.stringify(p.cards)), 0);
for (const p of packs) rememberPack(p.id, { version: 1 }, structuredClone(p));
packs.length = 0;
const refs = sizes.map((_, k) => ({ id: `big${k}`, version: 1 }));
const options = { definition: "cah", settings: { packIds: refs.map((r) => r.id) }, packRefs: refs };
const seat = (t: Table, n: number) =>
  t.must(SYSTEM, { type: "@presence", seat: `P${n}`, status: "joined", name: `Player ${n}` });

const lobby = perRoom("Card Table lobby naming 10,000 stored cards", (i) => {
  const t = new Table(cardTableRules, { options, seed: `l${i}` });
  for (let n = 1; n <= 3; n++) seat(t, n);
  return t;
});
const cah = perRoom("Card Table game of 20 players dealt from 10,000 cards", (i) => {
  const t = new Table(cardTableRules, { options, seed: `c${i}` });
  for (let n = 1; n <= 20; n++) seat(t, n);
  t.must("P1", { type: "startGame" });
  t.log.length = 0;
  t.sent.length = 0;
  return t;
});
const contentHeap = heap() - sharedBefore;
console.log(
  `${"content in use: 10,000 cards, their frozen copies".padEnd(64)} ${KB(contentHeap).padStart(8)} for ${KB(json)} of JSON (${(contentHeap / json).toFixed(2)}x)`,
);

// Trivia Duel: a room with its own 50 questions, every text at its longest (shared by hash).
const questions = Array.from({ length: 50 }, (_, q) => ({
  id: `q${q}`.padEnd(64, "x"),
  category: `Category ${q % 5}`.padEnd(60, "."),
  clue: randomBytes(750).toString("base64"),
  acceptedAnswers: Array.from({ length: 20 }, (_, a) => `${a} ${randomBytes(72).toString("base64")}`.slice(0, 100)),
  displayAnswer: "A".repeat(100),
}));
questionSets.put("h".repeat(43), questions, Buffer.byteLength(JSON.stringify(questions)));
const trivia = perRoom("Trivia Duel match with its own 50 questions (stored)", (i) => {
  const t = new Table(triviaRules, {
    options: { config: { questionsPerMatch: 15 }, questionSet: { hash: "h".repeat(43) } },
    seed: `t${i}`,
  });
  seat(t, 1);
  seat(t, 2);
  t.log.length = 0;
  t.sent.length = 0;
  return t;
});

const outrank = perRoom("Outrank game of 6 players", (i) => {
  const t = new Table(outrankRules, { options: { settings: {} }, seed: `o${i}` });
  for (let n = 1; n <= 6; n++) seat(t, n);
  t.must("P1", { type: "startGame" });
  t.log.length = 0;
  t.sent.length = 0;
  return t;
});

// SerpentRace (reported, not part of the Card Table / Trivia budget work): a game naming 20
// stored decks of 500 cards, the most its REST allows.
const deckRefs = Array.from({ length: 20 }, (_, d) => ({ id: `deck${d}`, version: 1 }));
for (const ref of deckRefs) {
  const cards = Array.from({ length: 500 }, (_, c) => ({
    cardid: `${ref.id}-${c}`,
    type: 3 as const,
    question: `${randomBytes(60).toString("base64")}?`,
    answer: c % 2 === 0,
  }));
  storedDecks.put(ref, { deckid: ref.id, decktype: 0, cards }, Buffer.byteLength(JSON.stringify(cards)));
}
const serpent = perRoom("SerpentRace game naming 20 decks of 500 cards", (i) => {
  const t = new Table(serpentRaceRules, {
    options: HostedOptions.parse({ deckRefs, maxPlayers: 10, createdBy: "u1", gameId: `g${i}` }),
    seed: `s${i}`,
  });
  return t;
});

const worst = Math.max(lobby, cah, trivia, outrank, serpent);
console.log(
  `\nworst room: ${KB(worst)}; content: ${(contentHeap / json).toFixed(2)} bytes of heap per stored byte in use`,
);
