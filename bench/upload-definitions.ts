/**
 * What `npm run bench:uploads` uploads, and how it reads a trial's pace: pure helpers, tested in
 * test/bench-uploads.test.ts (the bench itself is not run there).
 */
import type { GameDefinition } from "../src/games/card-table/definition";

export interface PaddingPlan {
  /** The copy's own id (the trial's seed is the id, so each copy plays a different game). */
  id: string;
  /** The size to fill the definition's JSON to, at most. */
  bytes: number;
  /** Players the trial seats (it seats `minPlayers`): more seats, more legal actions listed a move. */
  players?: number;
  /** The game's end (points or rounds, as the definition counts): higher, a longer game. */
  endValue?: number;
}

const PAD_TEXT = "A variant nobody turns on, here only to bring the upload near its size limit. ";
/** A variant's description may hold this much (TEXT_LIMITS.description). */
const PAD_DESCRIPTION = 500;
const size = (def: GameDefinition) => Buffer.byteLength(JSON.stringify(def));
const padding = (n: number) => PAD_TEXT.repeat(Math.ceil(n / PAD_TEXT.length)).slice(0, n);

/**
 * A copy of `base` under its own id, seated and ended as the plan says, filled with unused
 * variants (default off, descriptions of plain text within the text limits) up to `bytes`:
 * the largest upload the route takes, whose trial plays the base game. Variants are read
 * when a table turns them on, so the filling weighs on the upload's parsing and storage, not
 * on the trial's moves.
 */
export function paddedDefinition(base: GameDefinition, plan: PaddingPlan): GameDefinition {
  const def: GameDefinition = structuredClone(base);
  def.id = plan.id;
  def.name = `${base.name} (${plan.id})`;
  if (plan.players !== undefined) {
    def.minPlayers = plan.players;
    def.maxPlayers = Math.max(def.maxPlayers, plan.players);
  }
  if (plan.endValue !== undefined) def.defaultSettings = { ...def.defaultSettings, endValue: plan.endValue };
  if (size(def) > plan.bytes)
    throw new Error(`${plan.id} is ${size(def)} bytes before any padding, over ${plan.bytes}`);
  for (let n = 1; ; n++) {
    const variant = { id: `pad-${n}`, name: `Padding ${n}`, description: "", default: false };
    def.variants.push(variant);
    const room = plan.bytes - size(def);
    if (room < 0) {
      def.variants.pop();
      return def;
    }
    variant.description = padding(Math.min(PAD_DESCRIPTION, room));
    if (room <= PAD_DESCRIPTION) return def;
  }
}
