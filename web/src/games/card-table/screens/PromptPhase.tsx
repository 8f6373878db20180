import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import { isPending } from "../reducer";
import { isJudge, judgingOf, playerOf } from "../table";
import { MyHand } from "./MyHand";
import type { ScreenProps } from "./props";
import { RoundResult } from "./RoundResult";

/** Between rounds: last round's result, and the judge draws the next prompt. */
export function PromptPhase(props: ScreenProps) {
  const { s, v, room } = props;
  const j = judgingOf(v);
  const judge = playerOf(v, v.roles.judge);
  const playing = v.status === "playing";
  return (
    <section className="ct-phase stack" data-testid="phase-PROMPT">
      {v.lastRound && <RoundResult s={s} v={v} round={v.lastRound} />}
      <div className="card stack center ct-turn">
        {isJudge(v) ? (
          <>
            <h2>You judge round {v.round}</h2>
            <p className="muted">
              Draw a prompt. Everyone else answers it from their hand, and you pick the best answer.
            </p>
            <Button
              variant="primary"
              size="lg"
              onClick={() => room.send({ type: "draw", deckId: j.promptDeck, count: 1, toZone: j.promptSlot })}
              disabled={!playing || isPending(s, "draw")}
              testId="draw-prompt"
            >
              Draw the prompt
            </Button>
          </>
        ) : (
          <p className="ct-waiting" data-testid="waiting-for-judge">
            {judge ? `${judge.name} is drawing a prompt for round ${v.round}.` : "Waiting for a judge."}
          </p>
        )}
        {v.judgeGraceEndsAt !== null && judge && (
          <p className="note small" data-testid="judge-grace">
            {judge.name} is away. The judge passes on in{" "}
            <Countdown
              deadline={v.judgeGraceEndsAt}
              offset={s.clockOffset}
              urgentAt={5}
              testId="judge-grace-countdown"
            />
          </p>
        )}
      </div>
      <MyHand {...props} />
    </section>
  );
}
