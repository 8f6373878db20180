import { useEffect, useState } from "react";
import { projectorLink } from "../api";

/**
 * The gamemaster's link for a projector or a TV: `/serpent/<code>/projector?key=…`. Its key
 * (from the server, for the gamemaster only) lets that screen watch a PRIVATE or
 * ORGANIZATION game, which a code alone no longer does.
 */
export function ProjectorLink({ gameId }: { gameId: string }) {
  const [href, setHref] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    projectorLink(gameId).then(
      (path) => live && setHref(path),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [gameId]);
  if (failed) return <span className="muted small">The projector link could not be loaded; reload to try again.</span>;
  if (!href) return null;
  return (
    <a href={href} className="btn btn--ghost btn--md" target="_blank" rel="noopener" data-testid="projector-link">
      Open a projector view
    </a>
  );
}
