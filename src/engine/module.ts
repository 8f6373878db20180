import type { ZodType } from "zod";
import type { AnyRules } from "./rules";

/** What a game's wire protocol turns one raw client message into. */
export type ClientFrame =
  /** Take (or retake) a seat in a room. `credential` is the secret that proves the seat. */
  | { kind: "join"; roomId: string; credential?: string; name?: string; requestId?: string }
  | { kind: "intent"; intent: unknown; requestId?: string }
  | { kind: "leave"; requestId?: string }
  | { kind: "invalid"; code: string; message: string; requestId?: string };

/**
 * A game's protocol as the generic socket gateway needs it. The gateway never looks
 * inside intents or views: it only moves them.
 */
export interface WireAdapter {
  /** Parse one raw `message` event (already JSON). Must never throw. */
  parse(raw: unknown): ClientFrame;
  /** A join carried in the Socket.IO handshake (`auth`), for protocols without a join message. */
  handshake?(auth: unknown): ClientFrame | null;
  /** The protocol's error message. */
  error(code: string, message: string, requestId?: string): unknown;
  /** The protocol's acknowledgement of an accepted input, if it has one. */
  ack?(requestId: string): unknown;
  /** Sent to a newcomer who could not be seated but may watch (e.g. room full). */
  spectating?(roomId: string): unknown;
}

export interface GameModule {
  rules: AnyRules;
  /** Socket.IO namespace, e.g. "/trivia". */
  namespace: string;
  wire: WireAdapter;
  /** REST body for creating a room (POST /api/v1/<slug>/rooms), turned into rules options. */
  createRoom?: { slug: string; body: ZodType; toOptions(body: unknown): unknown };
  title: string;
  /** A join naming an unknown room creates it (Trivia Duel, RULINGS #9). */
  createOnJoin?: boolean;
}
