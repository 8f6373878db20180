import { cardData, cardTypeName } from "./answers";
import { currentPlayer, iso, scaledMs } from "./context";
import { boardData, standings } from "./flow";
import type { QuestionCard } from "./options";
import { GM_SEAT, type Player, type SerpentState } from "./state";
import type { StateData, StateMessage } from "./wire";

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
  const readyCount = s.players.filter((p) => p.ready).length;
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
      absentSkipSeconds: s.settings.absentSkipSeconds,
    },
    gamemaster: s.gamemaster ? { ...s.gamemaster } : null,
    players: s.players.map((p) => ({
      playerId: p.seat,
      playerName: p.name,
      boardPosition: p.position,
      turnOrder: s.sequence.indexOf(p.seat),
      ready: p.ready,
      connected: p.connected,
      left: p.left,
      extraTurns: p.extraTurns,
      turnsToLose: p.turnsToLose,
      answers: structuredClone(p.answers) as Record<string, { right: number; wrong: number }>,
    })),
    readyCount,
    allReady: s.players.length > 0 && readyCount === s.players.length,
    boardData: s.board ? boardData(s) : null,
    turnSequence: s.sequence.slice(),
    currentPlayer: cur?.seat ?? null,
    currentPlayerName: cur?.name ?? null,
    turnNumber: s.turnNumber,
    isExtraTurn: s.extraTurn,
    pending: cur ? pending(s, cur, seat) : null,
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

function pending(s: SerpentState, p: Player, seat: string | null): Pending | null {
  const st = s.stage;
  if (!st) return null;
  const limit = (seconds: number) => scaledMs(s.timeScale, seconds) / 1000;
  const out: Pending = {
    kind: "roll",
    playerId: p.seat,
    playerName: p.name,
    deadline: null,
    fieldType: null,
    card: null,
    cardData: null,
    jokerCard: null,
    guessRequest: null,
    decisionRequest: null,
  };
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
      out.cardData = cardData(card, st.prepared, limit(s.settings.answerSeconds));
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
          timeLimit: limit(s.settings.guessSeconds),
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
      if (seat === GM_SEAT)
        out.decisionRequest = { requestId: st.requestId, timeLimit: limit(s.settings.decisionSeconds), jokerCard };
      return out;
    }
  }
}
