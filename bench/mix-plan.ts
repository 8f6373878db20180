/** The plan of `npm run bench:mix`: which games, how many rooms of each, in what order they start. */

export const MIX_GAMES = ["trivia", "cards", "outrank"] as const;
export type MixGame = (typeof MIX_GAMES)[number];
export type PerGame = Record<MixGame, number>;

/** `--mix trivia:1,cards:2`: each game's weight (games left out weigh 0); throws on anything else. */
export function parseMix(text: string): PerGame {
  const weights: PerGame = { trivia: 0, cards: 0, outrank: 0 };
  for (const part of text.split(",").map((p) => p.trim())) {
    const [name, weight, ...rest] = part.split(":");
    const w = Number(weight);
    if (!MIX_GAMES.includes(name as MixGame) || rest.length || weight === undefined || !Number.isFinite(w) || w < 0)
      throw new Error(`--mix: "${part}" is not game:weight (games: ${MIX_GAMES.join(", ")}; weights ≥ 0)`);
    weights[name as MixGame] = w;
  }
  if (MIX_GAMES.every((g) => weights[g] === 0)) throw new Error("--mix: every weight is 0");
  return weights;
}

/**
 * Rooms per game: each game's share of `sockets` by weight, in whole rooms of its size
 * (`perRoom` sockets), rounded to the nearest; a game with any weight gets one room at least.
 */
export function splitSockets(sockets: number, weights: PerGame, perRoom: PerGame): PerGame {
  const total = MIX_GAMES.reduce((n, g) => n + weights[g], 0);
  const rooms = { trivia: 0, cards: 0, outrank: 0 };
  for (const g of MIX_GAMES)
    if (weights[g] > 0) rooms[g] = Math.max(1, Math.round((sockets * weights[g]) / total / perRoom[g]));
  return rooms;
}

/**
 * The start order of rooms: entry `i` is the index (into `counts`) of the game room `i`
 * belongs to. Each game's rooms are spread evenly over the order, so every part of the
 * stagger window starts rooms of every game in proportion.
 */
export function interleave(counts: number[]): number[] {
  const at: { pos: number; game: number }[] = [];
  counts.forEach((n, game) => {
    for (let j = 0; j < n; j++) at.push({ pos: (j + 0.5) / n, game });
  });
  return at.sort((a, b) => a.pos - b.pos || a.game - b.game).map((x) => x.game);
}
