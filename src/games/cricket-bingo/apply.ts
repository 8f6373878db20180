import { BINGO_BONUS, placementScore, WILDCARD_SCORE } from "./scoring";
import { type GameState, type HistoryEntry, publicCard } from "./state";
import type { Resolved } from "./validate";
import { completedLine } from "./win-lines";
import type { TurnResult } from "./wire";

/**
 * Plays a validated action on a private copy of the state (docs/games/cricket-bingo.md,
 * "Turns"): the card is consumed whatever happens, the win is checked before the loss,
 * and the next card is drawn only if the game goes on. Never refuses.
 */
export function applyTurn(s: GameState, r: Resolved, now: number): TurnResult {
  const turnNumber = s.deckIndex;
  const player = publicCard(r.card);
  let scoreDelta = 0;
  let filled = false;
  const entry: HistoryEntry = {
    turnNumber,
    player,
    action: "skipped",
    timestamp: now,
    scoreDelta: 0,
  };
  const result: TurnResult = { action: "skipped", scoreDelta: 0, status: "playing" };

  switch (r.type) {
    case "PLACE":
      entry.action = result.action = "placed";
      entry.targetCell = r.cell.id;
      entry.wasValid = result.wasValid = r.valid;
      if (r.valid) {
        s.placements[r.cell.id] = { ...player, by: "placed" };
        scoreDelta = placementScore(r.cell.type, s.streak);
        s.streak += 1;
        filled = true;
      } else {
        // A wrong placement costs a life and the streak; the card is gone.
        s.streak = 0;
        s.remainingPlayers -= 1;
      }
      break;
    case "SKIP":
      s.remainingPlayers -= 1;
      s.streak = 0;
      break;
    case "WILDCARD":
      entry.action = result.action = "wildcard";
      entry.targetCell = r.cell.id;
      entry.wasValid = result.wasValid = true;
      s.placements[r.cell.id] = { ...player, by: "wildcard" };
      s.wildcardsLeft -= 1;
      scoreDelta = WILDCARD_SCORE;
      // Wildcards continue streaks.
      s.streak += 1;
      filled = true;
      break;
  }

  s.deckIndex += 1;
  const line = filled ? completedLine(s.gridSize, (i) => s.placements[s.grid[i]!.id] !== undefined) : null;
  if (line) {
    s.status = "won";
    s.winLine = { ...line, categoryIds: line.cells.map((i) => s.grid[i]!.id) };
    scoreDelta += BINGO_BONUS;
    result.winLine = s.winLine;
  } else if (s.remainingPlayers <= 0 || s.deckIndex >= s.deck.length) {
    s.status = "lost";
  }
  s.currentPlayer = s.status === "playing" ? publicCard(s.deck[s.deckIndex]!) : null;
  s.score += scoreDelta;
  entry.scoreDelta = result.scoreDelta = scoreDelta;
  result.status = s.status;
  s.history.push(entry);
  return result;
}
