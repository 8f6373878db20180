import { z } from "zod";
import type { Attending } from "../../../src/engine/presence";
import type { SeatId } from "../../../src/engine/rules";

/** What a room is made with (the body of `POST /api/v1/race21/rooms`). */
export const RaceOptions = z
  .object({
    /** Where the race ends. */
    target: z.int().min(5).max(100).default(21),
    /** How long a turn lasts before the platform adds 1 for the player. */
    turnSeconds: z.number().positive().max(600).default(20),
    /** How long a dropped player's seat is kept before they are out. */
    graceSeconds: z.number().positive().max(3600).default(30),
  })
  .strict();
export type RaceOptions = z.infer<typeof RaceOptions>;

/** Every client intent (parsed once, at the door, by the host). */
export const RaceIntent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start") }).strict(),
  z.object({ type: z.literal("add"), n: z.union([z.literal(1), z.literal(2), z.literal(3)]) }).strict(),
]);
export type RaceIntent = z.infer<typeof RaceIntent>;

export interface Racer extends Attending {
  seat: SeatId;
  name: string;
}

export interface RaceState {
  options: RaceOptions;
  /** Room time scale (the engine's context scales every duration with it). */
  timeScale: number;
  phase: "lobby" | "racing" | "over";
  total: number;
  racers: Racer[];
  /** Index into `racers` of whose turn it is. */
  turn: number;
  turnEndsAt: number | null;
  winner: SeatId | null;
  /** The last addition, for the screen: who, how much, and whether the clock made it. */
  last: { seat: SeatId; n: number; timedOut: boolean } | null;
}

/** A deadline the state holds: the turn's end, or a dropped racer's grace. */
export type RaceDeadline = { kind: "turn"; at: number } | { kind: "grace"; at: number; index: number };
