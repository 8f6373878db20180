import { patternModifier } from "../../src/games/serpent-race/board";
import { serpentAnswer, serpentGuess } from "./bots";
import { call } from "./rest";
import { type Ev, RaceClient, register } from "./serpent-client";

/**
 * Plays SerpentRace over the real socket protocol, one turn at a time, the way a client
 * written from the document would: it reads only what the server sends (the board from
 * `game:started`, its card from `game:card-drawn-self`, the formula's inputs from the
 * guess request), and chooses its dice (the room plays with physical dice) so a test can
 * steer the race onto luck fields, jokers and timeouts.
 */

export type FieldType = "regular" | "positive" | "negative" | "luck";
export interface Field {
  position: number;
  type: FieldType;
  stepValue: number;
}
export type Tally = { right: number; wrong: number };

// biome-ignore lint/suspicious/noExplicitAny: cards of every type
type Card = Record<string, any>;

/** The races' own decks: every question type, on both field types, with known answers. */
export const POSITIVE_CARDS: Card[] = [
  {
    cardid: "t-quiz",
    type: 0,
    question: "Which planet is called the red planet?",
    answer: [
      { answer: "A", text: "Venus", correct: false },
      { answer: "B", text: "Mars", correct: true },
      { answer: "C", text: "Jupiter", correct: false },
      { answer: "D", text: "Saturn", correct: false },
    ],
  },
  { cardid: "t-closer", type: 4, question: "How many bones has an adult human?", answer: { correct: 206, percent: 5 } },
  {
    cardid: "t-own",
    type: 2,
    question: "Which gas do plants take in to make sugar?",
    answer: ["carbon dioxide", "CO2"],
  },
];
export const NEGATIVE_CARDS: Card[] = [
  { cardid: "t-tf", type: 3, question: "Sound travels faster than light.", answer: false },
  {
    cardid: "t-pairs",
    type: 1,
    question: "Match each country to its capital.",
    answer: [
      { left: "Norway", right: "Oslo" },
      { left: "Kenya", right: "Nairobi" },
      { left: "Peru", right: "Lima" },
    ],
  },
  { cardid: "t-words", type: 1, question: "Put the words in order.", answer: "Rivers flow down to the sea" },
];
export const LUCK_CARDS: Card[] = [
  { cardid: "t-luck", type: 6, question: "A tailwind: move forward 2 fields.", consequence: { type: 0, value: 2 } },
];
export const JOKER_CARDS: Card[] = [
  { cardid: "t-joker-1", type: 5, question: "Name three mammals that live in the sea.", consequence: null },
  { cardid: "t-joker-2", type: 5, question: "Spell 'necessary' out loud.", consequence: { type: 0, value: 1 } },
];
export const ALL_CARDS = [...POSITIVE_CARDS, ...NEGATIVE_CARDS, ...LUCK_CARDS, ...JOKER_CARDS];

const TYPE_NAMES = ["QUIZ", "SENTENCE_PAIRING", "OWN_ANSWER", "TRUE_FALSE", "CLOSER", "JOKER", "LUCK"];
export const typeName = (type: number) => TYPE_NAMES[type] as string;

export const cardByQuestion = (q: string) => ALL_CARDS.find((c) => c.question === q);
/** The deck's card the race sent (it names its cards by ids of its own, so by its question). */
// biome-ignore lint/suspicious/noExplicitAny: the card as it came over the wire
export const cardSent = (cardData: Record<string, any>) => cardByQuestion(cardData.question) as Card;

/** The four decks, stored once by `owner`; their ids. */
export async function createDecks(url: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (const [name, decktype, cards] of [
    ["Test positive", 0, POSITIVE_CARDS],
    ["Test negative", 1, NEGATIVE_CARDS],
    ["Test luck", 2, LUCK_CARDS],
    ["Test joker", 3, JOKER_CARDS],
  ] as const) {
    const r = await call(url, "POST", "/api/v1/decks", { token, body: { name, decktype, cards } });
    if (r.status !== 201) throw new Error(`deck: ${r.status} ${JSON.stringify(r.body)}`);
    ids.push(r.body.deckid);
  }
  return ids;
}

export interface Plan {
  dice: number;
  answer: "right" | "wrong" | "timeout";
  guess: "right" | "wrong" | "timeout";
  decision: "approve" | "reject" | "timeout";
}

/** A moment in a turn where a test may step in (disconnect, look at the state) before the client answers. */
export type Moment = "roll" | "card" | "guess" | "decision";

export interface Race {
  url: string;
  gameId: string;
  code: string;
  gmToken: string;
  gm: RaceClient;
  /** Each player's current socket by seat (a test that reconnects one replaces it). */
  seats: Record<string, RaceClient>;
  tokens: Record<string, string>;
  names: Record<string, string>;
  spectator: RaceClient | null;
  board: Field[];
  size: number;
  pos: Record<string, number>;
  /** Answers right and wrong per card type, as the players gave them (a timeout is wrong). */
  tally: Record<string, Record<string, Tally>>;
  /** What has happened in the race (luck, joker-approve, joker-reject, decision-timeout, answer-timeout, guess-timeout). */
  seen: Set<string>;
  /** How long to wait for an event (the longest timeout, scaled, and some). */
  waitMs: number;
  /** Every socket that ever took part, for the secrecy scan. */
  clients: RaceClient[];
  at?: (moment: Moment, seat: string, race: Race) => Promise<void>;
}

const fieldAt = (race: Race, position: number) => race.board[position - 1];
const isQuestion = (f: Field | undefined) => f?.type === "positive" || f?.type === "negative";

/** Create a game (physical dice) with the test decks, seat the players and a projector, ready them and start. */
export async function startRace(
  url: string,
  names: string[],
  opts: { waitMs: number; spectator?: boolean; gm?: { accessToken: string; deckids: string[] } },
): Promise<Race> {
  const gmAccount =
    opts.gm ??
    (await (async () => {
      const who = await register(url, "Ms Rivera");
      return { accessToken: who.accessToken, deckids: await createDecks(url, who.accessToken) };
    })());
  const created = await call(url, "POST", "/api/v1/game/start", {
    token: gmAccount.accessToken,
    body: { deckids: gmAccount.deckids, maxplayers: 4, logintype: 0, physicalDice: true },
  });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const code = created.body.gamecode as string;
  const gm = new RaceClient(url, { token: gmAccount.accessToken, gameCode: code });
  await gm.next("game:state");
  const race: Race = {
    url,
    gameId: created.body.id,
    code,
    gmToken: gmAccount.accessToken,
    gm,
    seats: {},
    tokens: {},
    names: {},
    spectator: null,
    board: [],
    size: 100,
    pos: {},
    tally: {},
    seen: new Set(),
    waitMs: opts.waitMs,
    clients: [gm],
  };
  for (const name of names) {
    const joined = await call(url, "POST", "/api/v1/game/join", { body: { gameCode: code, playerName: name } });
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
    const c = new RaceClient(url, { token: joined.body.gameToken });
    const auth = await c.next("authenticated");
    const seat = auth.data.playerId as string;
    race.seats[seat] = c;
    race.tokens[seat] = joined.body.gameToken;
    race.names[seat] = name;
    race.pos[seat] = 0;
    race.tally[seat] = {};
    race.clients.push(c);
  }
  // The document sends gameCode in every payload; it may also be left out.
  Object.values(race.seats).forEach((c, i) => {
    c.emit("game:ready", i % 2 === 0 ? { gameCode: code, ready: true } : { ready: true });
  });
  if (opts.spectator) {
    race.spectator = new RaceClient(url, { gameCode: code });
    await race.spectator.next("game:state");
    race.clients.push(race.spectator);
  }
  await gm.next("game:player-ready", (d) => d.readyCount === names.length && d.allReady === true, opts.waitMs);
  const started = await call(url, "POST", `/api/v1/game/${race.gameId}/start`, { token: race.gmToken, body: {} });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  const ev = await gm.next("game:started");
  race.board = ev.data.boardData.fields;
  race.size = race.board.length;
  return race;
}

/** The seat whose turn it is now, from the last turn announcement the gamemaster heard. */
export function firstSeat(race: Race): string {
  return race.gm.all("game:started")[0]!.data.currentPlayer;
}

/**
 * Dice for the first goal this turn can reach (in order), with how to play the card it
 * brings; `null` goal: none can be reached, so the dice keep the race going (slowly while
 * goals remain, fast once none do).
 */
export function planTurn(race: Race, seat: string, goals: readonly string[]): { plan: Plan; goal: string | null } {
  const start = race.pos[seat] as number;
  const base: Plan = { dice: 1, answer: "right", guess: "right", decision: "approve" };
  for (const goal of goals)
    for (let d = 1; d <= 6; d++) {
      const landing = start + d;
      if (landing >= race.size) continue;
      const f = fieldAt(race, landing) as Field;
      if (goal === "luck" && f.type === "luck") return { plan: { ...base, dice: d }, goal };
      if (!isQuestion(f)) continue;
      // Right on a positive field and wrong on a negative one ask for a guess.
      const asks = f.type === "positive" ? "right" : "wrong";
      if (goal === "answer-timeout") return { plan: { ...base, dice: d, answer: "timeout" }, goal };
      if (goal === "guess-timeout") return { plan: { ...base, dice: d, answer: asks, guess: "timeout" }, goal };
      if (!goal.startsWith("joker-") && goal !== "decision-timeout") continue;
      const calc = start + d + f.stepValue + patternModifier(start, race.size);
      for (const [guess, final] of [
        ["right", calc],
        ["wrong", Math.max(1, calc - 2)],
      ] as const) {
        if (final >= race.size || !isQuestion(fieldAt(race, final))) continue;
        const decision = goal === "joker-approve" ? "approve" : goal === "joker-reject" ? "reject" : "timeout";
        return { plan: { ...base, dice: d, answer: asks, guess, decision }, goal };
      }
    }
  const dice = [1, 2, 3, 4, 5, 6].map((d) => ({ d, f: fieldAt(race, start + d) }));
  if (goals.length === 0) {
    const win = dice.find((x) => start + x.d >= race.size);
    const regular = dice.filter((x) => x.f?.type === "regular").at(-1);
    return { plan: { ...base, dice: (win ?? regular ?? dice[5]!).d }, goal: null };
  }
  const calm = dice.find((x) => x.f?.type === "regular") ?? dice.find((x) => x.f?.type === "luck") ?? dice[0]!;
  return { plan: { ...base, dice: calm.d }, goal: null };
}

const seatOf = (race: Race, seat: string) => race.seats[seat] as RaceClient;

function count(race: Race, seat: string, type: number, right: boolean) {
  const t = race.tally[seat] as Record<string, Tally>;
  const name = typeName(type);
  const cur = t[name] ?? { right: 0, wrong: 0 };
  t[name] = right ? { ...cur, right: cur.right + 1 } : { ...cur, wrong: cur.wrong + 1 };
}

/** The race is over: the gamemaster has heard `game:ended`. */
async function ended(race: Race): Promise<null> {
  await race.gm.next("game:ended", () => true, race.waitMs);
  return null;
}

/**
 * One turn of `seat` with `plan`, asserting the document's order of events on the way.
 * Returns the seat whose turn comes next, or null when the race has ended.
 */
export async function playTurn(race: Race, seat: string, plan: Plan): Promise<string | null> {
  const w = race.waitMs;
  let c = seatOf(race, seat);
  await c.next("game:your-turn", () => true, w);
  await race.at?.("roll", seat, race);
  c = seatOf(race, seat);
  const start = race.pos[seat] as number;
  c.emit("game:dice-roll", { diceValue: plan.dice });
  const rolled = await c.next("game:dice-rolled", (d) => d.playerId === seat, w);
  if (rolled.data.diceValue !== plan.dice) throw new Error(`rolled ${rolled.data.diceValue}, not ${plan.dice}`);
  const moved = await c.next("game:player-moved", (d) => d.playerId === seat, w);
  race.pos[seat] = moved.data.newPosition;
  if (moved.data.oldPosition !== start || moved.data.newPosition !== Math.min(race.size, start + plan.dice))
    throw new Error(`moved ${JSON.stringify(moved.data)} from ${start}`);
  if (moved.data.newPosition >= race.size) return ended(race);
  const field = fieldAt(race, moved.data.newPosition) as Field;
  if (field.type === "luck") {
    const luck = await c.next("game:luck-consequence", (d) => d.playerId === seat, w);
    race.seen.add("luck");
    race.pos[seat] = luck.data.newPosition;
    if (luck.data.newPosition >= race.size) return ended(race);
    return nextTurn(race);
  }
  if (field.type === "regular") return nextTurn(race);

  const drawn = await c.next("game:card-drawn", (d) => d.playerId === seat, w);
  if (drawn.data.fieldType !== field.type) throw new Error(`a ${drawn.data.fieldType} card on a ${field.type} field`);
  await c.next("game:card-drawn-self", () => true, w);
  await race.at?.("card", seat, race);
  c = seatOf(race, seat);
  // After a reconnect the card came again: the latest one is what the player sees now.
  const self = c.all("game:card-drawn-self").at(-1) as Ev;
  const type = self.data.cardData.type as number;
  let right: boolean;
  if (plan.answer === "timeout") {
    await c.next("game:card-timeout", (d) => d.playerId === seat, w);
    race.seen.add("answer-timeout");
    right = false;
  } else {
    const card = self.data.cardData;
    // The SerpentRace bot's answer, from the deck's own card: right or wrong as planned.
    c.emit("game:card-answer", {
      answer: serpentAnswer(card, { stored: cardSent(card), right: plan.answer === "right" }),
    });
    await c.next("game:answer-submitted", (d) => d.playerId === seat, w);
    right = plan.answer === "right";
  }
  const validated = await c.next("game:answer-validated", (d) => d.playerId === seat, w);
  if (validated.data.isCorrect !== right) throw new Error(`judged ${validated.data.isCorrect}, meant ${right}`);
  count(race, seat, type, right);
  if ((field.type === "positive") !== right) {
    await c.next(field.type === "positive" ? "game:no-movement" : "game:penalty-avoided", () => true, w);
    return nextTurn(race);
  }

  await c.next("game:position-guess-request", () => true, w);
  await race.at?.("guess", seat, race);
  c = seatOf(race, seat);
  const request = c.all("game:position-guess-request").at(-1) as Ev;
  const r = request.data;
  const calc = serpentGuess(r, true);
  if (r.currentPosition !== start || r.diceRoll !== plan.dice || r.fieldStepValue !== field.stepValue)
    throw new Error(`guess request ${JSON.stringify(r)} for ${start} + ${plan.dice} on ${JSON.stringify(field)}`);
  if (plan.guess === "timeout") {
    await c.next("game:guess-timeout", (d) => d.playerId === seat, w);
    race.seen.add("guess-timeout");
    return nextTurn(race);
  }
  c.emit("game:position-guess", { guessedPosition: serpentGuess(r, plan.guess === "right") });
  await c.next("game:position-guess-broadcast", (d) => d.playerId === seat, w);
  const result = await c.next("game:guess-result", (d) => d.playerId === seat, w);
  const expected = plan.guess === "right" ? calc : Math.max(1, calc - 2);
  if (result.data.finalPosition !== Math.min(race.size, expected))
    throw new Error(`guess result ${JSON.stringify(result.data)}, expected ${expected}`);
  race.pos[seat] = result.data.finalPosition;
  if (result.data.finalPosition >= race.size) return ended(race);
  const landed = fieldAt(race, result.data.finalPosition) as Field;
  if (!isQuestion(landed)) return nextTurn(race);

  // Secondary landing: a joker, and the gamemaster's decision.
  await c.next("game:joker-drawn", (d) => d.playerId === seat, w);
  await race.gm.next("game:gamemaster-decision-request", () => true, w);
  await race.at?.("decision", seat, race);
  const ask = race.gm.all("game:gamemaster-decision-request").at(-1) as Ev;
  if (plan.decision === "timeout") {
    await race.gm.next("game:gamemaster-timeout", () => true, w);
    race.seen.add("decision-timeout");
  } else {
    race.gm.emit("game:gamemaster-decision", { requestId: ask.data.requestId, decision: plan.decision });
    race.seen.add(`joker-${plan.decision}`);
  }
  const decided = await c.next("game:gamemaster-decision-result", (d) => d.playerId === seat, w);
  const approved = plan.decision === "approve";
  if (decided.data.approved !== approved) throw new Error(`decision ${JSON.stringify(decided.data)}`);
  if ((landed.type === "positive") === approved) {
    const jr = await c.next("game:joker-position-guess-request", () => true, w);
    if (jr.data.diceRoll !== 6 || jr.data.currentPosition !== result.data.finalPosition)
      throw new Error(`joker guess request ${JSON.stringify(jr.data)}`);
    c.emit("game:joker-position-guess", { guessedPosition: serpentGuess(jr.data, true) });
  }
  const complete = await c.next("game:joker-complete", (d) => d.playerId === seat, w);
  race.pos[seat] = complete.data.finalPosition;
  if (complete.data.finalPosition >= race.size) return ended(race);
  return nextTurn(race);
}

async function nextTurn(race: Race): Promise<string | null> {
  const e = await race.gm.nextOf(["game:turn-changed", "game:ended"], race.waitMs);
  return e.event === "game:ended" ? null : (e.data.currentPlayer as string);
}

/**
 * Play to the end: each turn aims at the first goal it can reach, then the race runs to
 * the finish. Returns the goals reached, in order.
 */
export async function playToEnd(race: Race, goals: string[], first = firstSeat(race), maxTurns = 400) {
  let seat: string | null = first;
  for (let turn = 0; seat !== null; turn++) {
    if (turn > maxTurns) throw new Error("the race did not end");
    const open = goals.filter((g) => !race.seen.has(g));
    const { plan } = planTurn(race, seat, open);
    seat = await playTurn(race, seat, plan);
  }
}
