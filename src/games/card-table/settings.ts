import { z } from "zod";
import { renameKeys, withOldNames } from "../../engine/renamed-keys";

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
  graceSeconds: Seconds,
  onExhausted: z.enum(["end", "pause"]),
  blankCards: z.int().min(0).max(50),
  blockedWords: z.array(z.string().trim().min(1).max(40)).max(100),
};

/**
 * The engine's one grace window is `graceSeconds`; Card Table's clients and definitions have
 * always called it `disconnectGraceSeconds`, which is still taken, and still what they are sent.
 */
const OLD_NAMES = { disconnectGraceSeconds: "graceSeconds" } as const;
const WIRE_NAMES = { graceSeconds: "disconnectGraceSeconds" } as const;

/**
 * The document's `GameSettings`, plus the engine's own knobs (all defaulted):
 * grace periods from the Edge Cases section, whether everyone or only the judge sees
 * the anonymous submissions ("expose to judge, and optionally all"), and what card
 * exhaustion does ("end or pause").
 */
export const Settings = withOldNames(
  OLD_NAMES,
  z.object({
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
    graceSeconds: fields.graceSeconds.default(300),
    onExhausted: fields.onExhausted.default("end"),
    /** Blank answer cards shuffled into a judged game's answer deck (write-ins.ts). */
    blankCards: fields.blankCards.default(0),
    /** Words a write-in may not hold, the table's own denylist (write-ins.ts). */
    blockedWords: fields.blockedWords.default([]),
  }),
);
export type Settings = z.infer<typeof Settings>;

/** The settings as clients see them (and definitions state them): the grace window under its old name. */
export const GameSettings = Settings.transform(wireSettings);
export type GameSettings = z.infer<typeof GameSettings>;

export function wireSettings(s: Settings): Omit<Settings, "graceSeconds"> & { disconnectGraceSeconds: number } {
  return renameKeys(s, WIRE_NAMES) as Omit<Settings, "graceSeconds"> & { disconnectGraceSeconds: number };
}

/**
 * What a room or the lead may change: any subset over the definition's defaults.
 * `null` clears an optional field (e.g. turns a timeout off).
 */
export const SettingsPatch = withOldNames(
  OLD_NAMES,
  z
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
      graceSeconds: fields.graceSeconds,
      onExhausted: fields.onExhausted,
      blankCards: fields.blankCards,
      blockedWords: fields.blockedWords,
    })
    .partial()
    .strict(),
);
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** Apply a patch to settings (or to a definition's defaults, as it states them); `null` removes an optional field. */
export function applyPatch(base: Settings | GameSettings, patch: SettingsPatch): Settings {
  // Either may use an old name: a definition states its defaults so, and a logged patch may too.
  const out = renameKeys(base, OLD_NAMES) as Record<string, unknown>;
  for (const [k, v] of Object.entries(renameKeys(patch, OLD_NAMES) as SettingsPatch)) {
    if (v === undefined) continue;
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return Settings.parse(out);
}
