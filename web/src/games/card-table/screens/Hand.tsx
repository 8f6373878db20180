import type { Card } from "../wire";

interface Props {
  cards: Card[];
  /** Card ids picked for the answer, in order; a picked tile shows its number. */
  picked: string[];
  /** Whether tapping a tile picks it now (the viewer is answering). */
  active: boolean;
  onToggle(cardId: string): void;
}

/** The viewer's answer cards as tiles: tap (or Enter / Space) to pick, tap again to put back. */
export function Hand({ cards, picked, active, onToggle }: Props) {
  if (cards.length === 0) return <p className="muted">Your hand is empty.</p>;
  return (
    <ul className="ct-hand" data-testid="hand" aria-label="Your hand">
      {cards.map((c) => {
        const order = picked.indexOf(c.id);
        const blank = c.properties.blank === true;
        const text = blank ? "Blank card: write your own" : (c.properties.text ?? c.id);
        if (!active)
          return (
            <li key={c.id}>
              <div className="ct-tile ct-tile--idle" data-testid={`hand-card-${c.id}`}>
                <span className={blank ? "ct-tile__text ct-tile__text--blank" : "ct-tile__text"}>{text}</span>
              </div>
            </li>
          );
        return (
          <li key={c.id}>
            <button
              type="button"
              className={order >= 0 ? "ct-tile ct-tile--picked" : "ct-tile"}
              aria-pressed={order >= 0}
              onClick={() => onToggle(c.id)}
              data-testid={`hand-card-${c.id}`}
              data-order={order >= 0 ? order + 1 : undefined}
            >
              <span className={blank ? "ct-tile__text ct-tile__text--blank" : "ct-tile__text"}>{text}</span>
              {order >= 0 && (
                <span className="ct-tile__badge">
                  <span aria-hidden="true">{order + 1}</span>
                  <span className="visually-hidden">, picked as card {order + 1}</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
