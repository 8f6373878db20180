import type { Perspective } from "../perspective";
import { signed } from "../perspective";
import type { TriviaClient } from "../reducer";
import type { Seat } from "../wire";

/** Both balances, yours first, with the question's change while a result is on show. */
export function Scoreboard({ s, p }: { s: TriviaClient; p: Perspective }) {
  const change = s.phase === "RESOLUTION" ? s.resolution?.balanceChanges : undefined;
  return (
    <div className="scoreboard" data-testid="scoreboard">
      <Score
        s={s}
        seat={p.me}
        label={p.isPlayer ? `${p.name(p.me)} (you)` : p.name(p.me)}
        change={change?.[p.me]}
        mine={p.isPlayer}
      />
      <Score s={s} seat={p.opp} label={p.name(p.opp)} change={change?.[p.opp]} mine={false} />
    </div>
  );
}

function Score(props: { s: TriviaClient; seat: Seat; label: string; change: number | undefined; mine: boolean }) {
  const { s, seat, label, change, mine } = props;
  const presence = s.players[seat];
  const away = presence.joined && !presence.connected;
  const folds = s.foldsRemaining[seat];
  return (
    <div className={mine ? "score score--mine" : "score"} data-testid={`balance-${seat}`}>
      <span className="score__label">
        {label}
        {away && <span className="score__away"> · away</span>}
      </span>
      <span className="score__value">
        <span data-testid={mine ? "my-balance" : undefined}>{s.balances[seat]}</span>
        {change !== undefined && change !== 0 && (
          <span className={change > 0 ? "delta delta--up" : "delta delta--down"}> ({signed(change)})</span>
        )}
      </span>
      <span className="score__folds">
        {folds} {folds === 1 ? "fold" : "folds"} left
      </span>
    </div>
  );
}
