import { variantsOf } from "./summary";
import type { EndCondition, Settings, VariantDef } from "./wire";

/** The create-a-table form as the inputs hold it; `toSettings` turns it into the room's settings. */
export interface SettingsForm {
  handSize: number;
  endCondition: EndCondition;
  endValue: number;
  /** Seconds, or null for no time limit. */
  submitTimeout: number | null;
  judgeTimeout: number | null;
  packIds: string[];
  /**
   * The one variant chosen in each of the definition's variant groups, by group (CAH's
   * "judge" group: who judges). Variants of a group exclude each other.
   */
  picks: Record<string, string>;
  /** Variants outside any group that are switched on (CAH's: Rando, gambling). */
  extras: string[];
  revealToAll: boolean;
  /** Blank answer cards in the deck (0: none). */
  blankCards: number;
  /** What a written card may not say, as typed: words separated by commas. */
  blockedWords: string;
}

export const LIMITS = {
  handSize: { min: 3, max: 20 },
  points: { min: 1, max: 50 },
  rounds: { min: 1, max: 200 },
  timeout: { min: 10, max: 600 },
  blankCards: { min: 0, max: 50 },
} as const;

/** CAH's variants, for when the server's definitions list cannot be fetched. */
export const CAH_VARIANTS: VariantDef[] = [
  {
    id: "judgeRotate",
    name: "Rotating judge",
    description: "The judge passes clockwise each round.",
    default: true,
    group: "judge",
  },
  {
    id: "judgeWinner",
    name: "Winner judges",
    description: "The round's winner becomes the next judge.",
    default: false,
    group: "judge",
  },
  {
    id: "judgeRandom",
    name: "Random judge",
    description: "A random player judges each round.",
    default: false,
    group: "judge",
  },
  {
    id: "voting",
    name: "Everyone votes",
    description:
      "No judge: everyone answers, then everyone votes for the best answer that is not their own. The answers with the most votes score 3, 2 and 1 points.",
    default: false,
    group: "judge",
  },
  {
    id: "rando",
    name: "Rando Cardrissian",
    description: "Each round a random answer from the deck is played for a virtual player, who can win.",
    default: false,
  },
  {
    id: "gambling",
    name: "Gambling",
    description:
      "Wager one point to play a second answer; keep it if either answer wins, otherwise it goes to the round's winner.",
    default: false,
  },
];

/**
 * The form for `defaults`, with the definition's `variants`: in each group the variant that
 * is on, else the group's default, else its first; the ungrouped ones that are on.
 */
export function formFromDefaults(defaults: Partial<Settings> | undefined, variants: VariantDef[]): SettingsForm {
  const active = defaults?.activeVariants ?? variants.filter((v) => v.default).map((v) => v.id);
  const picks: Record<string, string> = {};
  for (const { group, variants: members } of variantsOf({ variants }).groups) {
    const pick = members.find((v) => active.includes(v.id)) ?? members.find((v) => v.default) ?? members[0];
    if (pick) picks[group] = pick.id;
  }
  return {
    handSize: defaults?.handSize ?? 7,
    endCondition: defaults?.endCondition ?? "points",
    endValue: defaults?.endValue ?? 7,
    submitTimeout: defaults?.submitTimeout ?? null,
    judgeTimeout: defaults?.judgeTimeout ?? null,
    packIds: defaults?.packIds ?? ["base"],
    picks,
    extras: variants.filter((v) => !v.group && active.includes(v.id)).map((v) => v.id),
    revealToAll: defaults?.revealToAll ?? true,
    blankCards: defaults?.blankCards ?? 0,
    blockedWords: (defaults?.blockedWords ?? []).join(", "),
  };
}

/** The blocked words as the server takes them: trimmed, no empties, no repeats. */
export function blockedList(text: string): string[] {
  return [...new Set(text.split(",").map((w) => w.trim().toLowerCase()))].filter((w) => w.length > 0);
}

/** What is wrong with the form, in words, or null when it can be sent. */
export function formProblem(f: SettingsForm): string | null {
  const within = (n: number, r: { min: number; max: number }) => Number.isInteger(n) && n >= r.min && n <= r.max;
  if (!within(f.handSize, LIMITS.handSize))
    return `Hand size is a whole number from ${LIMITS.handSize.min} to ${LIMITS.handSize.max}.`;
  if (f.endCondition !== "none") {
    const r = LIMITS[f.endCondition];
    if (!within(f.endValue, r))
      return `The ${f.endCondition === "points" ? "points to win" : "number of rounds"} is from ${r.min} to ${r.max}.`;
  }
  for (const [t, label] of [
    [f.submitTimeout, "answer"],
    [f.judgeTimeout, "judge"],
  ] as const)
    if (t !== null && !within(t, LIMITS.timeout))
      return `The ${label} time limit is ${LIMITS.timeout.min} to ${LIMITS.timeout.max} seconds.`;
  if (!within(f.blankCards, LIMITS.blankCards))
    return `Blank cards: a whole number from ${LIMITS.blankCards.min} to ${LIMITS.blankCards.max}.`;
  const words = blockedList(f.blockedWords);
  if (words.length > 100 || words.some((w) => w.length > 40))
    return "Block at most 100 words, each at most 40 letters.";
  if (f.packIds.length === 0) return "Choose at least one card pack.";
  return null;
}

/** A `configure` patch: like toSettings, but a limit switched off is cleared with null. */
export function toPatch(f: SettingsForm): Record<string, unknown> {
  return {
    ...toSettings(f),
    endValue: f.endCondition === "none" ? null : f.endValue,
    submitTimeout: f.submitTimeout,
    judgeTimeout: f.judgeTimeout,
  };
}

/** The settings patch the server takes (room options `settings`). */
export function toSettings(f: SettingsForm): Partial<Settings> {
  const out: Partial<Settings> = {
    handSize: f.handSize,
    endCondition: f.endCondition,
    packIds: [...f.packIds],
    activeVariants: [...Object.values(f.picks), ...f.extras],
    revealToAll: f.revealToAll,
    blankCards: f.blankCards,
    blockedWords: blockedList(f.blockedWords),
  };
  if (f.endCondition !== "none") out.endValue = f.endValue;
  if (f.submitTimeout !== null) out.submitTimeout = f.submitTimeout;
  if (f.judgeTimeout !== null) out.judgeTimeout = f.judgeTimeout;
  return out;
}
