import { rngInt, rngShuffle } from "../../engine/rng";
import { cardData, cardTypeName, drawnCardId, isQuestion, type Judged, prepare, timedOut } from "./answers";
import { calculate, FLOOR, fieldAt, generateBoard, patternModifier } from "./board";
import { CardType, ConsequenceType, DeckType } from "./content/schema";
import type { Ctx } from "./context";
import { draw, emptyPiles, noneDrawn } from "./decks";
import type { ConsequenceOption, QuestionCard } from "./options";
import {
  currentPlayer,
  GM_SEAT,
  JOKER_DICE,
  type Landing,
  MAX_LANDING_DEPTH,
  MIN_PLAYERS,
  type Player,
  type SerpentState,
  type Stage,
  stillIn,
  who,
} from "./state";
import { advanceTurn, offerRoll } from "./turns";
import type { BoardData } from "./wire";

export type StageOf<K extends Stage["kind"]> = Extract<Stage, { kind: K }>;

function stageOf<K extends Stage["kind"]>(s: SerpentState, kind: K): StageOf<K> {
  const st = s.stage;
  if (st?.kind !== kind) throw new Error(`serpent-race: expected stage ${kind}, found ${st?.kind ?? "none"}`);
  return st as StageOf<K>;
}

const me = (s: SerpentState): Player => currentPlayer(s) as Player;

export function boardData(s: SerpentState): BoardData {
  return {
    gameId: s.gameId,
    fields: (s.board ?? []).map((f) => ({ ...f })),
    generationComplete: s.board !== null,
    generatedAt: new Date(s.generatedAt ?? 0).toISOString(),
  };
}

/**
 * The start: the board, a shuffled turn sequence, everyone at 0
 * (docs/games/serpent-race.md, Decisions D4), `game:started` for everyone and
 * `game:your-turn` for the first player.
 */
export function startRace(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "active";
  s.board = generateBoard(s.rng, s.settings.boardSize);
  s.generatedAt = ctx.now;
  s.startedAt = ctx.now;
  s.sequence = rngShuffle(
    s.rng,
    s.players.map((p) => p.seat),
  );
  for (const p of s.players) {
    p.position = 0;
    p.extraTurns = 0;
    p.turnsToLose = 0;
  }
  s.piles = emptyPiles();
  s.lastDrawn = noneDrawn();
  s.current = 0;
  s.turnNumber = 1;
  s.extraTurn = false;
  const first = me(s);
  ctx.emit("game:started", {
    message: "The race has started!",
    boardData: boardData(s),
    turnSequence: s.sequence.slice(),
    currentPlayer: first.seat,
    currentPlayerName: first.name,
  });
  offerRoll(ctx, first, false);
}

/**
 * A roll (the server's, or the player's physical die:
 * docs/games/serpent-race.md, Decisions D1): move, then a win, a regular field (next
 * turn) or the draw delay before a card.
 */
export function rollDice(ctx: Ctx, physical: number | undefined): void {
  const s = ctx.s;
  const p = me(s);
  const dice = physical ?? rngInt(s.rng, 6) + 1;
  const oldPosition = p.position;
  const newPosition = Math.min(s.settings.boardSize, oldPosition + dice);
  p.position = newPosition;
  s.expired = null;
  ctx.emit("game:dice-rolled", { ...who(p), diceValue: dice });
  ctx.emit("game:player-moved", { ...who(p), oldPosition, newPosition, diceValue: dice });
  if (newPosition >= s.settings.boardSize) {
    win(ctx, p);
    return;
  }
  const field = fieldAt(s.board ?? [], newPosition);
  if (!field || field.type === "regular") {
    advanceTurn(ctx);
    return;
  }
  s.stage = {
    kind: "drawing",
    at: ctx.now + ctx.ms(s.settings.drawDelaySeconds),
    deck: field.type,
    landing: { start: oldPosition, dice, position: newPosition, fieldType: field.type, depth: 0 },
  };
}

const DECK_OF = {
  positive: DeckType.POSITIVE,
  negative: DeckType.NEGATIVE,
  luck: DeckType.LUCK,
  joker: DeckType.JOKER,
} as const;

/** The draw delay is over: draw from the field's deck (or the joker deck) and play the card. */
export function drawCard(ctx: Ctx): void {
  const s = ctx.s;
  const st = stageOf(s, "drawing");
  const p = me(s);
  const index = draw(s, DECK_OF[st.deck]);
  if (index === null) {
    if (st.deck === "joker") ctx.emit("game:joker-error", { ...who(p), error: "No joker cards available" });
    else ctx.emit("game:card-error", { ...who(p), error: `No ${st.deck} cards available` });
    advanceTurn(ctx);
    return;
  }
  const card = (s.cards[index] as SerpentState["cards"][number]).card;
  // A live state stored before the counter existed has none: count from there.
  s.drawn = (s.drawn ?? 0) + 1;
  const cardid = drawnCardId(s.drawn);
  if (st.deck === "joker") {
    startJoker(ctx, index, st.landing);
    return;
  }
  if (isQuestion(card)) {
    startQuestion(ctx, index, card, st.landing, cardid);
    return;
  }
  if (card.type === CardType.LUCK) playLuck(ctx, cardid, card.question, card.consequence);
}

function startQuestion(ctx: Ctx, index: number, card: QuestionCard, landing: Landing, cardid: string): void {
  const s = ctx.s;
  const p = me(s);
  const prepared = prepare(card, s.rng);
  ctx.emit("game:card-drawn", {
    ...who(p),
    cardType: cardTypeName(card.type),
    question: card.question,
    fieldType: landing.fieldType,
  });
  s.stage = {
    kind: "answer",
    at: ctx.now + ctx.ms(s.settings.answerSeconds),
    card: index,
    cardId: cardid,
    landing,
    prepared,
  };
  ctx.emit(
    "game:card-drawn-self",
    { cardData: cardData(card, prepared, ctx.limit(s.settings.answerSeconds), cardid) },
    { seat: p.seat },
  );
}

/** An answer in time: shown to everyone, then judged. */
export function answerCard(ctx: Ctx, judged: Judged): void {
  const p = me(ctx.s);
  ctx.emit("game:answer-submitted", { ...who(p), answer: judged.submitted, message: `${p.name} answered.` });
  resolveAnswer(ctx, judged, false);
}

/** The answer timer ran out: a wrong answer (the document's card timeout). */
export function answerTimedOut(ctx: Ctx): void {
  const s = ctx.s;
  const st = stageOf(s, "answer");
  const p = me(s);
  s.expired = { kind: "answer", seat: p.seat };
  ctx.emit("game:card-timeout", { ...who(p), message: `${p.name} ran out of time: counted as a wrong answer.` });
  resolveAnswer(ctx, timedOut((s.cards[st.card] as { card: QuestionCard }).card), true);
}

/**
 * The question matrix: positive + right and negative + wrong ask for a position guess;
 * positive + wrong moves nobody; negative + right avoids the penalty.
 */
function resolveAnswer(ctx: Ctx, judged: Judged, timeout: boolean): void {
  const s = ctx.s;
  const st = stageOf(s, "answer");
  const p = me(s);
  const card = (s.cards[st.card] as { card: QuestionCard }).card;
  const name = cardTypeName(card.type);
  const tally = p.answers[name] ?? { right: 0, wrong: 0 };
  p.answers[name] = judged.isCorrect ? { ...tally, right: tally.right + 1 } : { ...tally, wrong: tally.wrong + 1 };
  ctx.emit("game:answer-validated", {
    ...who(p),
    isCorrect: judged.isCorrect,
    correctAnswer: judged.correctAnswer,
    message: judged.message,
  });
  if (guessRequired(st.landing.fieldType, judged.isCorrect)) {
    requestGuess(ctx, st.landing, false);
    return;
  }
  if (st.landing.fieldType === "positive") {
    const reason = timeout ? "No answer in time on positive field" : "Wrong answer on positive field";
    ctx.emit("game:no-movement", { ...who(p), reason, message: `${p.name} stays on field ${p.position}.` });
  } else {
    ctx.emit("game:penalty-avoided", { ...who(p), message: "Avoided penalty on negative field" });
  }
  advanceTurn(ctx);
}

/** The document's `determineGuessRequirement` (question cards). */
export function guessRequired(fieldType: string, answerCorrect: boolean): boolean {
  if (fieldType === "positive") return answerCorrect;
  if (fieldType === "negative") return !answerCorrect;
  return false;
}

/** The joker matrix: positive + approved and negative + rejected ask for a guess (dice 6). */
export function jokerGuessRequired(fieldType: string, approved: boolean): boolean {
  return guessRequired(fieldType, approved);
}

function requestGuess(ctx: Ctx, landing: Landing, joker: boolean): void {
  const s = ctx.s;
  const p = me(s);
  const stepValue = fieldAt(s.board ?? [], landing.position)?.stepValue ?? 0;
  const modifier = patternModifier(landing.start, s.settings.boardSize);
  const st: StageOf<"guess"> = {
    kind: "guess",
    at: ctx.now + ctx.ms(s.settings.guessSeconds),
    joker,
    landing,
    stepValue,
    patternModifier: modifier,
  };
  s.stage = st;
  sendGuessRequest(ctx, p, st, ctx.limit(s.settings.guessSeconds));
}

/**
 * `game:position-guess-request` (or the joker's) to the guessing player: the formula's
 * inputs and the seconds they have (all of them, or what is left when it is sent again).
 */
export function sendGuessRequest(ctx: Ctx, p: Player, st: StageOf<"guess">, timeLimit: number): void {
  const request = {
    message: st.joker
      ? "Guess where the joker takes you: position + 6 + step value + pattern modifier."
      : "Guess your new position: position + dice + step value + pattern modifier.",
    currentPosition: st.landing.start,
    diceRoll: st.landing.dice,
    fieldStepValue: st.stepValue,
    patternModifier: st.patternModifier,
    timeLimit,
  };
  const event = st.joker ? "game:joker-position-guess-request" : "game:position-guess-request";
  ctx.emit(event, request, { seat: p.seat });
}

/** A guess in time: the formula, −2 and the floor for a wrong guess, then where it lands. */
export function submitGuess(ctx: Ctx, guessed: number): void {
  const s = ctx.s;
  const st = stageOf(s, "guess");
  const p = me(s);
  const { start, dice, depth } = st.landing;
  const r = calculate(start, dice, st.stepValue, st.patternModifier, guessed, s.settings.boardSize);
  p.position = r.finalPosition;
  const c = r.calculation;
  const message = r.guessCorrect
    ? `Correct! ${c.startPosition} + ${c.diceRoll} + ${c.stepValue} ${sign(c.patternModifier)} = ${c.calculatedPosition}.`
    : `Wrong: it was ${c.calculatedPosition}; −2 penalty, to ${r.finalPosition}.`;
  const result = {
    ...who(p),
    guessedPosition: guessed,
    actualPosition: c.calculatedPosition,
    finalPosition: r.finalPosition,
    guessCorrect: r.guessCorrect,
    penaltyApplied: !r.guessCorrect,
    calculation: c,
    message,
  };
  if (st.joker) {
    ctx.emit("game:joker-complete", { ...result, moved: true });
  } else {
    ctx.emit("game:position-guess-broadcast", {
      ...who(p),
      guessedPosition: guessed,
      message: `${p.name} guesses ${guessed}.`,
    });
    ctx.emit("game:guess-result", result);
  }
  afterMove(ctx, p, depth);
}

const sign = (x: number) => (x < 0 ? `− ${-x}` : `+ ${x}`);

/** The guess timer ran out: no extra movement (docs/games/serpent-race.md, Decisions D5), next turn. */
export function guessTimedOut(ctx: Ctx): void {
  const s = ctx.s;
  const st = stageOf(s, "guess");
  const p = me(s);
  s.expired = { kind: "guess", seat: p.seat };
  ctx.emit("game:guess-timeout", { ...who(p), message: `${p.name} did not guess in time: no movement.` });
  if (st.joker) jokerStays(ctx, p, `${p.name} did not guess in time and stays on field ${p.position}.`);
  advanceTurn(ctx);
}

/** After a card's movement: the win, a secondary landing (a joker), or the next turn. */
function afterMove(ctx: Ctx, p: Player, depth: number): void {
  const s = ctx.s;
  if (p.position >= s.settings.boardSize) {
    win(ctx, p);
    return;
  }
  const field = fieldAt(s.board ?? [], p.position);
  if (depth < MAX_LANDING_DEPTH && field && (field.type === "positive" || field.type === "negative")) {
    s.stage = {
      kind: "drawing",
      at: ctx.now + ctx.ms(s.settings.drawDelaySeconds),
      deck: "joker",
      landing: { start: p.position, dice: JOKER_DICE, position: p.position, fieldType: field.type, depth: depth + 1 },
    };
    return;
  }
  advanceTurn(ctx);
}

/** A joker card as players and the gamemaster see it. */
export function jokerView(s: SerpentState, index: number) {
  const card = (s.cards[index] as SerpentState["cards"][number]).card;
  return {
    question: card.question,
    consequence: "consequence" in card && card.consequence ? { ...card.consequence } : null,
  };
}

function startJoker(ctx: Ctx, index: number, landing: Landing): void {
  const s = ctx.s;
  const p = me(s);
  const requestId = `joker_${s.nextRequest++}`;
  ctx.emit("game:joker-drawn", { ...who(p), jokerCard: jokerView(s, index), waitingForGamemaster: true });
  const st: StageOf<"decision"> = {
    kind: "decision",
    at: ctx.now + ctx.ms(s.settings.decisionSeconds),
    card: index,
    requestId,
    landing,
  };
  s.stage = st;
  sendDecisionRequest(ctx, p, st, ctx.limit(s.settings.decisionSeconds));
}

/** `game:gamemaster-decision-request` to the gamemaster, with the seconds they have (or have left). */
export function sendDecisionRequest(ctx: Ctx, p: Player, st: StageOf<"decision">, timeLimit: number): void {
  ctx.emit(
    "game:gamemaster-decision-request",
    { requestId: st.requestId, ...who(p), jokerCard: jokerView(ctx.s, st.card), timeLimit },
    { seat: GM_SEAT },
  );
}

/** The gamemaster's decision, or the auto-reject when their time runs out. */
export function decide(ctx: Ctx, approved: boolean, timeout: boolean): void {
  const s = ctx.s;
  const st = stageOf(s, "decision");
  const p = me(s);
  const card = (s.cards[st.card] as SerpentState["cards"][number]).card;
  if (timeout) {
    s.expired = { kind: "decision", seat: GM_SEAT };
    ctx.emit("game:gamemaster-timeout", {
      requestId: st.requestId,
      ...who(p),
      message: "The gamemaster did not decide in time: the joker is rejected.",
    });
  }
  const fieldType = st.landing.fieldType;
  const guess = jokerGuessRequired(fieldType, approved);
  ctx.emit("game:gamemaster-decision-result", {
    ...who(p),
    gamemasterName: s.gamemaster?.name ?? "Gamemaster",
    decision: approved ? "approve" : "reject",
    approved,
    consequence: "consequence" in card && card.consequence ? card.consequence.type : null,
    description: `${timeout ? "Timed out: rejected" : approved ? "Approved" : "Rejected"} on a ${fieldType} field: ${
      guess ? "guess the joker's move" : fieldType === "positive" ? "no movement" : "penalty avoided"
    }.`,
  });
  if (guess) {
    requestGuess(ctx, st.landing, true);
    return;
  }
  jokerStays(
    ctx,
    p,
    fieldType === "positive" ? `${p.name} does not move.` : `${p.name} avoided the penalty and stays put.`,
  );
  advanceTurn(ctx);
}

/** `game:joker-complete` for a joker that moved nobody. */
function jokerStays(ctx: Ctx, p: Player, message: string): void {
  ctx.emit("game:joker-complete", {
    ...who(p),
    guessedPosition: null,
    actualPosition: p.position,
    finalPosition: p.position,
    guessCorrect: false,
    penaltyApplied: false,
    moved: false,
    calculation: null,
    message,
  });
}

const CONSEQUENCE_NAMES = {
  [ConsequenceType.MOVE_FORWARD]: "MOVE_FORWARD",
  [ConsequenceType.MOVE_BACKWARD]: "MOVE_BACKWARD",
  [ConsequenceType.LOSE_TURN]: "LOSE_TURN",
  [ConsequenceType.EXTRA_TURN]: "EXTRA_TURN",
  [ConsequenceType.GO_TO_START]: "GO_TO_START",
} as const;

/**
 * A luck card acts at once: `game:card-drawn`, `game:card-result`, the consequence and
 * `game:luck-consequence`, then the next turn (its movement never draws another card).
 */
function playLuck(ctx: Ctx, cardid: string, question: string, consequence: ConsequenceOption): void {
  const s = ctx.s;
  const p = me(s);
  ctx.emit("game:card-drawn", { ...who(p), cardType: "LUCK", question, fieldType: "luck" });
  ctx.emit("game:card-result", { ...who(p), cardid, cardType: "LUCK", question, consequence: { ...consequence } });
  const value = consequence.value ?? 1;
  const consequenceType = CONSEQUENCE_NAMES[consequence.type];
  const base = { ...who(p), consequenceType, value };
  switch (consequence.type) {
    case ConsequenceType.MOVE_FORWARD:
    case ConsequenceType.MOVE_BACKWARD: {
      const forward = consequence.type === ConsequenceType.MOVE_FORWARD;
      p.position = forward ? Math.min(s.settings.boardSize, p.position + value) : Math.max(FLOOR, p.position - value);
      ctx.emit("game:luck-consequence", {
        ...base,
        newPosition: p.position,
        message: `${p.name} moves ${forward ? "forward" : "back"} ${value} to ${p.position}.`,
      });
      break;
    }
    case ConsequenceType.LOSE_TURN:
    case ConsequenceType.EXTRA_TURN: {
      const lose = consequence.type === ConsequenceType.LOSE_TURN;
      const turns = `${value} ${lose ? "" : "extra "}turn${value === 1 ? "" : "s"}`;
      if (lose) p.turnsToLose += value;
      else p.extraTurns += value;
      ctx.emit("game:luck-consequence", {
        ...base,
        ...(lose ? { turnsToLose: p.turnsToLose } : { extraTurns: p.extraTurns }),
        message: `${p.name} ${lose ? "loses" : "gains"} ${turns}.`,
      });
      break;
    }
    case ConsequenceType.GO_TO_START:
      p.position = FLOOR;
      ctx.emit("game:luck-consequence", {
        ...base,
        newPosition: p.position,
        message: `${p.name} goes back to the start.`,
      });
      break;
  }
  if (p.position >= s.settings.boardSize) {
    win(ctx, p);
    return;
  }
  advanceTurn(ctx);
}

/** Where everyone stands, leaders first (players who left are not listed). */
export function standings(s: SerpentState) {
  return s.players
    .filter(stillIn)
    .map((p) => ({
      playerId: p.seat,
      playerName: p.name,
      boardPosition: p.position,
      turnOrder: s.sequence.indexOf(p.seat),
    }))
    .sort((a, b) => b.boardPosition - a.boardPosition || a.turnOrder - b.turnOrder);
}

function report(s: SerpentState) {
  return s.players.map((p) => ({
    playerId: p.seat,
    playerName: p.name,
    boardPosition: p.position,
    answers: structuredClone(p.answers) as Record<string, { right: number; wrong: number }>,
  }));
}

/** The race is over: `game:ended`, then `game:cleanup-complete`, and the room closes (its sockets are let go). */
export function finish(ctx: Ctx, winner: Player | null, message: string): void {
  const s = ctx.s;
  s.phase = "ended";
  s.stage = null;
  s.winner = winner?.seat ?? null;
  s.endedAt = ctx.now;
  ctx.emit("game:ended", {
    winner: winner?.seat ?? null,
    winnerName: winner?.name ?? null,
    message,
    finalPositions: standings(s),
    report: report(s),
  });
  ctx.emit("game:cleanup-complete", { gameCode: s.roomId, message: "The game is over and its room is closing." });
  // The document: after the end, "force disconnect all players from rooms".
  ctx.closeRoom();
}

function win(ctx: Ctx, p: Player): void {
  finish(ctx, p, `${p.name} reached field ${ctx.s.settings.boardSize} and wins the race!`);
}

/** Fewer than two players left in the race: the one left (if any) wins by default. */
export function tooFewLeft(s: SerpentState): boolean {
  return s.players.filter(stillIn).length < MIN_PLAYERS;
}
