import { z } from "zod";
import type { From } from "../engine/rules";

/** A room as the log's catalogue keeps it: enough to rebuild it by replay. */
export interface RoomRow {
  uid: string;
  code: string;
  game: string;
  options: unknown;
  seed: string;
  timeScale: number;
  createdAt: number;
}

/** One logged input or timer of a room, in sequence. */
export interface InputRow {
  seq: number;
  at: number;
  kind: "act" | "tick";
  actor: From | null;
  intent: unknown;
  meta: unknown;
}

export interface JournalEntry {
  roomUid: string;
  row: InputRow;
}

/** What a journal line must hold to be copied into the database; anything else is set aside. */
export const JournalEntrySchema = z.object({
  roomUid: z.string().min(1).max(100),
  row: z.object({
    seq: z.int().positive(),
    at: z.number().finite(),
    kind: z.enum(["act", "tick"]),
    actor: z.string().max(100).nullable(),
    intent: z.unknown(),
    meta: z.unknown(),
  }),
});
