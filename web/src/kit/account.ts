import { useSyncExternalStore } from "react";
import { ApiError, OFFLINE, refusal } from "./api";
import { forget, store, stored } from "./storage";

/**
 * The signed-in account of this browser (the platform's accounts: /api/v1/auth/…), shared
 * by every page. The refresh token is kept; the access token (15 minutes) is renewed on
 * demand, once at a time, and a refused refresh signs the browser out.
 */

export interface AccountUser {
  id: string;
  email: string;
  displayName: string;
}

interface Session {
  user: AccountUser;
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working (ms since the epoch), with a margin taken off. */
  expiresAt: number;
}

const KEY = "parlor.account";
/** Renew this long before the access token expires, so a request never carries a stale one. */
const MARGIN_MS = 60_000;

let session: Session | null = load();
const listeners = new Set<() => void>();
let refreshing: Promise<string | null> | null = null;

function load(): Session | null {
  try {
    const raw = stored(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function set(next: Session | null): void {
  session = next;
  if (next) store(KEY, JSON.stringify(next));
  else forget(KEY);
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The signed-in user, or null; re-renders when it changes (sign-in, sign-out, another tab's). */
export function useAccount(): AccountUser | null {
  return useSyncExternalStore(
    subscribe,
    () => session?.user ?? null,
    () => null,
  );
}

export const currentAccount = (): AccountUser | null => session?.user ?? null;

// Another tab signing in or out is this tab's news too.
if (typeof window !== "undefined")
  window.addEventListener("storage", (e) => {
    if (e.key !== KEY) return;
    session = load();
    for (const l of listeners) l();
  });

async function send(path: string, method: string, body: unknown, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  } catch {
    throw new ApiError(OFFLINE, 0, "offline");
  }
}

interface Issued {
  user: AccountUser;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

function keep(r: Issued): void {
  set({
    user: r.user,
    accessToken: r.accessToken,
    refreshToken: r.refreshToken,
    expiresAt: Date.now() + r.expiresIn * 1000 - MARGIN_MS,
  });
}

async function issue(path: string, body: unknown): Promise<AccountUser> {
  const res = await send(path, "POST", body, null);
  if (!res.ok) throw await refusal(res);
  const r = (await res.json()) as Issued;
  keep(r);
  return r.user;
}

export const signIn = (email: string, password: string) => issue("/api/v1/auth/login", { email, password });
export const register = (email: string, password: string, displayName: string) =>
  issue("/api/v1/auth/register", { email, password, displayName });

export async function signOut(): Promise<void> {
  const s = session;
  set(null);
  if (s) await send("/api/v1/auth/logout", "POST", { refreshToken: s.refreshToken }, null).catch(() => undefined);
}

/** A working access token (renewed if it is about to expire), or null when signed out. */
export async function accessToken(): Promise<string | null> {
  const s = session;
  if (!s) return null;
  if (Date.now() < s.expiresAt) return s.accessToken;
  refreshing ??= (async () => {
    try {
      const res = await send("/api/v1/auth/refresh", "POST", { refreshToken: s.refreshToken }, null);
      // A refused refresh (expired, reused elsewhere) ends the session; a network failure does not.
      if (res.status === 401) {
        set(null);
        return null;
      }
      if (!res.ok) throw await refusal(res);
      const r = (await res.json()) as Issued;
      keep(r);
      return r.accessToken;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * JSON with the account's access token when signed in (renewed as needed). Refusals become
 * ApiErrors with the server's message and code; a 401 after a renewal signs the browser out.
 */
export async function accountApi<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const token = await accessToken();
  const res = await send(path, method, init.body, token);
  if (res.status === 401 && token && session) set(null);
  if (!res.ok) throw await refusal(res);
  return (await res.json()) as T;
}
