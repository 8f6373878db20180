import { secret, store, stored } from "./storage";

/**
 * This browser's own secret, sent when it asks for a seat: a table that kicked this
 * browser keeps it out even under another name (docs/architecture.md, Decisions D5).
 * Never shown.
 */
export const deviceId = (): string => secret("parlor.device");

/** The key this browser's uploads belong to (sent as X-Parlor-Owner). Never shown. */
export const ownerKey = (): string => secret("parlor.owner");

/** The name this person plays under, remembered for every game. */
export const MAX_NAME = 24;
export const savedName = (): string => stored("parlor.name") ?? "";
export function saveName(name: string): void {
  const n = cleanName(name);
  if (n) store("parlor.name", n);
}

/** A name as the games show it: single spaces, trimmed, no longer than `max`. */
export const cleanName = (raw: string, max = MAX_NAME): string => raw.replace(/\s+/g, " ").trim().slice(0, max);
