/** A line of what happened; `tone` adds a class the game styles. */
export interface TalkLine {
  id: number;
  text: string;
  className?: string;
}

/**
 * What just happened at the table (joins, turns, winners), newest last, read out politely by
 * screen readers. The game's panel and list classes dress it.
 */
export function TableTalk(props: { lines: TalkLine[]; panel: string; list: string; testId: string; titleId: string }) {
  if (props.lines.length === 0) return null;
  return (
    <section className={props.panel} aria-labelledby={props.titleId}>
      <h2 className={`${props.panel}__title`} id={props.titleId}>
        At the table
      </h2>
      <ol className={props.list} aria-live="polite" data-testid={props.testId}>
        {props.lines.map((n) => (
          <li key={n.id} className={n.className}>
            {n.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
