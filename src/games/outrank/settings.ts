import { z } from "zod";

/** Seconds, as every duration setting is (each is multiplied by the room's time scale). */
const Seconds = z.number().positive().max(86_400);

/**
 * How the game ends (docs/games/outrank.md, Decisions D13); whatever is chosen, it also ends
 * when no category can refill.
 */
export const EndCondition = z.enum(["points", "rounds", "depletion", "time"]);
export type EndCondition = z.infer<typeof EndCondition>;

/**
 * When a score target ends the game: `atOnce`, the moment a player reaches it (the first
 * there wins), or `roundEnd`, when the round in which someone reached it ends (the highest
 * score then wins). docs/games/outrank.md, Decisions D13, says why `atOnce` is the default.
 */
export const TargetEnds = z.enum(["atOnce", "roundEnd"]);
export type TargetEnds = z.infer<typeof TargetEnds>;

const fields = {
  handLimit: z.int().min(2).max(30),
  /** Points for a set of 2, 3 and 4 tokens. */
  setPoints: z.tuple([z.int().min(0).max(100), z.int().min(0).max(100), z.int().min(0).max(100)]),
  endCondition: EndCondition,
  targetPoints: z.int().min(1).max(1_000),
  targetEnds: TargetEnds,
  roundLimit: z.int().min(1).max(200),
  timeLimitMinutes: z
    .number()
    .positive()
    .max(24 * 60),
  firstGuesser: z.enum(["random", "youngest"]),
  youngest: z.string().min(1).max(40),
  turnSeconds: Seconds,
  graceSeconds: Seconds,
  roundEndSeconds: z.number().min(0).max(600),
};

/**
 * The room's settings. The document's hand limit (8) and set values (2/5/8), the end
 * condition (default: first to 20 points, the game ending the moment someone has them), who
 * guesses first (docs/games/outrank.md, Decisions D2), and the platform's timers: an
 * optional turn timer (off), the grace a disconnected player gets before their turns are
 * passed, and how long the round's result is shown before the next challenge.
 */
export const Settings = z.object({
  handLimit: fields.handLimit.default(8),
  setPoints: fields.setPoints.default([2, 5, 8]),
  endCondition: fields.endCondition.default("points"),
  targetPoints: fields.targetPoints.default(20),
  targetEnds: fields.targetEnds.default("atOnce"),
  roundLimit: fields.roundLimit.default(8),
  timeLimitMinutes: fields.timeLimitMinutes.default(30),
  firstGuesser: fields.firstGuesser.default("random"),
  /** With `firstGuesser: "youngest"`: the player id the table named as youngest. */
  youngest: fields.youngest.nullable().default(null),
  /** Off (null) by default; a timeout counts as a pass. */
  turnSeconds: fields.turnSeconds.nullable().default(null),
  graceSeconds: fields.graceSeconds.default(30),
  /** The round's result shows this long at most; it goes as soon as every player is ready. */
  roundEndSeconds: fields.roundEndSeconds.default(20),
});
export type Settings = z.infer<typeof Settings>;

/** What a room or the lead may change: any subset; `null` turns an optional setting off. */
export const SettingsPatch = z
  .object({
    handLimit: fields.handLimit,
    setPoints: fields.setPoints,
    endCondition: fields.endCondition,
    targetPoints: fields.targetPoints,
    targetEnds: fields.targetEnds,
    roundLimit: fields.roundLimit,
    timeLimitMinutes: fields.timeLimitMinutes,
    firstGuesser: fields.firstGuesser,
    youngest: fields.youngest.nullable(),
    turnSeconds: fields.turnSeconds.nullable(),
    graceSeconds: fields.graceSeconds,
    roundEndSeconds: fields.roundEndSeconds,
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const DEFAULT_SETTINGS: Settings = Object.freeze(Settings.parse({})) as Settings;

/** A new settings object (settings are replaced whole, never edited, so states may share them). */
export function applyPatch(base: Settings, patch: SettingsPatch): Settings {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) out[k] = v;
  return Object.freeze(Settings.parse(out)) as Settings;
}

/** Points for cashing a set of `size` tokens (2–4); 0 outside that range. */
export function setValue(settings: Settings, size: number): number {
  return size >= 2 && size <= 4 ? (settings.setPoints[size - 2] ?? 0) : 0;
}
