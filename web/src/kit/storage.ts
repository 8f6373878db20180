/**
 * Small values the browser keeps between visits (a name, secrets that prove a seat or an
 * upload). Where storage is blocked (some private modes) they live for this page only.
 */
const memory = new Map<string, string>();

export function stored(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

export function store(key: string, value: string): void {
  memory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Kept in memory for this page.
  }
}

export function forget(key: string): void {
  memory.delete(key);
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** A random secret, unguessable: randomUUID needs a secure context, getRandomValues works on plain http (LAN play). */
export function randomSecret(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID().replace(/-/g, "");
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The stored secret under `key`, made and kept the first time it is asked for. */
export function secret(key: string): string {
  const found = stored(key);
  if (found && found.length >= 16) return found;
  const made = randomSecret();
  store(key, made);
  return made;
}
