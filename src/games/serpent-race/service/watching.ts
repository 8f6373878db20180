import { timingSafeEqual } from "node:crypto";
import type { JoinRules } from "../../../engine/module";
import { HostedOptions } from "./hosted-rules";

type Verdict = Awaited<ReturnType<NonNullable<JoinRules["mayWatch"]>>>;

const no = (code: string, message: string): Verdict => ({ ok: false, code, message });

function sameKey(given: string, kept: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may watch a game without playing in it: the same right as joining it. A PUBLIC game,
 * anyone with its code; a PRIVATE one, any account; an ORGANIZATION one, a member of its
 * organisation; any game, its gamemaster, and a screen opened from the projector link the
 * gamemaster is given (its key). Otherwise a watcher would read the names, questions and chat
 * of a class's game from its code alone. See docs/games/serpent-race.md, Decisions D3.
 */
export const mayWatch: NonNullable<JoinRules["mayWatch"]> = async (options, { userId, key }, ctx) => {
  const o = HostedOptions.safeParse(options).data;
  if (!o) return no("room_not_found", "There is no game with that code.");
  if (key !== undefined && o.watchKey && sameKey(key, o.watchKey)) return { ok: true };
  if (o.loginType === 0) return { ok: true };
  if (userId !== null) {
    if (userId === o.createdBy || o.loginType === 1) return { ok: true };
    if (o.orgId && (await ctx.accounts?.roleIn(o.orgId, userId))) return { ok: true };
  }
  // A link that was offered and is wrong says so first: that is what its screen can mend.
  if (key !== undefined)
    return no("bad_key", "This projector link is not for this game: ask the gamemaster for it again.");
  if (userId === null) return no("unauthorized", "Sign in to watch this game: it is for players with an account.");
  return no("not_a_member", "This game is for members of its organisation.");
};
