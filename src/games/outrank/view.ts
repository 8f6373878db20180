import type { Catalog } from "./catalog";
import { timeLimitEndsAt } from "./end";
import { selectable } from "./pool";
import type { OutrankState, Player } from "./state";
import { publicToken, valuedToken } from "./tokens";
import type { OutrankView, PlayerView, TokenView } from "./wire";

/**
 * One seat's view: the only place state leaves the rules. Everything at an Outrank table is
 * public (hands, piles, scores, the draft pool's tokens) except the stat values nobody has
 * seen: a draft-pool token never carries its value, since that value is the answer to a
 * guess (no client sees what it could not see at a real table:
 * docs/architecture.md, Decisions D1). Token objects are the catalog's shared, frozen ones;
 * a view is read-only and goes straight to the encoder.
 */
/** A held token shows its value when that value was shown under the current stat. */
function shown(s: OutrankState, catalog: Catalog, stat: string | null, id: string): TokenView {
  return (
    stat !== null && s.revealedStat === stat && s.revealed.includes(id)
      ? valuedToken(catalog, id, stat)
      : publicToken(catalog, id)
  ) as TokenView;
}

function tokens(s: OutrankState, catalog: Catalog, stat: string | null, ids: readonly string[]): TokenView[] {
  const out = new Array<TokenView>(ids.length);
  for (let k = 0; k < ids.length; k++) out[k] = shown(s, catalog, stat, ids[k] as string);
  return out;
}

function playerView(s: OutrankState, catalog: Catalog, stat: string | null, p: Player): PlayerView {
  return {
    id: p.id,
    name: p.name,
    seat: p.seat,
    score: p.score,
    hand: tokens(s, catalog, stat, p.hand),
    thisRound: tokens(s, catalog, stat, p.thisRound),
    correctGuesses: p.correctGuesses,
    cashOuts: p.cashOuts,
    longestStreak: p.longestStreak,
    passed: s.phase === "drafting" && p.status !== "in",
    status: p.status,
    ready: s.phase === "roundEnd" && p.ready === true,
    presence: p.presence,
    isLead: s.mode === "online" && p.seat === s.lead,
  };
}

export function gameView(s: OutrankState, seat: string | null, now: number, catalog: Catalog): OutrankView {
  const challenge = s.challengeId === null ? undefined : catalog.challengeById.get(s.challengeId);
  const stat = challenge?.stat ?? null;
  const players = new Array<PlayerView>(s.players.length);
  for (let i = 0; i < players.length; i++) players[i] = playerView(s, catalog, stat, s.players[i] as Player);
  const draftPool = new Array<TokenView>(s.pool.length);
  for (let k = 0; k < s.pool.length; k++) draftPool[k] = publicToken(catalog, s.pool[k] as string) as TokenView;
  const supplyCounts: Record<string, number> = {};
  for (const c of catalog.categories) supplyCounts[c] = s.supply[c]?.length ?? 0;
  const choosing = s.phase === "challenge" || s.phase === "roundEnd";
  return {
    roomId: s.roomId,
    mode: s.mode,
    content: s.content,
    phase: s.phase,
    paused: s.pause?.reason ?? null,
    round: s.round,
    currentPlayer: s.current >= 0 ? s.current : null,
    firstGuesser: s.firstGuesser >= 0 && s.phase !== "lobby" ? s.firstGuesser : null,
    players,
    currentChallenge: challenge?.view ?? null,
    centerToken: s.center === null || stat === null ? null : (valuedToken(catalog, s.center, stat) as TokenView),
    draftPool,
    retiredCount: s.retired.length,
    supplyCounts,
    lastToPass: s.lastToPass >= 0 ? s.lastToPass : null,
    you: youOf(s, seat),
    seat,
    lead: s.lead,
    challenges: choosing ? selectable(s, catalog).map((c) => c.view) : [],
    settings: s.settings,
    // The game's clock stands still while paused: no countdown runs.
    turnEndsAt: s.pause ? null : s.turnDeadline,
    phaseEndsAt: s.pause ? null : s.phaseDeadline,
    timeLimitEndsAt: timeLimitEndsAt(s, now),
    result: s.result,
    serverNow: now,
  };
}

/** Online: the seat's own player. Table mode: the player the device acts for right now. */
function youOf(s: OutrankState, seat: string | null): number | null {
  if (seat === null) return null;
  if (s.mode === "table") {
    if (seat !== s.device) return null;
    if (s.phase === "drafting") return s.current >= 0 ? s.current : null;
    if (s.phase === "challenge" || s.phase === "roundEnd") return s.firstGuesser >= 0 ? s.firstGuesser : null;
    return null;
  }
  const i = s.players.findIndex((p) => p.seat === seat);
  return i >= 0 ? i : null;
}
