/**
 * The secret that proves a seat (RULINGS: a seat belongs to whoever proved it). One per
 * room, kept in localStorage so a refresh reclaims the same seat. Never shown on screen.
 */
const key = (roomId: string) => `parlor.trivia.player.${roomId}`;

/** Where storage is blocked (some private modes), the id lives for this page only. */
const memory = new Map<string, string>();

export function playerIdFor(roomId: string): string {
  const k = key(roomId);
  try {
    const found = localStorage.getItem(k);
    if (found && found.length >= 8) return found;
    const made = randomId();
    localStorage.setItem(k, made);
    return made;
  } catch {
    let id = memory.get(k);
    if (!id) {
      id = randomId();
      memory.set(k, id);
    }
    return id;
  }
}

export function forgetPlayerId(roomId: string): void {
  memory.delete(key(roomId));
  try {
    localStorage.removeItem(key(roomId));
  } catch {
    // Nothing stored, nothing to forget.
  }
}

function randomId(): string {
  // randomUUID needs a secure context; getRandomValues works on plain http too (LAN play).
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
