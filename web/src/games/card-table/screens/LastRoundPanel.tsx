import { useState } from "react";
import { Button } from "../../../kit/Button";
import type { CardsClient } from "../reducer";
import type { GameStateView } from "../wire";
import { FilledText } from "./PromptCard";
import { AnswerList, answersOf, nameIn, wagerText } from "./RoundResult";

/**
 * The round just judged, kept in view while the next one is answered: the judge's draw no
 * longer wipes it. It goes when that round's judging begins (the phase changes), or when
 * the viewer hides it. Compact, so the new prompt and the hand stay near the top on a phone.
 */
export function LastRoundPanel({ s, v }: { s: CardsClient; v: GameStateView }) {
  const [hidden, setHidden] = useState<number | null>(null);
  const round = v.lastRound;
  if (!round || round.round >= v.round || hidden === round.round) return null;
  const name = nameIn(s, v);
  const winner = round.submissions.find((e) => e.index === round.winningIndex);
  const who = round.winnerId ? name(round.winnerId) : null;
  const answers = answersOf(round);
  return (
    <section className="ct-last stack stack--tight" data-testid="last-round" data-round={round.round}>
      <div className="ct-last__head">
        <h2 className="ct-last__title">
          <span className="ct-last__label">Last round</span>{" "}
          {who ? (
            <span data-testid="last-round-winner" data-player={round.winnerId}>
              {who} won
            </span>
          ) : (
            <span data-testid="last-round-winner">no winner</span>
          )}
        </h2>
        <Button
          variant="ghost"
          className="ct-last__hide"
          onClick={() => setHidden(round.round)}
          aria-label={`Hide round ${round.round}'s result`}
          testId="last-round-hide"
        >
          Hide
        </Button>
      </div>
      {round.prompt && winner && (
        <p className="ct-last__winning" data-testid="last-round-winning">
          <FilledText prompt={round.prompt} answers={winner.cards} />
        </p>
      )}
      {round.prompt && answers.length > 1 && (
        <details className="ct-others">
          <summary>Who played what</summary>
          <AnswerList round={round} answers={answers} name={name} testId="last-round-answers" />
        </details>
      )}
      {round.wagers && round.wagers.length > 0 && (
        <ul className="ct-wagers small">
          {round.wagers.map((w) => (
            <li key={w.playerId}>{wagerText(w, name)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
