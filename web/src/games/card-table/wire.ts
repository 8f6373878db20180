/**
 * The Card Table wire protocol as the browser sees it (namespace /cards, Socket.IO
 * `message` events). Written by hand from the server's protocol.ts, view.ts and
 * events.ts, so the bundle never pulls in server code; only the fields the screens
 * read are typed, the rest are left open.
 */

export { ROOM_CODE } from "../../kit/JoinByCode";

export interface CardProperties {
  text?: string;
  pick?: number;
  blanks?: number;
  [key: string]: unknown;
}

export interface Card {
  id: string;
  type: string;
  properties: CardProperties;
}

export type Presence = "active" | "away" | "disconnected" | "left";
export type GameStatus = "lobby" | "playing" | "paused" | "ended";
export type EndCondition = "none" | "points" | "rounds";

export interface PlayerView {
  id: string;
  name: string;
  isLead: boolean;
  presence: Presence;
  lastSeen: number;
  joinedAt: number;
  /** Only the viewer's own hand holds cards; everyone else's is `[]` beside `handCount`. */
  hand: Card[];
  handCount: number;
  slots: Record<string, Card[]>;
  slotCounts: Record<string, number>;
  score: number;
  /** Rando Cardrissian, the `rando` variant's virtual player. */
  virtual?: true;
}

export interface VariantDef {
  id: string;
  name: string;
  description: string;
  default: boolean;
  /** Variants sharing a group are one choice (the judge rule). */
  group?: string;
}

export interface Settings {
  handSize: number;
  endCondition: EndCondition;
  endValue?: number;
  submitTimeout?: number;
  judgeTimeout?: number;
  packIds: string[];
  activeVariants: string[];
  revealToAll?: boolean;
  [key: string]: unknown;
}

/** What a judged round plays with: which decks and slots (the definition's `judging`). */
export interface Judging {
  promptDeck: string;
  answerDeck: string;
  promptSlot: string;
  submissionSlot: string;
  scoreSlot: string;
  wagerSlot?: string;
  potSlot?: string;
}

export interface DefinitionView {
  id: string;
  name: string;
  description: string;
  minPlayers: number;
  maxPlayers: number;
  variants: VariantDef[];
  phases: { id: string; name: string }[];
  defaultSettings: Settings;
  endPhase?: string;
  judging?: Judging;
}

/** One anonymous answer: display index from 1; `playerId` only once it has won. */
export interface SubmissionView {
  index: number;
  cards: Card[];
  playerId?: string;
  /** The prompt with this answer filled in, `**answer**` marking each fill. */
  text?: string;
}

export interface AnswerSlotView {
  /** Cards only for the viewer's own answer. */
  cards: Card[];
  count: number;
  /** Set once the answer is complete (and so locked). */
  submittedAt?: number;
}

export interface LastRound {
  round: number;
  prompt?: Card;
  submissions: SubmissionView[];
  winnerId?: string;
  winningIndex?: number;
}

export type PausedReason = "lead" | "insufficient" | "timeout" | "exhausted";

/** One seat's GameState (server view.ts). */
export interface GameStateView {
  gameId: string;
  definitionId: string;
  definition: DefinitionView;
  status: GameStatus;
  pausedReason?: PausedReason;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  settings: Settings;
  activeVariants: string[];
  roles: { lead: string | null; judge: string | null; turn?: string | null };
  players: PlayerView[];
  turnOrder: string[];
  currentPhase: string;
  phaseStartedAt: number;
  phaseEndsAt: number | null;
  judgeGraceEndsAt: number | null;
  round: number;
  decks: Record<string, { id: string; count: number; discardCount: number }>;
  globalSlots: Record<string, Card[]>;
  roundState: {
    pick: number;
    submissions: Record<string, AnswerSlotView>;
    wagers: Record<string, AnswerSlotView>;
    entryCount: number;
    anonymized?: SubmissionView[];
    winnerId?: string;
    winningIndex?: number;
    outcome?: "winner" | "none";
  };
  lastRound?: LastRound;
  /** The viewer's seat; null for a spectator. */
  you: string | null;
  /** The server clock when the view was made (ms); the countdowns use it. */
  serverNow?: number;
}

export type GameEvent =
  | { type: "gameCreated"; gameId: string; hostId: string }
  | { type: "playerJoined"; player: { id: string; name: string } }
  | { type: "playerLeft"; playerId: string; reason: "left" | "kicked" | "disconnected" }
  | { type: "playerPresenceChanged"; playerId: string; presence: Presence }
  | { type: "gameStarted" }
  | { type: "phaseChanged"; from: string; to: string }
  | { type: "cardDrawn"; playerId: string; deckId: string; count: number }
  | { type: "cardPlayed"; playerId: string; cardId: string; toSlot: string }
  | { type: "cardDiscarded"; cardId: string }
  | { type: "submissionsRevealed"; submissions: SubmissionView[] }
  | { type: "winnerSelected"; playerId: string; cardIds: string[] }
  | { type: "scoreChanged"; playerId: string; newScore: number }
  | { type: "judgeChanged"; playerId: string }
  | { type: "leadChanged"; playerId: string }
  | { type: "roundEnded"; round: number }
  | { type: "gameEnded"; winner?: string; finalScores: Record<string, number> }
  | { type: "gamePaused" }
  | { type: "gameResumed" }
  | { type: "dieRolled"; dieId: string; result: { value: number | string; label?: string } }
  | { type: "turnChanged"; playerId: string };

export type ServerMessage =
  | { type: "state"; state: GameStateView }
  | { type: "event"; event: GameEvent }
  | { type: "error"; requestId: string; error: string; message: string }
  | { type: "ack"; requestId: string };

/** The actions this client sends (a subset of the server's Action union). */
export type Action =
  | { type: "draw"; deckId: string; count: number; toZone: string }
  | { type: "play"; cardId: string; fromZone: string; toSlot: string; position?: number }
  | { type: "selectWinner"; index: number }
  | { type: "setPhase"; phaseId: string }
  | { type: "nextTurn" }
  | { type: "startGame" }
  | { type: "pauseGame" }
  | { type: "resumeGame" }
  | { type: "endGame" }
  | { type: "kickPlayer"; playerId: string }
  | { type: "setPresence"; presence: "active" | "away" }
  | { type: "configure"; settings: Record<string, unknown> };

export type ClientMessage =
  | { type: "action"; action: Action; requestId: string }
  | { type: "leave"; requestId?: string };

const SERVER_TYPES = new Set(["state", "event", "error", "ack"]);

/** Just enough of a check to route a message; the server is trusted for the rest. */
export function isServerMessage(x: unknown): x is ServerMessage {
  if (typeof x !== "object" || x === null) return false;
  const m = x as { type?: unknown; state?: unknown; event?: unknown };
  if (typeof m.type !== "string" || !SERVER_TYPES.has(m.type)) return false;
  if (m.type === "state") return typeof m.state === "object" && m.state !== null;
  if (m.type === "event") return typeof m.event === "object" && m.event !== null;
  return true;
}

/** What the REST routes return. */
export interface PackInfo {
  id: string;
  name: string;
  description: string;
  official: boolean;
  counts: { white: number; black: number };
}

export interface DefinitionInfo {
  id: string;
  name: string;
  description: string;
  minPlayers: number;
  maxPlayers: number;
  variants: VariantDef[];
  defaultSettings: Settings;
}
