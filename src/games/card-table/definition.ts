import { z } from "zod";
import { variantsNamed } from "./conditions";
import { upgradeLegacyDefinition } from "./legacy-definition";
import { GameSettings, type Settings } from "./settings";
import { checkVocabulary, everyEffect } from "./vocab/check";
import { ExprSchema, MoveRule, ResultRule, VarDef, type VocabEffect, vocabEffectSchemas } from "./vocab/schema";

/**
 * The document's `GameDefinition`, as data. Phases, transitions, timeouts and what
 * happens on entering a phase are all read from here, so a new game is a JSON file.
 *
 * Extensions to the document's interfaces (all optional, all documented in
 * README.md beside this file):
 * - roles: "turn" (whoever holds the turn), beside judge / submitters / all / lead;
 * - capacity: "unlimited", "pick" (the current prompt's pick) or "handSize";
 * - transition conditions "always" and "endCondition";
 * - phase `onEnter` and `afterAction` effect lists, `actionRoles` per action, and
 *   `timeout.setting` (a settings key holding the seconds, e.g. "submitTimeout");
 * - definition `endPhase` and `judging` (which slots and decks a judged round uses);
 * - the rules vocabulary (vocab/, docs/card-table/definitions.md): variables, named
 *   expressions, phase `moves`, expression transitions, its effects and the `result` rule.
 */

export const ActionType = z.enum([
  "draw",
  "play",
  "discard",
  "reveal",
  "hide",
  "shuffle",
  "roll",
  "selectWinner",
  "setPhase",
  "nextTurn",
  "score",
  "startGame",
  "pauseGame",
  "resumeGame",
  "endGame",
  "kickPlayer",
]);
export type ActionType = z.infer<typeof ActionType>;

export const Role = z.enum(["judge", "submitters", "all", "lead", "turn"]);
export type Role = z.infer<typeof Role>;

const Id = z.string().min(1).max(64);

export const Capacity = z.union([z.int().min(1).max(1000), z.enum(["unlimited", "pick", "handSize"])]);
export type Capacity = z.infer<typeof Capacity>;

export const SlotDefinition = z.object({
  id: Id,
  name: z.string().min(1),
  scope: z.enum(["global", "player"]),
  capacity: Capacity,
  ordered: z.boolean(),
  visibility: z.enum(["public", "owner", "judge", "hidden"]),
  allowedCardTypes: z.array(z.string().min(1)).optional(),
});
export type SlotDefinition = z.infer<typeof SlotDefinition>;

export const DieFace = z.object({
  value: z.union([z.number(), z.string()]),
  label: z.string().optional(),
  image: z.string().optional(),
});
export type DieFace = z.infer<typeof DieFace>;

export const DieDef = z.object({ id: Id, name: z.string().min(1), faces: z.array(DieFace).min(1).max(1000) });
export type DieDef = z.infer<typeof DieDef>;

export const VariantDefinition = z.object({
  id: Id,
  name: z.string().min(1),
  description: z.string(),
  default: z.boolean(),
  /** Variants sharing a group exclude each other (e.g. the three judge rules). */
  group: z.string().optional(),
});
export type VariantDefinition = z.infer<typeof VariantDefinition>;

export const TransitionCondition = z.discriminatedUnion("type", [
  z.object({ type: z.literal("allSubmitted") }),
  z.object({ type: z.literal("judgeSelected") }),
  z.object({ type: z.literal("timeout") }),
  z.object({ type: z.literal("action"), action: ActionType }),
  z.object({ type: z.literal("manual") }),
  z.object({ type: z.literal("always") }),
  z.object({ type: z.literal("endCondition") }),
  /** The vocabulary: an expression over the game's facts. */
  z.object({ type: z.literal("expr"), expr: ExprSchema }),
]);
export type TransitionCondition = z.infer<typeof TransitionCondition>;

export const PhaseTransition = z.object({ to: Id, condition: TransitionCondition, automatic: z.boolean() });
export type PhaseTransition = z.infer<typeof PhaseTransition>;

/** One variant id, or a list of them. */
const VariantIds = z.union([z.string(), z.array(z.string()).min(1).max(50)]);

/**
 * A condition on the table's active variants (conditions.ts): `variant` holds when every
 * variant it names is on, `notVariant` when none of those it names is; given both, both
 * must hold, and `{}` always holds. The engine reads variant ids only through these, so
 * what each variant does is the definition's to say (docs/games/card-table.md, Decisions D20).
 */
export const Condition = z.object({ variant: VariantIds.optional(), notVariant: VariantIds.optional() });
export type Condition = z.infer<typeof Condition>;

/** Only run an effect when its condition holds. */
const When = Condition.optional();

/** What the engine does on entering a phase or after an action: the engine's own effects. */
const engineEffects = [
  /** Back to a fresh lobby: scores, hands, decks, round and roles cleared. */
  z.object({ type: z.literal("reset"), when: When }),
  /** Merge the selected packs into the decks and shuffle each. */
  z.object({ type: z.literal("buildDecks"), when: When }),
  /** Every seated player draws from `deckId` up to `upTo` cards (default: the handSize setting). */
  z.object({ type: z.literal("deal"), deckId: Id, upTo: z.int().min(0).optional(), when: When }),
  /**
   * random: any active player; randomOther: any active player but the current judge; rotate:
   * the next active player in turn order; winner: the round's winner if a real player who is
   * active, otherwise as rotate. (Stored definitions' old rule "variant": legacy-definition.ts.)
   */
  z.object({
    type: z.literal("assignJudge"),
    rule: z.enum(["random", "randomOther", "rotate", "winner"]),
    when: When,
  }),
  z.object({ type: z.literal("assignTurn"), rule: z.enum(["random", "first", "next"]), when: When }),
  /** The game cannot go on if `deckId` holds fewer than `count` cards (draw pile and discard). */
  z.object({ type: z.literal("requireCards"), deckId: Id, count: z.int().min(1), when: When }),
  /** The game cannot go on if no submitter can answer the prompt. */
  z.object({ type: z.literal("requireAnswers"), when: When }),
  /** A virtual player (Rando) submits random cards from the answer deck. */
  z.object({ type: z.literal("randoSubmit"), when: When }),
  /** Shuffle the submissions into an anonymous order and expose them (per visibility). */
  z.object({ type: z.literal("anonymise"), when: When }),
  /** The round winner takes the prompt; wagers are settled. */
  z.object({ type: z.literal("award"), when: When }),
  /** Every card in these slots (global and per player) goes to its deck's discard pile. */
  z.object({ type: z.literal("discardSlots"), slots: z.array(Id).min(1), when: When }),
  z.object({ type: z.literal("nextRound"), when: When }),
  /** The acting player scores the die's current face value. */
  z.object({ type: z.literal("scoreDie"), dieId: Id, when: When }),
  z.object({ type: z.literal("endGame"), when: When }),
] as const;

/** Every effect: the engine's own, and the vocabulary's (whose `if` and `forEachPlayer` hold effects). */
export type Effect = z.infer<(typeof engineEffects)[number]> | VocabEffect<z.infer<typeof When>>;
export const Effect: z.ZodType<Effect> = z.lazy(() =>
  z.discriminatedUnion("type", [...engineEffects, ...vocabEffectSchemas(Effect, When)]),
);

export const PhaseDefinition = z.object({
  id: Id,
  name: z.string().min(1),
  activeRoles: z.array(Role),
  allowedActions: z.array(ActionType),
  /** Per-action role override; an action not listed uses `activeRoles`. */
  actionRoles: z.partialRecord(ActionType, z.array(Role)).optional(),
  transitions: z.array(PhaseTransition),
  timeout: z
    .object({
      seconds: z.number().positive().optional(),
      /** A settings key holding the seconds; no value there means no timeout. */
      setting: z.enum(["submitTimeout", "judgeTimeout", "turnTimeout"]).optional(),
      action: z.enum(["auto-transition", "skip-inactive", "pause"]),
    })
    .optional(),
  onEnter: z.array(Effect).optional(),
  afterAction: z.partialRecord(ActionType, z.array(Effect)).optional(),
  /** The vocabulary: what each allowed action means here (zones, legality, choices). */
  moves: z.partialRecord(ActionType, MoveRule).optional(),
  /** What a screen calls an action here ("Stand", "Bid", "Deal again"); the engine never reads it. */
  labels: z.partialRecord(ActionType, z.string().trim().min(1).max(40)).optional(),
});
export type PhaseDefinition = z.infer<typeof PhaseDefinition>;

/** Which slots and decks a judged round (CAH-style) uses. */
export const JudgingConfig = z.object({
  promptDeck: Id,
  answerDeck: Id,
  promptSlot: Id,
  submissionSlot: Id,
  scoreSlot: Id,
  /** A second submission paid for with one won prompt card, held in `potSlot` (Decisions D2). */
  wagerSlot: Id.optional(),
  potSlot: Id.optional(),
  /** When the wager slot is open; without it, never. */
  wagerWhen: Condition.optional(),
  /**
   * When the table votes instead of being judged (Decisions D16): nobody holds the judge role
   * (assignJudge names nobody) and each player's selectWinner is a vote. Without it, never.
   */
  votingWhen: Condition.optional(),
});
export type JudgingConfig = z.infer<typeof JudgingConfig>;

const DefinitionShape = z
  .object({
    id: Id,
    name: z.string().min(1),
    description: z.string(),
    minPlayers: z.int().min(1).max(100),
    maxPlayers: z.int().min(1).max(100),
    decks: z.record(Id, z.object({ displayName: z.string().min(1), cardType: z.string().min(1) })),
    slots: z.array(SlotDefinition),
    dice: z.array(DieDef).optional(),
    defaultSettings: GameSettings,
    variants: z.array(VariantDefinition),
    phases: z.array(PhaseDefinition).min(1),
    initialPhase: Id,
    /** Where endGame, "last player standing" and card exhaustion go. */
    endPhase: Id,
    judging: JudgingConfig.optional(),
    /** The vocabulary: variables kept for the table or each player. */
    vars: z.record(Id, VarDef).optional(),
    /** The vocabulary: expressions named once and used by `{"ref": name}`. */
    named: z.record(Id, ExprSchema).optional(),
    /** The vocabulary: how the final standings are ranked (without it, a unique top scorer with points wins). */
    result: ResultRule.optional(),
    /**
     * Which web screen plays it: "judged" (CAH's prompt, answers and judge), "sandbox" (the
     * free table), or "table" (any definition, from its zones, dice and legal actions).
     * Without it: "judged" when the definition has `judging`, else "table".
     */
    screen: z.enum(["judged", "sandbox", "table"]).optional(),
  })
  .superRefine((d, ctx) => {
    const issue = (message: string, path: (string | number)[] = []) => ctx.addIssue({ code: "custom", message, path });
    const phases = new Set(d.phases.map((p) => p.id));
    const slots = new Map(d.slots.map((s) => [s.id, s]));
    const dice = new Set((d.dice ?? []).map((x) => x.id));
    const variants = new Set(d.variants.map((v) => v.id));
    if (phases.size !== d.phases.length) issue("phase ids must be unique", ["phases"]);
    if (slots.size !== d.slots.length) issue("slot ids must be unique", ["slots"]);
    if (!phases.has(d.initialPhase)) issue(`initialPhase ${d.initialPhase} is not a phase`, ["initialPhase"]);
    if (!phases.has(d.endPhase)) issue(`endPhase ${d.endPhase} is not a phase`, ["endPhase"]);
    if (d.minPlayers > d.maxPlayers) issue("minPlayers exceeds maxPlayers", ["minPlayers"]);
    const types = Object.values(d.decks).map((x) => x.cardType);
    if (new Set(types).size !== types.length) issue("each deck deals its own card type", ["decks"]);
    if (!slots.has("hand")) issue('a definition needs a player "hand" slot', ["slots"]);
    else if (slots.get("hand")?.scope !== "player") issue("the hand slot has player scope", ["slots"]);
    for (const v of d.defaultSettings.activeVariants)
      if (!variants.has(v)) issue(`unknown variant ${v}`, ["defaultSettings", "activeVariants"]);
    const checkEffect = (e: Effect, path: (string | number)[]) => {
      if ((e.type === "deal" || e.type === "requireCards") && !(e.deckId in d.decks))
        issue(`unknown deck ${e.deckId}`, path);
      if (e.type === "discardSlots") for (const s of e.slots) if (!slots.has(s)) issue(`unknown slot ${s}`, path);
      if (e.type === "scoreDie" && !dice.has(e.dieId)) issue(`unknown die ${e.dieId}`, path);
      const needsJudging = ["randoSubmit", "anonymise", "award", "requireAnswers"];
      if (needsJudging.includes(e.type) && !d.judging) issue(`${e.type} needs a judging block`, path);
    };
    d.phases.forEach((p, i) => {
      for (const t of p.transitions) if (!phases.has(t.to)) issue(`transition to unknown phase ${t.to}`, ["phases", i]);
    });
    everyEffect(d, checkEffect);
    checkVocabulary(d, issue);
    if (d.judging) {
      const j = d.judging;
      for (const deck of [j.promptDeck, j.answerDeck])
        if (!(deck in d.decks)) issue(`unknown deck ${deck}`, ["judging"]);
      for (const slot of [j.promptSlot, j.submissionSlot, j.scoreSlot, j.wagerSlot, j.potSlot])
        if (slot !== undefined && !slots.has(slot)) issue(`unknown slot ${slot}`, ["judging"]);
      if (slots.get(j.promptSlot)?.scope !== "global") issue("the prompt slot has global scope", ["judging"]);
      for (const slot of [j.submissionSlot, j.scoreSlot, j.wagerSlot])
        if (slot !== undefined && slots.get(slot)?.scope !== "player") issue(`${slot} has player scope`, ["judging"]);
      if ((j.wagerSlot === undefined) !== (j.potSlot === undefined))
        issue("wagerSlot and potSlot go together", ["judging"]);
      if (j.wagerWhen && j.wagerSlot === undefined) issue("wagerWhen needs a wagerSlot", ["judging", "wagerWhen"]);
      for (const key of ["wagerWhen", "votingWhen"] as const)
        for (const v of variantsNamed(j[key])) if (!variants.has(v)) issue(`unknown variant ${v}`, ["judging", key]);
    }
  });

/**
 * A definition, as uploaded, stored or shipped. Definitions stored before the engine stopped
 * naming variant ids are read into today's explicit form first (legacy-definition.ts), so
 * they keep playing as they did.
 */
export const GameDefinition = z.preprocess(upgradeLegacyDefinition, DefinitionShape);
export type GameDefinition = z.infer<typeof DefinitionShape>;

export function phaseOf(def: GameDefinition, id: string): PhaseDefinition {
  const p = def.phases.find((x) => x.id === id);
  if (!p) throw new Error(`card-table: unknown phase ${id}`);
  return p;
}

export function slotOf(def: GameDefinition, id: string): SlotDefinition | undefined {
  return def.slots.find((s) => s.id === id);
}

/** A phase's timeout in seconds, if it has one (a `setting` timeout is off while the setting is unset). */
export function timeoutSeconds(settings: Settings, p: PhaseDefinition): number | null {
  if (!p.timeout) return null;
  if (p.timeout.setting) return settings[p.timeout.setting] ?? null;
  return p.timeout.seconds ?? null;
}
