import { Countdown } from "../../../kit/Countdown";
import {
  boardColumns,
  boardRows,
  FIELD_LABEL,
  FIELD_MARK,
  initials,
  signed,
  tokenColour,
  ZONES,
  zoneBands,
  zoneOf,
} from "../board";
import { awayClock } from "../reducer";
import type { PlayerView, StateData } from "../wire";

/**
 * The board: its fields (100 unless the game chose another size) snaking upwards, each with
 * its number, its type (colour and mark), its step value as dots, and the tokens standing on
 * it; the pattern zones run down the left edge (where a row holds two zones, each field also
 * wears its zone's colour along its foot). "full" is the projected board (names on the tokens), "compact" a phone's.
 * A player who is away has a faded token; when it is their roll, the board says so over
 * its top edge with the time left before their turn is skipped (`offset`: the page's
 * server clock offset).
 */
export function Board({ v, size, offset = 0 }: { v: StateData; size: "full" | "compact"; offset?: number }) {
  const fields = v.boardData?.fields ?? [];
  const boardSize = v.settings.boardSize;
  const rows = boardRows(boardSize);
  const columns = boardColumns(boardSize);
  const bands = zoneBands(boardSize);
  const mixed = bands.some((b) => b.zones.length > 1);
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
            {clock === "waits" ? ": the race waits until someone is back" : ": their turn is skipped in"}
          </span>
          {away.deadline && (
            <Countdown deadline={Date.parse(away.deadline)} offset={offset} urgentAt={5} testId="away-countdown" />
          )}
        </p>
      )}
      <div
        className="sr-board__grid"
        role="img"
        aria-label={boardLabel(v)}
        style={{
          gridTemplateColumns: `minmax(0, 0.6fr) repeat(${columns}, minmax(0, 1fr))`,
          aspectRatio: `${columns + 0.6} / ${rows.length}`,
        }}
        data-columns={columns}
      >
        {bands.map((band) => (
          // A zone's label sits on its top row and spans the rows of the zone on this board.
          <div
            key={`zone-${band.fromRow}`}
            className={`sr-zone sr-zone--${band.zones[0]}${band.zones.length > 1 ? " sr-zone--shared" : ""}`}
            style={{ gridRow: `${band.fromRow + 1} / span ${band.rows}`, gridColumn: 1 }}
            aria-hidden="true"
          >
            {band.zones.map((z) => (
              <span key={z} className={`sr-zone__mod${band.zones.length > 1 ? ` sr-zone--${z}` : ""}`}>
                {signed(ZONES[z]!.modifier)}
              </span>
            ))}
            {size === "full" && band.zones.length === 1 && <span className="sr-zone__word">zone</span>}
          </div>
        ))}
        {rows.flatMap((row, r) =>
          row.map((pos, c) => {
            const f = fields[pos - 1];
            const type = f?.type ?? "regular";
            const here = onField.get(pos) ?? [];
            const zone = mixed ? ` sr-cell--zone sr-cell--z${zoneOf(pos, boardSize)}` : "";
            return (
              <div
                key={pos}
                className={`sr-cell sr-cell--${type}${pos === boardSize ? " sr-cell--finish" : ""}${zone}`}
                style={{ gridRow: r + 1, gridColumn: c + 2 }}
                title={`${pos}: ${FIELD_LABEL[type]}, step ${f?.stepValue ?? 0}, zone ${signed(ZONES[zoneOf(pos, boardSize)]!.modifier)}`}
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
        )}
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
