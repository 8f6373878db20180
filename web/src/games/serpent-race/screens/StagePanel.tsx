import { Countdown } from "../../../kit/Countdown";
import { describeConsequence } from "../answers";
import { formula } from "../board";
import type { SerpentClient } from "../reducer";
import { stageLine } from "../stage-text";
import type { StateData } from "../wire";
import { CardView } from "./CardView";
import { DieFace } from "./DicePanel";

/**
 * What is happening now, for the projector and for players waiting for their turn: whose
 * turn, the stage and its countdown, then this turn's die, card (or joker, or luck card)
 * and guess worked out in full. Until the next roll, the turn before stays on show, so
 * the room can read how it ended.
 */
export function StagePanel({
  s,
  v,
  big = false,
  hideJoker = false,
}: {
  s: SerpentClient;
  v: StateData;
  big?: boolean;
  /** The gamemaster's decision panel shows the joker already. */
  hideJoker?: boolean;
}) {
  const p = v.pending;
  const you = v.you.playerId;
  const now = v.turnNumber;
  const rolledNow = s.lastRoll?.turn === now;
  // Before this turn's roll, the latest turn that left something to show.
  const shown = rolledNow
    ? now
    : Math.max(
        s.lastRoll?.turn ?? -1,
        s.card?.turn ?? -1,
        s.guess?.turn ?? -1,
        s.luck?.turn ?? -1,
        s.joker?.turn ?? -1,
      );
  const of = <T extends { turn: number }>(x: T | null): T | null => (x && x.turn === shown ? x : null);
  const roll = of(s.lastRoll);
  const card = of(s.card);
  const luck = of(s.luck);
  const joker = hideJoker ? null : of(s.joker);
  const guess = of(s.guess);
  const recap = shown !== now && roll !== null;
  return (
    <section
      className={big ? "sr-panel sr-stagepanel sr-stagepanel--big" : "sr-panel sr-stagepanel"}
      data-testid="stage-panel"
    >
      <div className="row row--between row--wrap sr-stagepanel__head">
        <p className="sr-stagepanel__line" aria-live="polite" data-testid="stage-line" data-kind={p?.kind ?? "none"}>
          {stageLine(v, you)}
        </p>
        {/* A roll's only clock is the away skip, which the board shows over its top edge. */}
        {p?.deadline && p.kind !== "roll" && (
          <Countdown deadline={Date.parse(p.deadline)} offset={s.clockOffset} urgentAt={5} testId="stage-countdown" />
        )}
      </div>
      {v.isExtraTurn && p?.kind === "roll" && <p className="sr-stagepanel__extra">Extra turn</p>}
      {recap && <p className="sr-stagepanel__recap">Last turn: {roll.playerName}</p>}
      {roll && (
        <p className="sr-stagepanel__roll">
          <DieFace value={roll.value} />{" "}
          <span>
            {roll.playerName} rolled {roll.value}
          </span>
        </p>
      )}
      {card && card.cardType !== "LUCK" && <CardView card={card} big={big} />}
      {luck && (
        <article className="sr-card sr-card--luck" data-testid="luck-view" data-turn={luck.turn}>
          <p className="sr-card__kind">Luck card</p>
          <p className="sr-card__question">{luck.question}</p>
          <p className="sr-verdict">{luck.message}</p>
        </article>
      )}
      {guess?.calculation && !guess.joker && <Calculation g={guess} />}
      {joker && (
        <article className="sr-card sr-card--joker" data-testid="joker-view">
          <p className="sr-card__kind">Joker</p>
          <p className="sr-card__question">{joker.jokerCard.question}</p>
          <p className="muted">Card says: {describeConsequence(joker.jokerCard.consequence)}</p>
          {joker.decision && (
            <p className="sr-verdict">The gamemaster {joker.decision === "approve" ? "approved" : "rejected"} it.</p>
          )}
        </article>
      )}
      {guess?.joker && (guess.calculation ? <Calculation g={guess} /> : <p className="sr-calc">{guess.message}</p>)}
    </section>
  );
}

function Calculation({ g }: { g: NonNullable<SerpentClient["guess"]> }) {
  const c = g.calculation!;
  return (
    <p className={g.guessCorrect ? "sr-calc sr-calc--right" : "sr-calc sr-calc--wrong"} data-testid="calculation">
      {g.joker ? "Joker: " : ""}
      {formula(c)} = <strong>{c.calculatedPosition}</strong>. {g.playerName} guessed {g.guessedPosition}
      {g.guessCorrect ? ": right!" : `: wrong, 2 back to ${g.finalPosition}.`}
    </p>
  );
}
