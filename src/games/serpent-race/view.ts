import type { Audience } from "../../engine/rules";
import { cardData, cardTypeName } from "./answers";
import { type Ctx, iso } from "./context";
import { boardData, standings } from "./flow";
import type { QuestionCard } from "./options";
import { currentPlayer, GM_SEAT, type Player, type SerpentState } from "./state";
import type { ServerEventName, StateData, StateMessage } from "./wire";

type Pending = NonNullable<StateData["pending"]>;

/**
 * `game:state`: one role's full state, for a join or a reconnect (players, the gamemaster,
 * spectators and the projector alike). The only place state leaves the rules. It never
 * holds a card's answer, the generator, the draw piles or another seat's requests: the
 * guess inputs go to the guessing player, the decision request to the gamemaster.
 */
export function stateView(s: SerpentState, seat: string | null, now: number): StateMessage {
  const me = seat === null || seat === GM_SEAT ? undefined : s.players.find((p) => p.seat === seat);
  const role = seat === GM_SEAT ? "gamemaster" : me ? "player" : "spectator";
  const cur = s.phase === "active" ? currentPlayer(s) : undefined;
  const winner = s.winner === null ? undefined : s.players.find((p) => p.seat === s.winner);
  const data: StateData = {
    gameCode: s.roomId,
    gameId: s.gameId,
    phase: s.phase,
    you: { seat, role, playerId: me?.seat ?? null },
    settings: {
      maxPlayers: s.settings.maxPlayers,
      boardSize: s.settings.boardSize,
      physicalDice: s.settings.physicalDice,
      loginType: s.settings.loginType,
      answerSeconds: s.settings.answerSeconds,
      decisionSeconds: s.settings.decisionSeconds,
      guessSeconds: s.settings.guessSeconds,
      drawDelaySeconds: s.settings.drawDelaySeconds,
      // The grace window under the name clients know.
      absentSkipSeconds: s.settings.graceSeconds,
      timeScale: s.timeScale,
    },
    gamemaster: s.gamemaster ? { name: s.gamemaster.name, connected: s.gamemaster.presence === "active" } : null,
    players: s.players.map((p) => ({
      playerId: p.seat,
      playerName: p.name,
      boardPosition: p.position,
      turnOrder: s.sequence.indexOf(p.seat),
      ready: p.ready,
      connected: p.presence === "active",
      left: p.presence === "left",
      extraTurns: p.extraTurns,
      turnsToLose: p.turnsToLose,
      answers: structuredClone(p.answers) as Record<string, { right: number; wrong: number }>,
    })),
    ...lobbyCounts(s),
    boardData: s.board ? boardData(s) : null,
    turnSequence: s.sequence.slice(),
    currentPlayer: cur?.seat ?? null,
    currentPlayerName: cur?.name ?? null,
    turnNumber: s.turnNumber,
    isExtraTurn: s.extraTurn,
    pending: pendingFor(s, seat, now),
    winner: winner?.seat ?? null,
    winnerName: winner?.name ?? null,
    finalPositions: s.phase === "ended" ? standings(s) : null,
    chat: s.chat.map((c) => ({
      playerId: c.playerId,
      playerName: c.playerName,
      message: c.message,
      timestamp: iso(c.at),
    })),
    serverTime: iso(now),
  };
  return { event: "game:state", data };
}

const lobbyCounts = (s: SerpentState) => {
  const readyCount = s.players.filter((p) => p.ready).length;
  return { readyCount, allReady: s.players.length > 0 && readyCount === s.players.length };
};

/** What the race waits for now, as `seat` may see it (null: a spectator), or null outside the race. */
function pendingFor(s: SerpentState, seat: string | null, now: number): Pending | null {
  const cur = s.phase === "active" ? currentPlayer(s) : undefined;
  return cur ? pending(s, cur, seat, now) : null;
}

/** Events that carry no step facts (see wire.ts `StepFacts`). */
const UNSTAMPED = new Set<string>(["game:chat", "game:error", "game:cleanup-complete"] satisfies ServerEventName[]);
const TURN_STARTS = new Set<string>(["game:started", "game:extra-turn-remaining"] satisfies ServerEventName[]);
const LOBBY_CHANGES = new Set<string>(["game:player-joined", "game:player-left"] satisfies ServerEventName[]);

const seatOf = (to: Audience): string | null => (typeof to === "object" && "seat" in to ? to.seat : null);

/**
 * The step's last words: each event it sent is given the facts a screen needs once the step
 * is over, so no client works them out from the rules. `pending` (what the race waits for,
 * with its deadline: the draw after a move, the answer, the guess that follows, the
 * gamemaster's decision, the skip of a player who is away), as its audience may see it; the
 * turn a turn's start begins; the lobby's counts after a join or a leave.
 */
export function stampStep(ctx: Ctx): void {
  const s = ctx.s;
  const forAll = pendingFor(s, null, ctx.now);
  ctx.out.forEach((o, i) => {
    if (!("msg" in o)) return;
    const { event, data } = o.msg as { event: string; data: Record<string, unknown> };
    if (UNSTAMPED.has(event)) return;
    const seat = seatOf(o.to);
    const facts: Record<string, unknown> = { pending: seat === null ? forAll : pendingFor(s, seat, ctx.now) };
    if (TURN_STARTS.has(event)) facts.turnNumber = s.turnNumber;
    if (LOBBY_CHANGES.has(event)) Object.assign(facts, lobbyCounts(s));
    ctx.out[i] = { to: o.to, msg: { event, data: { ...data, ...facts } } };
  });
}

/** What waits for a player, before the stage fills in its deadline, field, card and requests. */
export function blankPending(kind: Pending["kind"], playerId: string, playerName: string): Pending {
  return {
    kind,
    playerId,
    playerName,
    deadline: null,
    fieldType: null,
    card: null,
    cardData: null,
    jokerCard: null,
    guessRequest: null,
    decisionRequest: null,
  };
}

/**
 * What the current player is doing. Its `timeLimit`s are the seconds left at `now`, as in the
 * prompts a seat is sent again when it comes back, so a client that starts its countdown
 * from a sync shows the time really left; `deadline` says the same as a moment.
 */
function pending(s: SerpentState, p: Player, seat: string | null, now: number): Pending | null {
  const st = s.stage;
  if (!st) return null;
  const left = (at: number) => Math.max(0, at - now) / 1000;
  const out = blankPending("roll", p.seat, p.name);
  if (st.kind === "roll") {
    // A roll's deadline is the skip of a player who is away (null while they are here).
    out.deadline = st.at === null ? null : iso(st.at);
    return out;
  }
  out.deadline = iso(st.at);
  out.fieldType = st.landing.fieldType;
  switch (st.kind) {
    case "drawing":
      out.kind = "drawing";
      return out;
    case "answer": {
      const card = (s.cards[st.card] as { card: QuestionCard }).card;
      out.kind = "answer";
      out.card = { cardType: cardTypeName(card.type), question: card.question };
      out.cardData = cardData(card, st.prepared, left(st.at), st.cardId);
      return out;
    }
    case "guess":
      out.kind = st.joker ? "jokerGuess" : "guess";
      if (seat === p.seat)
        out.guessRequest = {
          currentPosition: st.landing.start,
          diceRoll: st.landing.dice,
          fieldStepValue: st.stepValue,
          patternModifier: st.patternModifier,
          timeLimit: left(st.at),
        };
      return out;
    case "decision": {
      const card = (s.cards[st.card] as SerpentState["cards"][number]).card;
      const jokerCard = {
        question: card.question,
        consequence: "consequence" in card && card.consequence ? { ...card.consequence } : null,
      };
      out.kind = "decision";
      out.jokerCard = jokerCard;
      if (seat === GM_SEAT) out.decisionRequest = { requestId: st.requestId, timeLimit: left(st.at), jokerCard };
      return out;
    }
  }
}
