import { type ComponentType, lazy, type ReactNode } from "react";

/**
 * The games the web client offers, in one list: what the home page's card says, where each
 * game lives and which screens its paths open. Routes come from here (see routes.ts); a new
 * game is one entry.
 */
export interface GameEntry {
  id: string;
  name: string;
  pitch: string;
  players: string;
  /** A single glyph for the card; decorative. */
  glyph: string;
  /** Who needs a Parlor account for it, if anyone (the home page says so rather than promise none). */
  account?: string;
  /** Its lobby's path; every page of the game is under it. */
  path: string;
  pages: GamePage[];
}

/**
 * A page under the game's path: "" is the lobby, ":code" a room; a segment with a colon names
 * what the page is given (decoded), one without must match as written. The first that fits wins.
 */
export interface GamePage {
  at: string;
  show(params: Record<string, string>): ReactNode;
}

/** The usual pages: the lobby at the game's path, a room at its code. */
const lobbyAndRooms = (Lobby: ComponentType, Room: ComponentType<{ code: string }>): GamePage[] => [
  { at: "", show: () => <Lobby /> },
  { at: ":code", show: (p) => <Room code={p.code ?? ""} /> },
];

// Each game's screens load only when one of its pages is opened, so the home page stays light on phones.
const TriviaLobby = lazy(() => import("../games/trivia-duel/Lobby").then((m) => ({ default: m.TriviaLobby })));
const TriviaRoom = lazy(() => import("../games/trivia-duel/Room").then((m) => ({ default: m.TriviaRoom })));
const BingoPage = lazy(() => import("../games/cricket-bingo/Bingo").then((m) => ({ default: m.BingoPage })));
const CardsLobby = lazy(() => import("../games/card-table/Lobby").then((m) => ({ default: m.CardsLobby })));
const CardsRoom = lazy(() => import("../games/card-table/Room").then((m) => ({ default: m.CardsRoom })));
const OutrankLobby = lazy(() => import("../games/outrank/Lobby").then((m) => ({ default: m.OutrankLobby })));
const OutrankRoom = lazy(() => import("../games/outrank/Room").then((m) => ({ default: m.OutrankRoom })));
const SerpentLobby = lazy(() => import("../games/serpent-race/Lobby").then((m) => ({ default: m.SerpentLobby })));
const SerpentRoom = lazy(() => import("../games/serpent-race/Room").then((m) => ({ default: m.SerpentRoom })));
const SerpentDecks = lazy(() =>
  import("../games/serpent-race/decks/SerpentDecks").then((m) => ({ default: m.SerpentDecks })),
);

export const GAMES: GameEntry[] = [
  {
    id: "trivia-duel",
    name: "Trivia Duel",
    pitch: "Bet on what you know, then race a friend to the buzzer as the clue unfolds.",
    players: "2 players",
    glyph: "?",
    path: "/trivia",
    pages: lobbyAndRooms(TriviaLobby, TriviaRoom),
  },
  {
    id: "cricket-bingo",
    name: "Cricket Bingo",
    pitch: "A daily grid of cricket conditions: place each player card before your lives run out.",
    players: "Solo, daily",
    glyph: "◎",
    account: "sign in to be ranked",
    path: "/bingo",
    pages: [
      { at: "", show: () => <BingoPage /> },
      { at: ":date", show: (p) => <BingoPage date={p.date} /> },
    ],
  },
  {
    id: "card-table",
    name: "Card Table",
    pitch: "Fill in the blank with your funniest card and win over this round's judge.",
    players: "3–20 players",
    glyph: "♠",
    path: "/cards",
    pages: lobbyAndRooms(CardsLobby, CardsRoom),
  },
  {
    id: "outrank",
    name: "Outrank",
    pitch: "Higher or lower? Draft tokens, push your luck and cash in sets before it all slips away.",
    players: "2–6 players",
    glyph: "↕",
    path: "/outrank",
    pages: lobbyAndRooms(OutrankLobby, OutrankRoom),
  },
  {
    id: "serpent-race",
    name: "SerpentRace",
    pitch: "Roll, answer and climb the board while a gamemaster keeps the race honest.",
    players: "2–10 players",
    glyph: "§",
    account: "the host signs in",
    path: "/serpent",
    pages: [
      { at: "", show: () => <SerpentLobby /> },
      // Before ":code": "decks" is the deck editor's, not a game code.
      { at: "decks", show: () => <SerpentDecks /> },
      { at: "decks/:deckid", show: (p) => <SerpentDecks deckid={p.deckid} /> },
      { at: ":code", show: (p) => <SerpentRoom code={p.code ?? ""} /> },
      { at: ":code/projector", show: (p) => <SerpentRoom code={p.code ?? ""} projector /> },
    ],
  },
];
