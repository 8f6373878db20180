import type { GameEntry, GamePage } from "./registry";

export interface Match {
  page: GamePage;
  params: Record<string, string>;
}

/** Which game page a path opens, and what its segments name; null for none (the home page is not a game's). */
export function matchPath(games: readonly GameEntry[], path: string): Match | null {
  for (const game of games) {
    if (path !== game.path && !path.startsWith(`${game.path}/`)) continue;
    const rest = path.slice(game.path.length + 1);
    const segments = rest === "" ? [] : rest.split("/");
    for (const page of game.pages) {
      const params = fitTo(page.at === "" ? [] : page.at.split("/"), segments);
      if (params) return { page, params };
    }
  }
  return null;
}

function fitTo(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, want] of pattern.entries()) {
    const got = segments[i] ?? "";
    if (!want.startsWith(":")) {
      if (got !== want) return null;
      continue;
    }
    if (got === "") return null;
    try {
      params[want.slice(1)] = decodeURIComponent(got);
    } catch {
      // A malformed escape names nothing.
      return null;
    }
  }
  return params;
}
