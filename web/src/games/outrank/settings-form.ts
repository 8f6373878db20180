import type { EndCondition, Settings, SettingsPatch, TargetEnds } from "./wire";

/** The settings a lead chooses, as the inputs hold them; `toPatch` turns them into the server's patch. */
export interface SettingsForm {
  endCondition: EndCondition;
  targetPoints: number;
  /** With a score target: the game ends the moment someone reaches it, or when that round ends. */
  targetEnds: TargetEnds;
  roundLimit: number;
  timeLimitMinutes: number;
  handLimit: number;
  /** Seconds, or null for no turn timer. */
  turnSeconds: number | null;
  firstGuesser: "random" | "youngest";
}

export const LIMITS = {
  targetPoints: { min: 3, max: 200 },
  roundLimit: { min: 1, max: 50 },
  timeLimitMinutes: { min: 1, max: 240 },
  handLimit: { min: 3, max: 20 },
} as const;

/** Turn timer choices, in seconds (null: off, the default). */
export const TURN_TIMERS: (number | null)[] = [null, 20, 30, 45, 60, 90, 120];

export const DEFAULT_FORM: SettingsForm = {
  endCondition: "points",
  targetPoints: 20,
  targetEnds: "atOnce",
  roundLimit: 8,
  timeLimitMinutes: 30,
  handLimit: 8,
  turnSeconds: null,
  firstGuesser: "random",
};

export function formFromSettings(s: Settings): SettingsForm {
  return {
    endCondition: s.endCondition,
    targetPoints: s.targetPoints,
    targetEnds: s.targetEnds,
    roundLimit: s.roundLimit,
    timeLimitMinutes: s.timeLimitMinutes,
    handLimit: s.handLimit,
    turnSeconds: s.turnSeconds,
    firstGuesser: s.firstGuesser,
  };
}

const within = (n: number, r: { min: number; max: number }) => Number.isInteger(n) && n >= r.min && n <= r.max;

/** What is wrong with the form, in words, or null when it can be sent. */
export function formProblem(f: SettingsForm): string | null {
  if (f.endCondition === "points" && !within(f.targetPoints, LIMITS.targetPoints))
    return `Points to win is a whole number from ${LIMITS.targetPoints.min} to ${LIMITS.targetPoints.max}.`;
  if (f.endCondition === "rounds" && !within(f.roundLimit, LIMITS.roundLimit))
    return `The number of rounds is from ${LIMITS.roundLimit.min} to ${LIMITS.roundLimit.max}.`;
  if (f.endCondition === "time" && !within(f.timeLimitMinutes, LIMITS.timeLimitMinutes))
    return `The time limit is ${LIMITS.timeLimitMinutes.min} to ${LIMITS.timeLimitMinutes.max} minutes.`;
  if (!within(f.handLimit, LIMITS.handLimit))
    return `The hand limit is ${LIMITS.handLimit.min} to ${LIMITS.handLimit.max} tokens.`;
  return null;
}

/** The patch for `POST …/rooms` and `configure`: only the end condition's own number goes along. */
export function toPatch(f: SettingsForm): SettingsPatch {
  const patch: SettingsPatch = {
    endCondition: f.endCondition,
    handLimit: f.handLimit,
    turnSeconds: f.turnSeconds,
    firstGuesser: f.firstGuesser,
  };
  if (f.endCondition === "points") {
    patch.targetPoints = f.targetPoints;
    patch.targetEnds = f.targetEnds;
  }
  if (f.endCondition === "rounds") patch.roundLimit = f.roundLimit;
  if (f.endCondition === "time") patch.timeLimitMinutes = f.timeLimitMinutes;
  return patch;
}
