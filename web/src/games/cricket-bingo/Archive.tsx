import { type FormEvent, useState } from "react";
import { Button } from "../../kit/Button";
import { Problem } from "../../kit/fields";
import { Link } from "../../kit/Link";
import { navigate } from "../../kit/navigation";
import { addDays, dayLabel, isIsoDate, recentDays } from "./dates";
import { localResults } from "./local";

/** The earliest day the date picker offers. Any real date works; this keeps the picker short. */
const FIRST_DAY = "2024-01-01";

/**
 * Past days, to play for practice (never ranked): the last two weeks as links, with a tick
 * where this browser finished a game, and a date picker for anything older.
 */
export function Archive({ today, current }: { today: string; current: string }) {
  const results = localResults();
  const yesterday = addDays(today, -1);
  const [picked, setPicked] = useState(current < today ? current : yesterday);
  const [error, setError] = useState<string | null>(null);

  function go(e: FormEvent) {
    e.preventDefault();
    if (!isIsoDate(picked) || picked >= today || picked < FIRST_DAY) {
      setError(`Pick a day between ${dayLabel(FIRST_DAY)} 2024 and yesterday.`);
      return;
    }
    navigate(`/bingo/${picked}`);
  }

  return (
    <section className="card stack archive" aria-labelledby="archive-title" data-testid="bingo-archive">
      <div className="stack stack--tight">
        <h2 id="archive-title">Past puzzles</h2>
        <p className="muted small">Practice on an earlier day's grid. Practice games are never ranked.</p>
      </div>
      <ul className="archive__days">
        {recentDays(today, 14).map((d) => {
          const mine = Object.entries(results).filter(([k]) => k.startsWith(`${d}:`));
          const won = mine.some(([, r]) => r.status === "won");
          return (
            <li key={d}>
              <Link
                href={`/bingo/${d}`}
                className={d === current ? "archive__day archive__day--current" : "archive__day"}
                aria-current={d === current ? "page" : undefined}
                data-testid={`archive-${d}`}
              >
                <span>{dayLabel(d)}</span>
                {mine.length > 0 && (
                  <span className={won ? "archive__mark archive__mark--won" : "archive__mark"}>
                    {won ? "✓ bingo" : "played"}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      <form className="row row--wrap" onSubmit={go}>
        <label className="label" htmlFor="archive-date">
          Another day
        </label>
        <input
          id="archive-date"
          type="date"
          className="text-input archive__date"
          min={FIRST_DAY}
          max={yesterday}
          value={picked}
          onChange={(e) => {
            setPicked(e.target.value);
            setError(null);
          }}
          data-testid="archive-date"
        />
        <Button type="submit" variant="secondary" testId="archive-go">
          Open
        </Button>
      </form>
      <Problem>{error}</Problem>
    </section>
  );
}
