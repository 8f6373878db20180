import type { OutrankState, Player } from "./state";

/**
 * The copy an input or a timer is applied to, so the caller's state is never touched.
 *
 * Copied: the players (each with their hand and this-round lists), the draft pool, the
 * seat records and the generator, which the rules change in place. Shared: whatever the
 * rules only ever replace whole (`settings`, `supply` and each list in it, `retired`,
 * `revealed`, `pause`, `result`) and the strings (token ids) themselves. A rule that starts
 * editing a shared part in place must copy it here first; the property test that freezes
 * every state an input is given (properties.test.ts) catches one that does not. Key order
 * is kept, so a copy serialises like the original.
 */
export function workingCopy(s: OutrankState): OutrankState {
  const players = new Array<Player>(s.players.length);
  for (let i = 0; i < players.length; i++) players[i] = copyPlayer(s.players[i] as Player);
  return {
    ...s,
    players,
    pool: s.pool.slice(),
    gone: { ...s.gone },
    rng: { s: [s.rng.s[0], s.rng.s[1], s.rng.s[2], s.rng.s[3]] },
  };
}

function copyPlayer(p: Player): Player {
  return { ...p, hand: p.hand.slice(), thisRound: p.thisRound.slice() };
}
