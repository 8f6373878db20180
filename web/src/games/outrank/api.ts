import { api } from "../../kit/api";
import { deviceId } from "../../kit/identity";
import { forget, store, stored } from "../../kit/storage";
import type { SettingsPatch } from "./wire";

const BASE = "/api/v1/outrank";

export type Mode = "online" | "table";

/** A new room: online (a device each) or one table (one device passed around). */
export async function createRoom(mode: Mode, settings: SettingsPatch): Promise<string> {
  const r = await api<{ roomId: string }>(`${BASE}/rooms`, { body: { mode, settings } });
  return r.roomId;
}

/** A signed seat token for this browser; the device id keeps a kicked browser out under any name. */
export async function takeSeat(roomId: string, name: string): Promise<string> {
  const r = await api<{ token: string }>(`${BASE}/rooms/${encodeURIComponent(roomId)}/seats`, {
    body: { name, deviceId: deviceId() },
  });
  return r.token;
}

/**
 * The token that proves this browser's seat in a room (RULINGS: a seat belongs to whoever
 * proved it), one per room, so a refresh or a dropped line takes the same seat back.
 */
export interface SeatToken {
  token: string;
  name: string;
}

const key = (roomId: string) => `parlor.outrank.seat.${roomId.toUpperCase()}`;

export function loadSeat(roomId: string): SeatToken | null {
  const raw = stored(key(roomId));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SeatToken>;
    return typeof v.token === "string" && v.token ? { token: v.token, name: v.name ?? "" } : null;
  } catch {
    return null;
  }
}

export const saveSeat = (roomId: string, seat: SeatToken): void => store(key(roomId), JSON.stringify(seat));
export const forgetSeat = (roomId: string): void => forget(key(roomId));

/** The server keeps names to 40 characters; the kit's saved name to 24. */
export const NAME_MAX = 24;
export const cleanName = (raw: string): string => raw.replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
