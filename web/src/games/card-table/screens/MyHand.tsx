import { composeTarget, meOf } from "../table";
import { Hand } from "./Hand";
import type { ScreenProps } from "./props";

/** The viewer's hand, tappable only while they are choosing an answer; spectators have none. */
export function MyHand({ s, v, room }: ScreenProps) {
  const me = meOf(v);
  if (!me || me.virtual) return null;
  const target = composeTarget(v);
  return (
    <section className="ct-hand-box stack stack--tight" aria-labelledby="hand-title">
      <h2 className="ct-panel__title" id="hand-title">
        Your hand
        {target && (
          <span className="muted small">
            {" "}
            · pick {target.room} {target.room === 1 ? "card" : "cards"}
            {target.room > 1 ? ", in order" : ""}
          </span>
        )}
      </h2>
      <Hand
        cards={me.hand}
        picked={target ? s.draft.cards : []}
        active={target !== null}
        onToggle={(cardId) => room.dispatch({ kind: "toggle", cardId })}
      />
    </section>
  );
}
