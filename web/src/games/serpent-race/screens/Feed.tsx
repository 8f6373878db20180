import type { Notice } from "../reducer";

/** What happened, newest first: turns, moves, answers, skips and extra turns. */
export function Feed({ feed, limit = 8, big = false }: { feed: Notice[]; limit?: number; big?: boolean }) {
  if (feed.length === 0) return null;
  return (
    <section className={big ? "sr-panel sr-feed sr-feed--big" : "sr-panel sr-feed"} aria-label="What happened">
      <h2 className="sr-panel__title">What happened</h2>
      <ol className="sr-feed__list" aria-live="polite" data-testid="feed">
        {feed.slice(0, limit).map((n) => (
          <li key={n.id} className={`sr-feed__item sr-feed__item--${n.tone}`}>
            {n.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
