import { DECK_SIZE } from "./params";
import { byPriority } from "./priority";
import { type GameState, publicCard } from "./state";
import type { BingoView } from "./wire";

/**
 * The only place the state leaves the rules. The deck stays opaque
 * (docs/games/cricket-bingo.md, Decisions D4): the view shows the current card's face (id,
 * name, country, flag, shirt number) and cards already played, never a card still to come
 * and never what makes a card fit a cell. Assisted games
 * (docs/games/cricket-bingo.md, Decisions D5) add the cells the current card fits and the
 * recommended one.
 */
export function view(s: GameState): BingoView {
  const out: BingoView = {
    dailyGameId: s.dailyGameId,
    date: s.date,
    gridSize: s.gridSize,
    mode: s.mode,
    grid: structuredClone(s.grid),
    deckSize: DECK_SIZE,
    deckIndex: s.deckIndex,
    currentPlayer: s.currentPlayer ? publicCard(s.currentPlayer) : null,
    placements: Object.fromEntries(Object.entries(s.placements).map(([k, p]) => [k, { ...publicCard(p), by: p.by }])),
    remainingPlayers: s.remainingPlayers,
    wildcardsLeft: s.wildcardsLeft,
    score: s.score,
    streak: s.streak,
    status: s.status,
    winLine: s.winLine ? structuredClone(s.winLine) : null,
    history: s.history.map((h) => ({ ...h, player: publicCard(h.player) })),
  };
  if (s.mode === "assisted") {
    const card = s.status === "playing" ? s.deck[s.deckIndex] : undefined;
    const open = card ? s.grid.filter((c) => !s.placements[c.id] && card.fits.includes(c.id)) : [];
    out.eligibleCells = byPriority(open, s.grid).map((c) => c.id);
    out.recommendedCell = out.eligibleCells[0] ?? null;
  }
  return out;
}
