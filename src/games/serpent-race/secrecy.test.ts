import { describe, expect, it } from "vitest";
import { loadSerpentDecks } from "./content/index";
import { DeckType } from "./content/schema";
import type { QuestionCard } from "./options";
import {
  answer,
  current,
  LUCK,
  messages,
  nextCard,
  plainBoard,
  race,
  roll,
  setField,
  setPosition,
  testDecks,
} from "./test-kit";
import { pendingCard, scanAudiences, scanMessage, scanView } from "./test-scanner";

const card = (id: string) => testDecks[0]?.cards.find((c) => c.cardid === `pos-${id}`) as QuestionCard;
const quiz = card("quiz-001");
const pairs = card("pair-001");
const legacy = card("pair-002");
const own = card("own-001");

describe("the secrecy scanner", () => {
  it("flags a quiz option's correct flag, a CLOSER's tolerance and the generator, always", () => {
    expect(scanMessage({ event: "x", data: { answerOptions: [{ answer: "B", correct: true }] } }, null)).not.toEqual(
      [],
    );
    expect(scanMessage({ event: "x", data: { percent: 10 } }, null)).not.toEqual([]);
    expect(scanMessage({ event: "game:state", data: { rng: { s: [1, 2, 3, 4] } } }, null)).not.toEqual([]);
  });

  it("flags correctAnswer anywhere but in game:answer-validated", () => {
    expect(scanMessage({ event: "game:card-drawn", data: { correctAnswer: "B" } }, null)).not.toEqual([]);
    expect(scanMessage({ event: "game:answer-validated", data: { correctAnswer: "B" } }, null)).toEqual([]);
  });

  it("flags a pending card's answers: accepted answers, the sentence, its words or its pairs in order", () => {
    expect(scanMessage({ event: "x", data: { hint: " JUPITER " } }, own)).not.toEqual([]);
    expect(scanMessage({ event: "x", data: { hint: "Saturn" } }, own)).toEqual([]);
    expect(scanMessage({ event: "x", data: { s: "the quick brown fox jumps over the lazy dog" } }, legacy)).not.toEqual(
      [],
    );
    expect(
      scanMessage({ event: "x", data: { words: "The quick brown fox jumps over the lazy dog".split(" ") } }, legacy),
    ).not.toEqual([]);
    const inOrder = ["Red", "Yellow", "Orange", "Purple"].map((right, i) => ({ id: `pair_${i}`, left: "x", right }));
    expect(scanMessage({ event: "x", data: { sentencePairs: inOrder } }, pairs)).toEqual([
      "message: the pairs in their right order",
    ]);
    const scrambled = ["Purple", "Orange", "Red", "Yellow"].map((right, i) => ({ id: `pair_${i}`, right }));
    expect(scanMessage({ event: "x", data: { sentencePairs: scrambled } }, pairs)).toEqual([]);
    // Once answered, the card is no secret.
    expect(scanMessage({ event: "x", data: { hint: "Jupiter" } }, null)).toEqual([]);
    expect(scanMessage({ event: "x", data: { a: "B" } }, quiz)).toEqual([]);
  });

  it("flags a private event sent to anyone but its addressee", () => {
    const drawn = { event: "game:card-drawn", data: { playerId: "P1" } };
    const self = { event: "game:card-drawn-self", data: {} };
    expect(
      scanAudiences([
        { to: "all", msg: drawn },
        { to: { seat: "P1" }, msg: self },
      ]),
    ).toEqual([]);
    expect(
      scanAudiences([
        { to: "all", msg: drawn },
        { to: "all", msg: self },
      ]),
    ).not.toEqual([]);
    expect(
      scanAudiences([
        { to: "all", msg: drawn },
        { to: { seat: "P2" }, msg: self },
      ]),
    ).not.toEqual([]);
    const request = { event: "game:gamemaster-decision-request", data: {} };
    expect(scanAudiences([{ to: { seat: "P1" }, msg: request }])).not.toEqual([]);
    expect(scanAudiences([{ to: { seat: "GM" }, msg: request }])).toEqual([]);
  });
});

describe("no card's answer leaves before it is validated", () => {
  const decks = loadSerpentDecks();
  const shipped = decks.flatMap((d) =>
    d.decktype === DeckType.POSITIVE || d.decktype === DeckType.NEGATIVE
      ? d.cards.map((c) => [c.cardid, d.decktype] as const)
      : [],
  );

  it(`every shipped question card (${shipped.length}): the draw's messages and every role's view are clean`, () => {
    const problems: string[] = [];
    for (const [cardid, deckType] of shipped) {
      const t = race(["Ann", "Bob"], { options: { decks }, seed: cardid });
      plainBoard(t);
      setField(t, 3, deckType === DeckType.POSITIVE ? "positive" : "negative", 1);
      nextCard(t, deckType, cardid);
      const from = t.sent.length;
      roll(t, "P1", 3);
      t.advance(2000);
      const secret = pendingCard(t.state);
      if (secret?.cardid !== cardid) problems.push(`${cardid} was not drawn`);
      const sent = messages(t, from);
      for (const m of sent)
        problems.push(...scanMessage({ event: m.event, data: m.data }, secret, `${cardid} ${m.event}`));
      problems.push(...scanAudiences(t.sent.slice(from).map((d) => ({ to: d.to, msg: d.msg }))));
      for (const seat of ["P1", "P2", "GM", null]) {
        const view = t.view(seat);
        problems.push(...scanMessage(view, secret, `${cardid} view of ${seat}`), ...scanView(t.state, seat, view));
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("cards go out under the game's own ids, never the deck's", () => {
  it("c1, c2, … in the order drawn: a card drawn again gets a new id, and no id is a deck's card id", () => {
    const t = race(["Ann", "Bob"]);
    const deckIds = new Set(testDecks.flatMap((d) => d.cards.map((c) => c.cardid)));
    const sent: string[] = [];
    const draw = (field: "positive" | "luck", cardid: string) => {
      const seat = current(t) as string;
      plainBoard(t);
      setPosition(t, seat, 10);
      setField(t, 11, field, 0);
      nextCard(t, field === "luck" ? DeckType.LUCK : DeckType.POSITIVE, cardid);
      const from = t.sent.length;
      roll(t, seat, 1);
      t.advance(2000);
      for (const m of messages(t, from)) {
        const id = m.event === "game:card-result" ? m.data.cardid : (m.data.cardData as { cardid?: string })?.cardid;
        if (typeof id === "string") sent.push(id);
      }
      for (const seatView of ["P1", "P2", "GM", null]) {
        const cardData = (t.view(seatView) as { data: { pending: { cardData: { cardid: string } | null } | null } })
          .data.pending?.cardData;
        if (cardData) sent.push(cardData.cardid);
      }
      if (field === "positive") answer(t, seat, "A");
    };
    draw("positive", "pos-quiz-001");
    draw("luck", LUCK.lose1);
    draw("positive", "pos-quiz-001");
    // The first card: in its draw's card-drawn-self and in all four views; then the luck card; then the first card again.
    expect(sent).toEqual(["c1", "c1", "c1", "c1", "c1", "c2", "c3", "c3", "c3", "c3", "c3"]);
    for (const id of sent) expect(deckIds.has(id)).toBe(false);
  });
});
