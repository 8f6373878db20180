import { useEffect, useState } from "react";
import { myStreaks } from "./api";
import type { StreaksReply } from "./wire";

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

/**
 * Runs of consecutive days with a ranked game played and won, per grid size. Nothing at all
 * for a browser that has not played a ranked game yet. `card` wraps it in its own box.
 */
export function Streaks({ card = false }: { card?: boolean }) {
  const [streaks, setStreaks] = useState<StreaksReply["streaks"] | null>(null);
  useEffect(() => {
    let live = true;
    myStreaks().then(
      (r) => live && setStreaks(r?.streaks ?? null),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!streaks) return null;
  const sizes = (["3", "4"] as const).filter((s) => streaks[s].played > 0);
  if (sizes.length === 0) return null;
  const list = (
    <ul className="streaks" data-testid="bingo-streaks" aria-label="Your daily streaks">
      {sizes.map((s) => (
        <li key={s}>
          <strong>
            {s}×{s}
          </strong>
          : played {days(streaks[s].played)} in a row, won {days(streaks[s].won)} in a row
        </li>
      ))}
    </ul>
  );
  if (!card) return list;
  return (
    <section className="card stack stack--tight" aria-labelledby="streaks-title">
      <h2 id="streaks-title">Your streaks</h2>
      {list}
      <p className="muted small">Days in a row with the day's puzzle played, and won. Practice does not count.</p>
    </section>
  );
}
