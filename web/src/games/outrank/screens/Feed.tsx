import type { FeedItem } from "../reducer";

/** What just happened at the table, newest last, read out politely by screen readers. */
export function Feed({ items }: { items: FeedItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="or-panel" aria-labelledby="or-feed-title">
      <h2 className="or-panel__title" id="or-feed-title">
        At the table
      </h2>
      <ol className="or-feed" aria-live="polite" data-testid="feed">
        {items.map((f) => (
          <li key={f.id} className={`or-feed__item or-feed__item--${f.tone}`}>
            {f.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
