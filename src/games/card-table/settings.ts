import { z } from "zod";

const Seconds = z.number().positive().max(86_400);

/** Every settings field without defaults, so a patch never silently resets what it omits. */
const fields = {
  handSize: z.int().min(0).max(50),
  endCondition: z.enum(["none", "points", "rounds"]),
  endValue: z.int().min(1).max(10_000),
  submitTimeout: Seconds,
  judgeTimeout: Seconds,
  turnTimeout: Seconds,
  packIds: z.array(z.string().min(1)).max(200),
  activeVariants: z.array(z.string().min(1)).max(50),
  revealToAll: z.boolean(),
  judgeGraceSeconds: Seconds,
  leadGraceSeconds: Seconds,
  disconnectGraceSeconds: Seconds,
  onExhausted: z.enum(["end", "pause"]),
};

/**
 * The document's `GameSettings`, plus the engine's own knobs (all defaulted):
 * grace periods from the Edge Cases section, whether everyone or only the judge sees
 * the anonymous submissions ("expose to judge, and optionally all"), and what card
 * exhaustion does ("end or pause").
 */
export const GameSettings = z.object({
  handSize: fields.handSize,
  endCondition: fields.endCondition,
  endValue: fields.endValue.optional(),
  submitTimeout: fields.submitTimeout.optional(),
  judgeTimeout: fields.judgeTimeout.optional(),
  turnTimeout: fields.turnTimeout.optional(),
  packIds: fields.packIds,
  activeVariants: fields.activeVariants,
  revealToAll: fields.revealToAll.default(true),
  judgeGraceSeconds: fields.judgeGraceSeconds.default(30),
  leadGraceSeconds: fields.leadGraceSeconds.default(60),
  /** A disconnected player not back within this is treated as having left. */
  disconnectGraceSeconds: fields.disconnectGraceSeconds.default(300),
  onExhausted: fields.onExhausted.default("end"),
});
export type GameSettings = z.infer<typeof GameSettings>;

/**
 * What a room or the lead may change: any subset over the definition's defaults.
 * `null` clears an optional field (e.g. turns a timeout off).
 */
export const SettingsPatch = z
  .object({
    handSize: fields.handSize,
    endCondition: fields.endCondition,
    endValue: fields.endValue.nullable(),
    submitTimeout: fields.submitTimeout.nullable(),
    judgeTimeout: fields.judgeTimeout.nullable(),
    turnTimeout: fields.turnTimeout.nullable(),
    packIds: fields.packIds,
    activeVariants: fields.activeVariants,
    revealToAll: fields.revealToAll,
    judgeGraceSeconds: fields.judgeGraceSeconds,
    leadGraceSeconds: fields.leadGraceSeconds,
    disconnectGraceSeconds: fields.disconnectGraceSeconds,
    onExhausted: fields.onExhausted,
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** Apply a patch; `null` removes an optional field. */
export function applyPatch(base: GameSettings, patch: SettingsPatch): GameSettings {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return GameSettings.parse(out);
}
