import { useSyncExternalStore } from "react";

/** Client-side routing is just the path: pushState plus an event the app listens to. */
const NAV_EVENT = "parlor:navigate";

export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  if (path === location.pathname) return;
  if (opts.replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  window.dispatchEvent(new Event(NAV_EVENT));
  window.scrollTo(0, 0);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(NAV_EVENT, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(NAV_EVENT, onChange);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => location.pathname);
}
