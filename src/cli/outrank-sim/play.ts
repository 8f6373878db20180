import { isRuleError } from "../../engine/errors";
import { type Rng, seedRng } from "../../engine/rng";
import { SYSTEM } from "../../engine/rules";
import {
  type Bot,
  collectorBot,
  Distributions,
  Memory,
  STRATEGIES,
  type StrategyName,
  thresholdBot,
} from "../../games/outrank/bots";
import { outrankCatalog, outrankRules } from "../../games/outrank/index";
import type { SettingsPatch } from "../../games/outrank/settings";
import type { OutrankState } from "../../games/outrank/state";
import type { Action, OutrankEvent, OutrankView } from "../../games/outrank/wire";
import { emptyMarkerRounds, type MarkerRounds } from "./stats";

/** A seat's strategy: a named one, the tunable threshold bot, or the set-collecting-only bot, with their numbers. */
export type Seat =
  | { kind: "named"; name: StrategyName }
  | { kind: "threshold"; guessAbove: number; cashAt: number; label: string }
  | { kind: "collector"; cashAt: number; label: string };

export interface GameConfig {
  seats: Seat[];
  settings: SettingsPatch;
}

export interface PlayerRecord {
  strategy: string;
  score: number;
  /** 1 for a sole winner, 1/k for each of k sharing the victory. */
  win: number;
  guessPoints: number;
  setPoints: number;
  bonusPoints: number;
  correct: number;
  wrong: number;
  cashOuts: number;
  markerRounds: number;
  startedFirst: boolean;
}

export interface GameRecord {
  players: PlayerRecord[];
  rounds: number;
  turns: number;
  turnsPerRound: number[];
  poolEmptyRounds: number;
  /** Game time in minutes, with the simulator's model of how long each action takes. */
  minutes: number;
  reason: string;
  decidedBy: string;
  /** Times the sole leader changed between round ends. */
  leadChanges: number;
  /** The winner was behind (not even tied for the lead) at the end of the middle round. */
  comeback: boolean;
  refusals: number;
  /** Each round against the seat that opened it holding the First Guesser marker. */
  marker: MarkerRounds;
  /** Turns taken while drafting, and those taken at the hand limit (where drafting is refused). */
  draftTurns: number;
  limitTurns: number;
  /** What a player at the hand limit did instead of drafting. */
  atLimit: { cashOut: number; discard: number; pass: number };
  /** With a score target: whether the first player to reach it won (null: nobody reached it, or no target). */
  firstToTargetWon: boolean | null;
}

/** How long each thing takes at a real table, for the time-limit end condition. */
const SECONDS = { selectChallenge: 20, draftGuess: 12, cashOut: 10, discard: 6, pass: 4 } as const;

export function botFor(seat: Seat): Bot {
  if (seat.kind === "named") return STRATEGIES[seat.name];
  if (seat.kind === "collector") return collectorBot(seat.cashAt);
  return thresholdBot({ guessAbove: seat.guessAbove, cashAt: seat.cashAt, riskCap: 99, tagBonus: 0 });
}

export function labelOf(seat: Seat): string {
  return seat.kind === "named" ? seat.name : seat.label;
}

const dist = new Distributions(outrankCatalog);
const MAX_ACTIONS = 20_000;

/**
 * One whole game through the same pure rules module a server runs: seats joined as the
 * platform joins them, every move an `act`, refusals counted (a bot should never make one).
 * Bots decide from their seat's view and the public events only.
 */
export function playGame(config: GameConfig, seed: string): GameRecord {
  const rules = outrankRules;
  let now = 0;
  let state: OutrankState = rules.setup({
    roomId: "SIM",
    options: { settings: { roundEndSeconds: 0, ...config.settings }, mode: "online" },
    seed,
    now,
    timeScale: 1,
  });
  const seats = config.seats.map((_, i) => `P${i + 1}`);
  const bots = config.seats.map(botFor);
  const rng: Rng = seedRng(`${seed}/bots`);
  const memory = new Memory();

  const turnsPerRound: number[] = [];
  let poolEmptyRounds = 0;
  let leader = -1;
  let leadChanges = 0;
  const leadersAtRoundEnd: number[][] = [];
  const marker = emptyMarkerRounds();
  let holder = -1;
  let scoresAtStart: number[] = [];
  const roundStarted = (holderId: string) => {
    holder = state.players.findIndex((p) => p.id === holderId);
    scoresAtStart = state.players.map((p) => p.score);
  };
  const roundClosed = () => {
    if (holder < 0) return;
    const gained = state.players.map((p, i) => (p.presence === "left" ? -1 : p.score - (scoresAtStart[i] ?? 0)));
    const top = Math.max(...gained);
    const tops = gained.filter((g) => g === top).length;
    marker.rounds++;
    gained.forEach((g, i) => {
      if (g < 0) return;
      if (i === holder) {
        marker.holderPoints += g;
        marker.holderPointsSq += g * g;
        if (g === top) marker.holderTop += 1 / tops;
      } else {
        marker.otherPoints += g;
        marker.otherPointsSq += g * g;
        marker.otherSeats++;
      }
    });
    holder = -1;
  };
  const target = state.settings.endCondition === "points" ? state.settings.targetPoints : null;
  let firstToTarget = -1;
  const roundEnded = (reason: string) => {
    roundClosed();
    // The turn count resets only when the next challenge is chosen, so it still holds this round's.
    turnsPerRound.push(state.turns);
    if (reason === "poolEmpty") poolEmptyRounds++;
    let top = -1;
    let leaders: number[] = [];
    for (let i = 0; i < state.players.length; i++) {
      const score = (state.players[i] as { score: number }).score;
      if (score > top) {
        top = score;
        leaders = [i];
      } else if (score === top) leaders.push(i);
    }
    leadersAtRoundEnd.push(leaders);
    if (leaders.length === 1 && leaders[0] !== leader) {
      if (leader >= 0) leadChanges++;
      leader = leaders[0] as number;
    }
  };

  const step = (from: string, intent: unknown): boolean => {
    const r = rules.act(state, from, intent as Action, now);
    if (isRuleError(r)) return false;
    state = r.state;
    const stat =
      state.challengeId === null ? null : (outrankCatalog.challengeById.get(state.challengeId)?.stat ?? null);
    for (const o of r.out) {
      if (!("msg" in o)) continue;
      const event = (o.msg as { event: OutrankEvent }).event;
      memory.observe(event, stat);
      if (event.type === "challengeSelected") roundStarted(event.playerId);
      else if (event.type === "roundEnded") roundEnded(event.reason);
      // A game that ends mid-round (a score target reached at once) closes the round it ends.
      else if (event.type === "gameEnded") roundClosed();
    }
    if (target !== null && firstToTarget < 0) firstToTarget = state.players.findIndex((p) => p.score >= target);
    return true;
  };
  for (const s of seats) step(SYSTEM, { type: "@presence", seat: s, status: "joined" });
  step("P1", { type: "startGame" });
  const firstGuesser = state.firstGuesser;

  let refusals = 0;
  let draftTurns = 0;
  let limitTurns = 0;
  const atLimit = { cashOut: 0, discard: 0, pass: 0 };
  for (let k = 0; k < MAX_ACTIONS && state.phase !== "gameEnd"; k++) {
    const i = state.phase === "drafting" ? state.current : state.firstGuesser;
    const seat = seats[i] as string;
    const view = (rules.view(state, seat, now) as { state: OutrankView }).state;
    const action: Action = (bots[i] as Bot)({ view, me: i, memory, dist, rng });
    if (state.phase === "drafting") {
      draftTurns++;
      const p = state.players[i];
      if (p && p.hand.length + p.thisRound.length >= state.settings.handLimit) {
        limitTurns++;
        if (action.type === "cashOut" || action.type === "discard" || action.type === "pass") atLimit[action.type]++;
      }
    }
    if (!step(seat, action)) {
      refusals++;
      if (!step(seat, { type: "pass" })) break;
    }
    now += 1000 * (SECONDS[action.type as keyof typeof SECONDS] ?? 5);
  }

  const result = state.result;
  const winners = new Set(result?.winners ?? []);
  const mid = leadersAtRoundEnd[Math.floor((leadersAtRoundEnd.length - 1) / 2)] ?? [];
  const winnerIdx = state.players.findIndex((p) => winners.has(p.id));
  return {
    players: state.players.map((p, i) => ({
      strategy: labelOf(config.seats[i] as Seat),
      score: p.score,
      win: winners.has(p.id) ? 1 / winners.size : 0,
      guessPoints: p.correctGuesses,
      setPoints: p.setPoints,
      bonusPoints: p.bonusPoints,
      correct: p.correctGuesses,
      wrong: p.wrongGuesses,
      cashOuts: p.cashOuts,
      markerRounds: p.markerRounds,
      startedFirst: i === firstGuesser,
    })),
    rounds: state.round,
    turns: state.totalTurns,
    turnsPerRound,
    poolEmptyRounds,
    minutes: now / 60_000,
    reason: result?.reason ?? "unfinished",
    decidedBy: result?.decidedBy ?? "shared",
    leadChanges,
    comeback: winners.size === 1 && winnerIdx >= 0 && !mid.includes(winnerIdx),
    refusals,
    marker,
    draftTurns,
    limitTurns,
    atLimit,
    firstToTargetWon: firstToTarget < 0 ? null : winners.has((state.players[firstToTarget] as { id: string }).id),
  };
}
