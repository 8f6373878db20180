import { cardText, isRed } from "../legal";
import type { Card, GameStateView, PlayerView } from "../wire";

/**
 * What lies in front of each player still at the table (their slots other than the hand),
 * under their name and a line `detail` writes: the Sandbox Table's and the generic table's.
 */
export function Tableaux({ v, detail }: { v: GameStateView; detail(p: PlayerView): string }) {
  return (
    <section className="ct-panel stack stack--tight" data-testid="tableaux">
      <h2 className="ct-panel__title">In front of each player</h2>
      <ul className="ct-tableaux">
        {v.players
          .filter((p) => p.presence !== "left")
          .map((p) => (
            <li key={p.id} data-testid={`tableau-${p.id}`} data-turn={p.id === v.roles.turn ? "true" : undefined}>
              <strong>{p.id === v.you ? "You" : p.name}</strong> <span className="muted small">{detail(p)}</span>
              <MiniCards
                cards={Object.entries(p.slots).flatMap(([id, list]) => (id === "hand" ? [] : list))}
                empty=""
              />
            </li>
          ))}
      </ul>
    </section>
  );
}

/** Small cards in a row: a face-down one as a card back. */
export function MiniCards({ cards, empty }: { cards: Card[]; empty: string }) {
  if (cards.length === 0) return empty ? <p className="muted small">{empty}</p> : null;
  return (
    <ul className="ct-mini-cards">
      {cards.map((c, i) => {
        const text = cardText(c);
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: face-down cards all have the id "hidden"; their place is who they are
            key={`${c.id}-${i}`}
            className={`ct-mini-card${text === null ? " ct-mini-card--back" : isRed(c) ? " ct-playing-card--red" : ""}`}
          >
            {text ?? (
              <>
                <span className="visually-hidden">a face-down card</span>
                <span aria-hidden="true">?</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
