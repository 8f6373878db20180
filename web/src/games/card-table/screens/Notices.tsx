import type { Notice } from "../reducer";

/** Recent table talk (joins, judges, winners), newest last; read out politely. */
export function Notices({ notices }: { notices: Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <section className="ct-panel" aria-labelledby="table-talk">
      <h2 className="ct-panel__title" id="table-talk">
        At the table
      </h2>
      <ul className="ct-notices" aria-live="polite" data-testid="notices">
        {notices.map((n) => (
          <li key={n.id}>{n.text}</li>
        ))}
      </ul>
    </section>
  );
}
