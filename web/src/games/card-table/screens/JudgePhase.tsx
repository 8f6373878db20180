import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import { isPending } from "../reducer";
import { isJudge, judgingOf, mySlot, playerOf, promptOf } from "../table";
import { MyHand } from "./MyHand";
import { PromptCard } from "./PromptCard";
import type { ScreenProps } from "./props";
import { nameIn } from "./RoundResult";

/** The judge reads the anonymous answers, each filled into the prompt, and picks one. */
export function JudgePhase(props: ScreenProps) {
  const { s, v, room } = props;
  const prompt = promptOf(v);
  const judging = isJudge(v);
  const judge = playerOf(v, v.roles.judge);
  const entries = v.roundState.anonymized;
  const j = judgingOf(v);
  // A judge who took over after answering may not pick their own entry; their cards say which it is.
  const mine = new Set([...mySlot(v, j.submissionSlot), ...mySlot(v, j.wagerSlot)].map((c) => c.id));
  const busy = v.status !== "playing" || isPending(s, "selectWinner");
  // Once judged, every entry names its author (anonymity ends with the judging).
  const name = nameIn(s, v);
  return (
    <section className="ct-phase stack" data-testid="phase-JUDGE">
      <div className="row row--between row--wrap">
        <h2>{judging ? "Pick the best answer" : `${judge?.name ?? "The judge"} is choosing…`}</h2>
        {v.judgeGraceEndsAt !== null && judge && (
          <span className="note small" data-testid="judge-grace">
            {judge.name} is away; the judge passes on in{" "}
            <Countdown
              deadline={v.judgeGraceEndsAt}
              offset={s.clockOffset}
              urgentAt={5}
              testId="judge-grace-countdown"
            />
          </span>
        )}
      </div>
      {prompt && !entries && <PromptCard prompt={prompt} testId="prompt-card" />}
      {entries ? (
        <ol className="ct-entries" data-testid="submissions">
          {entries.map((e) => {
            const own = e.cards.some((c) => mine.has(c.id));
            return (
              <li key={e.index} className="ct-entry" data-testid={`entry-${e.index}`}>
                <span className="ct-entry__num" aria-hidden="true">
                  {e.index}
                </span>
                {prompt ? (
                  <PromptCard prompt={prompt} answers={e.cards} size="sm" />
                ) : (
                  <p>{e.cards.map((c) => c.properties.text).join(" / ")}</p>
                )}
                {e.playerId && (
                  <span className="ct-author" data-testid={`entry-author-${e.index}`} data-player={e.playerId}>
                    {name(e.playerId)}
                    {e.index === v.roundState.winningIndex && <span className="ct-badge ct-badge--done">won</span>}
                  </span>
                )}
                {judging && !v.roundState.outcome && (
                  <Button
                    variant="primary"
                    onClick={() => room.send({ type: "selectWinner", index: e.index })}
                    disabled={busy || own}
                    testId={`judge-pick-${e.index}`}
                    aria-label={own ? `Answer ${e.index} is your own` : `Pick answer ${e.index}`}
                  >
                    {own ? "Your own" : `Pick #${e.index}`}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="ct-waiting" data-testid="judge-reading">
          {v.roundState.entryCount} {v.roundState.entryCount === 1 ? "answer is" : "answers are"} in. The judge reads
          them alone; everyone sees the winner.
        </p>
      )}
      {entries && entries.length === 0 && <p className="muted">Nobody answered this round.</p>}
      <MyHand {...props} />
    </section>
  );
}
