import { z } from "zod";
import type { Effect } from "../definition";
import type { Expr, Json } from "./engine";
import { exprProblem } from "./expr-check";

/**
 * The rules vocabulary's parts of a definition (docs/card-table/definitions.md): variables,
 * named expressions, the moves a phase allows, the effects that change the table, and how
 * the game is ranked at its end. definition.ts assembles them with the document's
 * interfaces; this file only describes them.
 */

const Id = z.string().min(1).max(64);

/** A JSON Logic expression (checked by exprProblem: known operators, bounded size). */
export const ExprSchema = z
  .custom<Expr>((v) => v !== undefined, { message: "an expression is required" })
  .superRefine((v, ctx) => {
    const bad = exprProblem(v);
    if (bad) ctx.addIssue({ code: "custom", message: bad });
  });

const Scalar = z.union([z.number(), z.string().max(200), z.boolean(), z.null()]);

/** A variable the game keeps: one for the table, or one per player. */
export const VarDef = z
  .object({
    scope: z.enum(["global", "player"]),
    initial: Scalar.default(0),
    /**
     * Who sees it in views: everyone, (player scope) only its player, or nobody ("hidden": the
     * rules' own bookkeeping, such as a count of passes, which no screen should show players).
     */
    visibility: z.enum(["public", "owner", "hidden"]).default("public"),
  })
  .strict();
export type VarDef = z.infer<typeof VarDef>;

const OneOrMore = z.union([Id, z.array(Id).min(1).max(20)]);
export type OneOrMore = z.infer<typeof OneOrMore>;

export function idsOf(v: OneOrMore | undefined): string[] | undefined {
  return v === undefined ? undefined : Array.isArray(v) ? v : [v];
}

/**
 * A free value a move carries (`choice` on the action): one of `choices`, or a number in
 * `range`. `if` says when the move needs one (by default: always).
 */
export const ChoiceRule = z
  .object({
    if: ExprSchema.optional(),
    choices: ExprSchema.optional(),
    range: z.object({ min: ExprSchema, max: ExprSchema }).strict().optional(),
  })
  .strict()
  .refine((c) => (c.choices === undefined) !== (c.range === undefined), {
    message: "a choice offers either choices or a range",
  });
export type ChoiceRule = z.infer<typeof ChoiceRule>;

/**
 * What one action type means in a phase: which zones, decks or dice it may name, who may
 * make it beyond the phase's roles, when a concrete action is legal, and the choice it
 * carries. An action the phase allows without a move rule keeps the engine's own checks.
 */
export const MoveRule = z
  .object({
    /** A further test of the seat (`me`), after the phase's roles. */
    who: ExprSchema.optional(),
    /** play, discard: where the card comes from ("hand" or slot ids). */
    from: OneOrMore.optional(),
    /** play: the slots it may go to; draw: the zones drawn into. */
    to: OneOrMore.optional(),
    /** draw, shuffle: the decks. */
    deck: OneOrMore.optional(),
    /** roll: the dice. */
    die: OneOrMore.optional(),
    /** draw: how many cards one action draws (the only count allowed). */
    count: z.int().min(1).max(100).optional(),
    /** The concrete action is legal when this holds (it sees `card`, `action` and `choice`). */
    if: ExprSchema.optional(),
    choice: ChoiceRule.optional(),
  })
  .strict();
export type MoveRule = z.infer<typeof MoveRule>;

/** How the final standings are read: who ranks first, and what a tie for first means. */
export const ResultRule = z
  .object({
    rank: z.enum(["highest", "lowest"]).default("highest"),
    /** shared: every player tied for first wins; none: a tie for first has no winner. */
    ties: z.enum(["shared", "none"]).default("none"),
  })
  .strict();
export type ResultRule = z.infer<typeof ResultRule>;

/** Where `move` takes cards from or puts them: a player's "hand", a slot id, "deck:<id>" or "discard:<id>". */
const ZoneRef = z.string().min(1).max(80);

/** The effects the vocabulary adds; `do` and `else` hold any effect, these or the engine's. */
export type VocabEffect<When = unknown> =
  | { type: "set"; var: string; value: Expr; player?: Expr; when?: When }
  | { type: "addScore"; amount: Expr; player?: Expr; when?: When }
  | { type: "if"; cond: Expr; do: Effect[]; else?: Effect[]; when?: When }
  | { type: "forEachPlayer"; do: Effect[]; except?: Expr; when?: When }
  | {
      type: "move";
      from: string;
      to: string;
      count?: Expr;
      take?: "top" | "bottom";
      player?: Expr;
      shuffle?: boolean;
      when?: When;
    }
  | { type: "gather"; when?: When }
  | { type: "startTurns"; rule: "first" | "random" | "nextStarter" | "seat"; seat?: Expr; when?: When }
  | { type: "passTurn"; when?: When }
  | { type: "goto"; phase: string; when?: When };

export const VOCAB_EFFECTS = [
  "set",
  "addScore",
  "if",
  "forEachPlayer",
  "move",
  "gather",
  "startTurns",
  "passTurn",
  "goto",
] as const;

/**
 * The schemas of the vocabulary's effects, given the schema of any effect (their nested
 * lists) and the engine's `when` (variant conditions); definition.ts calls this lazily,
 * inside its own Effect union.
 */
export function vocabEffectSchemas<W>(effect: z.ZodType<Effect>, when: z.ZodType<W>) {
  const effects = z.array(effect).max(100);
  return [
    z.object({ type: z.literal("set"), var: Id, value: ExprSchema, player: ExprSchema.optional(), when }),
    z.object({ type: z.literal("addScore"), amount: ExprSchema, player: ExprSchema.optional(), when }),
    z.object({ type: z.literal("if"), cond: ExprSchema, do: effects, else: effects.optional(), when }),
    z.object({ type: z.literal("forEachPlayer"), do: effects, except: ExprSchema.optional(), when }),
    z.object({
      type: z.literal("move"),
      from: ZoneRef,
      to: ZoneRef,
      count: ExprSchema.optional(),
      take: z.enum(["top", "bottom"]).optional(),
      player: ExprSchema.optional(),
      shuffle: z.boolean().optional(),
      when,
    }),
    z.object({ type: z.literal("gather"), when }),
    z
      .object({
        type: z.literal("startTurns"),
        rule: z.enum(["first", "random", "nextStarter", "seat"]),
        // With rule "seat": the seat that starts (a trick's winner leads the next).
        seat: ExprSchema.optional(),
        when,
      })
      .refine((e) => (e.rule === "seat") === (e.seat !== undefined), {
        message: 'startTurns names a "seat" exactly when its rule is "seat"',
      }),
    z.object({ type: z.literal("passTurn"), when }),
    z.object({ type: z.literal("goto"), phase: Id, when }),
  ] as const;
}

export type { Expr, Json };
