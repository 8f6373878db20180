import { concerns } from "../errors";
import type { CardForm, FieldProblem } from "../form";

/** What every answer editor gets: the card, a way to change it, and the problems anchored to it. */
export interface AnswerProps {
  card: CardForm;
  onChange(patch: Partial<CardForm>): void;
  problems: FieldProblem[];
  /** A prefix for this card's element ids (labels, descriptions). */
  idBase: string;
}

/** The problems about `field` or anything inside it. */
export const problemsAt = (problems: FieldProblem[], field: string) => problems.filter((p) => concerns(p, field));

/** Whether an input shows as invalid: a problem names it or a field inside it. */
export const invalid = (problems: FieldProblem[], field: string) => problems.some((p) => concerns(p, field));
