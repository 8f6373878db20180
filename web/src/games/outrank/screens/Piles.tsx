import type { OutrankClient } from "../reducer";
import { freshFx } from "../reducer";
import type { OutrankView, PlayerView } from "../wire";
import { Token } from "./Token";

/**
 * "This round" (at risk: lost on a wrong guess) and "hand" (safe from earlier rounds),
 * clearly apart. After your wrong guess the lost tokens fly back to the pool.
 */
export function Piles({ s, v, me }: { s: OutrankClient; v: OutrankView; me: PlayerView }) {
  const unit = v.currentChallenge?.unit;
  const held = me.hand.length + me.thisRound.length;
  const table = v.mode === "table";
  const r = s.reveal;
  const lost =
    r && !r.correct && r.playerId === me.id && Date.now() - r.at < 2600
      ? v.draftPool.filter((t) => r.returned.includes(t.id))
      : [];
  const cashed = freshFx(s, Date.now(), ["cashOut"]).some((f) => f.playerId === me.id);
  // Out of the round by a pass: nothing is at risk any more; the tokens join the hand at the round's end.
  const banked = v.phase === "drafting" && me.status === "passed";
  return (
    <section
      className={`or-piles${cashed ? " is-cashed" : ""}`}
      aria-label={table ? `${me.name}'s tokens` : "Your tokens"}
      data-testid="piles"
    >
      <div className="row row--between">
        <h2 className="or-section-title">{table ? `${me.name}'s tokens` : "Your tokens"}</h2>
        <span className={held >= v.settings.handLimit ? "or-count is-full" : "or-count"} data-testid="held-count">
          {held} / {v.settings.handLimit}
        </span>
      </div>
      <div className={`or-pile ${banked ? "or-pile--banked" : "or-pile--risk"}`} data-testid="pile-round">
        <h3 className="or-pile__title">
          This round{" "}
          <span className="or-pile__note">
            {banked
              ? `banked: ${table ? `${me.name} passed` : "you passed"}, so they join the hand when the round ends`
              : "at risk: lost if you guess wrong"}
          </span>
        </h3>
        {me.thisRound.length === 0 && lost.length === 0 ? (
          <p className="muted small">Nothing yet. A right guess puts the center token here.</p>
        ) : (
          <ul className="or-pile__list">
            {me.thisRound.map((t) => (
              <li key={t.id}>
                <Token t={t} unit={unit} size="sm" />
              </li>
            ))}
            {lost.map((t) => (
              <li key={`lost-${t.id}`} aria-hidden="true">
                <Token t={t} size="sm" className="is-leaving" />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="or-pile or-pile--safe" data-testid="pile-hand">
        <h3 className="or-pile__title">
          Hand <span className="or-pile__note">safe</span>
        </h3>
        {me.hand.length === 0 ? (
          <p className="muted small">Empty. This round's tokens move here when the round ends.</p>
        ) : (
          <ul className="or-pile__list">
            {me.hand.map((t) => (
              <li key={t.id}>
                <Token t={t} unit={unit} size="sm" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
