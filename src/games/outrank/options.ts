import { z } from "zod";
import { SettingsPatch } from "./settings";

/**
 * Room options: settings over the defaults, and how the room is played. `online`: every
 * player on their own device, one platform seat each. `table` (hot-seat): one device holds
 * the room's only seat and plays for everyone at the table.
 */
export const OutrankOptions = z
  .object({
    settings: SettingsPatch.default({}),
    mode: z.enum(["online", "table"]).default("online"),
  })
  .strict();
export type OutrankOptions = z.infer<typeof OutrankOptions>;
export type Mode = OutrankOptions["mode"];
