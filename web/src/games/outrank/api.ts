import { api } from "../../kit/api";
import type { SettingsPatch } from "./wire";

const BASE = "/api/v1/outrank";

export type Mode = "online" | "table";

/** A new room: online (a device each) or one table (one device passed around). */
export async function createRoom(mode: Mode, settings: SettingsPatch): Promise<string> {
  const r = await api<{ roomId: string }>(`${BASE}/rooms`, { body: { mode, settings } });
  return r.roomId;
}
