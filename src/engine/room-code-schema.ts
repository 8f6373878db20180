import { z } from "zod";
import { ROOM_CODE_PATTERN } from "./room-code";

/** A room code on the wire: trimmed, checked, upper-cased. */
export const RoomCode = z
  .string()
  .trim()
  .regex(ROOM_CODE_PATTERN, "room codes are 3-32 letters, digits, - or _")
  .transform((s) => s.toUpperCase());
