import { isIP } from "node:net";

/**
 * Whether a browser page from `origin` may open a socket here. Requests without an Origin
 * header come from programs, not pages, and are allowed. A page is allowed when its origin
 * is this server's public origin (PUBLIC_ORIGIN) or one the operator listed
 * (ALLOWED_ORIGINS).
 *
 * The request's Host header alone proves nothing: a page on a name the attacker controls,
 * re-pointed by DNS at this server ("DNS rebinding"), sends a matching Origin and Host. A
 * page whose origin is an IP address or `localhost` cannot be rebound that way, so when
 * such an origin names the very host the request went to, the page came from this server:
 * that keeps phones on a LAN (http://192.168.1.20:3000) and the machine itself working
 * without any setting.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicOrigin: string,
  allowed: string[],
): boolean {
  if (!origin) return true;
  if (origin === publicOrigin || allowed.includes(origin)) return true;
  try {
    const page = new URL(origin);
    return host !== undefined && page.host === host.toLowerCase() && unrebindable(page.hostname);
  } catch {
    return false;
  }
}

/** A host name no DNS answer can re-point: an IP literal, or localhost (browsers resolve it themselves). */
function unrebindable(hostname: string): boolean {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0 || bare === "localhost";
}
