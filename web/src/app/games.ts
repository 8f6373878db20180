/** The platform's games as the home page lists them. `href` is set once a game is playable. */
export interface GameEntry {
  id: string;
  name: string;
  pitch: string;
  players: string;
  href: string | null;
  /** A single glyph for the card; decorative. */
  glyph: string;
}

export const GAMES: GameEntry[] = [
  {
    id: "trivia-duel",
    name: "Trivia Duel",
    pitch: "Bet on what you know, then race a friend to the buzzer as the clue unfolds.",
    players: "2 players",
    href: "/trivia",
    glyph: "?",
  },
  {
    id: "cricket-bingo",
    name: "Cricket Bingo",
    pitch: "A daily grid of cricket conditions: place each player card before your lives run out.",
    players: "Solo, daily",
    href: "/bingo",
    glyph: "◎",
  },
  {
    id: "card-table",
    name: "Card Table",
    pitch: "Fill in the blank with your funniest card and win over this round's judge.",
    players: "3–20 players",
    href: "/cards",
    glyph: "♠",
  },
  {
    id: "outrank",
    name: "Outrank",
    pitch: "Higher or lower? Draft tokens, push your luck and cash in sets before it all slips away.",
    players: "2–6 players",
    href: "/outrank",
    glyph: "↕",
  },
  {
    id: "serpent-race",
    name: "SerpentRace",
    pitch: "Roll, answer and climb the board while a gamemaster keeps the race honest.",
    players: "2–10 players",
    href: "/serpent",
    glyph: "§",
  },
];
