import { Fragment, Suspense } from "react";
import { Layout } from "../kit/Layout";
import { usePathname } from "../kit/navigation";
import { Home } from "./Home";
import { NotFound } from "./NotFound";
import { GAMES } from "./registry";
import { matchPath } from "./routes";

/** Routing by path alone: each game owns a prefix, its pages (a room is the prefix plus its code) come from the registry. */
export function App() {
  return (
    <Suspense
      fallback={
        <Layout>
          <p className="muted center">Loading…</p>
        </Layout>
      }
    >
      <Route path={usePathname().replace(/\/+$/, "") || "/"} />
    </Suspense>
  );
}

function Route({ path }: { path: string }) {
  if (path === "/") return <Home />;
  const match = matchPath(GAMES, path);
  // Keyed by the path: another room (or deck, or day) is a fresh page, not the last one's state.
  return match ? <Fragment key={path}>{match.page.show(match.params)}</Fragment> : <NotFound />;
}
