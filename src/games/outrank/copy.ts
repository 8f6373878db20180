import type { OutrankState, Player } from "./state";

/**
 * The copy an input or a timer is applied to, so the caller's state is never touched.
 *
 * Copied: the players (each with their hand and this-round lists), the draft pool, the
 * seat records and the generator, which the rules change in place. Shared: whatever the
 * rules only ever replace whole (`settings`, `supply` and each list in it, `retired`,
 * `revealed`, `pause`, `result`) and the strings (token ids) themselves. A rule that starts
 * editing a shared part in place must copy it here first; the property test that freezes
 * every state an input is given (properties.test.ts) catches one that does not.
 *
 * Written out field by field: an object spread of a 20-field record was most of the cost
 * of an input in the simulator (copy.test.ts checks that no field is forgotten). Key order
 * is the state's own, so a copy serialises like the original.
 */
export function workingCopy(s: OutrankState): OutrankState {
  const players = new Array<Player>(s.players.length);
  for (let i = 0; i < players.length; i++) players[i] = copyPlayer(s.players[i] as Player);
  return {
    v: s.v,
    roomId: s.roomId,
    mode: s.mode,
    content: s.content,
    settings: s.settings,
    createdAt: s.createdAt,
    timeScale: s.timeScale,
    phase: s.phase,
    pause: s.pause,
    round: s.round,
    players,
    lead: s.lead,
    device: s.device,
    current: s.current,
    firstGuesser: s.firstGuesser,
    markerTaken: s.markerTaken,
    challengeId: s.challengeId,
    poolCategory: s.poolCategory,
    center: s.center,
    pool: s.pool.slice(),
    supply: s.supply,
    retired: s.retired,
    revealed: s.revealed,
    revealedStat: s.revealedStat,
    lastToPass: s.lastToPass,
    turns: s.turns,
    totalTurns: s.totalTurns,
    turnDeadline: s.turnDeadline,
    phaseDeadline: s.phaseDeadline,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    pausedMs: s.pausedMs,
    result: s.result,
    gone: { ...s.gone },
    nextSeq: s.nextSeq,
    rng: { s: [s.rng.s[0], s.rng.s[1], s.rng.s[2], s.rng.s[3]] },
  };
}

export function copyPlayer(p: Player): Player {
  return {
    id: p.id,
    seat: p.seat,
    name: p.name,
    presence: p.presence,
    absentSince: p.absentSince,
    joinedAt: p.joinedAt,
    seq: p.seq,
    score: p.score,
    hand: p.hand.slice(),
    thisRound: p.thisRound.slice(),
    status: p.status,
    correctGuesses: p.correctGuesses,
    wrongGuesses: p.wrongGuesses,
    cashOuts: p.cashOuts,
    setPoints: p.setPoints,
    bonusPoints: p.bonusPoints,
    streak: p.streak,
    longestStreak: p.longestStreak,
    markerRounds: p.markerRounds,
    ready: p.ready,
  };
}
