import { Countdown } from "../../../kit/Countdown";
import { boardRows, FIELD_LABEL, FIELD_MARK, initials, signed, tokenColour, ZONES, zoneOf } from "../board";
import { awayClock } from "../reducer";
import type { PlayerView, StateData } from "../wire";

/**
 * The board: 100 fields snaking upwards, each with its number, its type (colour and mark),
 * its step value as dots, and the tokens standing on it; the pattern zones run down the
 * left edge. "full" is the projected board (names on the tokens), "compact" a phone's.
 * A player who is away has a faded token; when it is their roll, the board says so over
 * its top edge with the time left before their turn is skipped (`offset`: the page's
 * server clock offset).
 */
export function Board({ v, size, offset = 0 }: { v: StateData; size: "full" | "compact"; offset?: number }) {
  const fields = v.boardData?.fields ?? [];
  const boardSize = v.settings.boardSize;
  const rows = boardRows(boardSize);
  const onField = new Map<number, PlayerView[]>();
  for (const p of v.players) {
    if (p.left) continue;
    const list = onField.get(p.boardPosition) ?? [];
    list.push(p);
    onField.set(p.boardPosition, list);
  }
  const token = (p: PlayerView) => (
    <span
      key={p.playerId}
      className={`sr-token${p.playerId === v.currentPlayer ? " is-current" : ""}${p.connected ? "" : " is-away"}`}
      style={{ background: tokenColour(v.players, p.playerId) }}
      title={p.connected ? p.playerName : `${p.playerName} (away)`}
      data-testid={`token-${p.playerId}`}
      data-position={p.boardPosition}
    >
      {size === "full" ? p.playerName : initials(p.playerName)}
    </span>
  );
  const atStart = onField.get(0) ?? [];
  const clock = awayClock(v);
  const away = clock !== "none" ? v.pending : null;
  return (
    <div className={`sr-board sr-board--${size}`} data-testid="board">
      {away && (
        <p className="sr-board__away" role="status" data-testid="away-notice">
          <span>
            <strong>{away.playerName}</strong> is away
            {clock === "waits"
              ? ": the race waits until someone is back"
              : away.deadline
                ? ": their turn is skipped in"
                : ": their turn is skipped if they are not back soon"}
          </span>
          {away.deadline && (
            <Countdown deadline={Date.parse(away.deadline)} offset={offset} urgentAt={5} testId="away-countdown" />
          )}
        </p>
      )}
      <div className="sr-board__grid" role="img" aria-label={boardLabel(v)}>
        {rows.map((row, r) => {
          const top = row.length ? Math.max(...row) : 0;
          const zone = zoneOf(top);
          // The zone's label sits on its top row and spans the rows of the zone on this board.
          const zoneTop = rows.findIndex((rr) => rr.some((pos) => zoneOf(pos) === zone));
          const zoneRows = rows.filter((rr) => rr.some((pos) => zoneOf(pos) === zone)).length;
          return [
            r === zoneTop ? (
              <div
                key={`zone-${zone}`}
                className={`sr-zone sr-zone--${zone}`}
                style={{ gridRow: `${r + 1} / span ${zoneRows}`, gridColumn: 1 }}
                aria-hidden="true"
              >
                <span className="sr-zone__mod">{signed(ZONES[zone]!.modifier)}</span>
                {size === "full" && <span className="sr-zone__word">zone</span>}
              </div>
            ) : null,
            ...row.map((pos, c) => {
              const f = fields[pos - 1];
              const type = f?.type ?? "regular";
              const here = onField.get(pos) ?? [];
              return (
                <div
                  key={pos}
                  className={`sr-cell sr-cell--${type}${pos === boardSize ? " sr-cell--finish" : ""}`}
                  style={{ gridRow: r + 1, gridColumn: c + 2 }}
                  title={`${pos}: ${FIELD_LABEL[type]}, step ${f?.stepValue ?? 0}`}
                  data-pos={pos}
                  data-type={type}
                  data-step={f?.stepValue ?? 0}
                >
                  <span className="sr-cell__num">{pos}</span>
                  {FIELD_MARK[type] && <span className="sr-cell__mark">{FIELD_MARK[type]}</span>}
                  {pos === boardSize && <span className="sr-cell__finish">Finish</span>}
                  {f && f.stepValue > 0 && <span className="sr-cell__step">{"•".repeat(f.stepValue)}</span>}
                  {here.length > 0 && <span className="sr-cell__tokens">{here.map(token)}</span>}
                </div>
              );
            }),
          ];
        })}
      </div>
      <div className="sr-board__start" data-testid="board-start">
        <span className="sr-board__start-label">Start</span>
        {atStart.map(token)}
        {size === "full" && <Legend />}
      </div>
    </div>
  );
}

function Legend() {
  return (
    <span className="sr-legend" aria-hidden="true">
      <span className="sr-legend__item">
        <span className="sr-swatch sr-cell--positive">+</span> reward
      </span>
      <span className="sr-legend__item">
        <span className="sr-swatch sr-cell--negative">−</span> penalty
      </span>
      <span className="sr-legend__item">
        <span className="sr-swatch sr-cell--luck">★</span> luck
      </span>
      <span className="sr-legend__item">
        <span className="sr-legend__dots">••</span> step value
      </span>
    </span>
  );
}

function boardLabel(v: StateData): string {
  const where = v.players
    .filter((p) => !p.left)
    .map((p) => `${p.playerName} on ${p.boardPosition === 0 ? "the start" : `field ${p.boardPosition}`}`)
    .join(", ");
  return `The board, ${v.settings.boardSize} fields. ${where}.`;
}
