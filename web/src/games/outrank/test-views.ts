import type { ChallengeView, OutrankView, PlayerView, Settings, TokenView } from "./wire";

/** Views for the client's unit tests, shaped as the server sends them (src/games/outrank/view.ts). */
export const T0 = 1_700_000_000_000;

export const SETTINGS: Settings = {
  handLimit: 8,
  setPoints: [2, 5, 8],
  endCondition: "points",
  targetPoints: 20,
  targetEnds: "atOnce",
  roundLimit: 8,
  timeLimitMinutes: 30,
  firstGuesser: "random",
  youngest: null,
  turnSeconds: null,
  graceSeconds: 30,
  roundEndSeconds: 20,
};

export function movie(id: string, tags: [string, string, string, string], value?: number): TokenView {
  const [A, B, C, D] = tags;
  return {
    id,
    name: id.replace(/^movie-/, ""),
    category: "movies",
    tags: { A, B, C, D },
    ...(value === undefined ? {} : { value }),
  };
}

export const BOX_OFFICE: ChallengeView = {
  id: "movies-box-office",
  category: "movies",
  stat: "worldwideGrossUsd",
  name: "Movies - Box Office",
  direction: "higher",
  statLabel: "Box office",
  unit: "USD",
};

export function player(id: string, name: string, over: Partial<PlayerView> = {}): PlayerView {
  return {
    id,
    name,
    seat: id,
    score: 0,
    hand: [],
    thisRound: [],
    correctGuesses: 0,
    cashOuts: 0,
    longestStreak: 0,
    passed: false,
    status: "in",
    ready: false,
    presence: "active",
    isLead: id === "P1",
    ...over,
  };
}

export function draftingView(over: Partial<OutrankView> = {}): OutrankView {
  return {
    roomId: "ABC234",
    mode: "online",
    content: "builtin@2025-06-30",
    phase: "drafting",
    paused: null,
    round: 1,
    currentPlayer: 0,
    firstGuesser: 0,
    players: [player("P1", "Alice"), player("P2", "Bob")],
    currentChallenge: BOX_OFFICE,
    centerToken: movie("movie-avatar", ["Sci-Fi", "2000s", "20th Century", "PG-13"], 2923700000),
    draftPool: [
      movie("movie-titanic", ["Drama", "1990s", "Paramount", "PG-13"]),
      movie("movie-john-carter", ["Sci-Fi", "2010s", "Disney", "PG-13"]),
    ],
    retiredCount: 0,
    supplyCounts: { movies: 37, countries: 49, sports: 46, companies: 53 },
    lastToPass: null,
    you: 0,
    seat: "P1",
    lead: "P1",
    challenges: [],
    settings: SETTINGS,
    turnEndsAt: null,
    phaseEndsAt: null,
    timeLimitEndsAt: null,
    result: null,
    serverNow: T0,
    ...over,
  };
}
