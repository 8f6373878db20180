/**
 * Whether a browser page from `origin` may use this server. Requests without an Origin
 * header come from programs, not pages, and are allowed; a page is allowed when the
 * operator listed its origin, or when it was served by this very server (same host).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
