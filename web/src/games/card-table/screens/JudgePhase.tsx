import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import { isPending } from "../reducer";
import { isJudge, judgingOf, mySlot, playerOf, promptOf } from "../table";
import type { GameStateView } from "../wire";
import { MyHand } from "./MyHand";
import { PromptCard } from "./PromptCard";
import type { ScreenProps } from "./props";
import { nameIn } from "./RoundResult";

/**
 * The judge reads the anonymous answers, each filled into the prompt, and picks one; at a
 * table that votes (the server's `judging.voting`) everyone votes for one that is not their
 * own (the server lists which).
 */
export function JudgePhase(props: ScreenProps) {
  const { s, v, room } = props;
  const prompt = promptOf(v);
  const voting = v.judging?.voting === true;
  const votable = new Set(v.legalActions.flatMap((a) => (a.type === "selectWinner" && a.index ? [a.index] : [])));
  const judging = isJudge(v) || votable.size > 0;
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
        <h2 data-testid="judge-heading">{heading(v, judging, voting, judge?.name)}</h2>
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
                    disabled={busy || own || (voting && !votable.has(e.index))}
                    testId={`judge-pick-${e.index}`}
                    aria-label={
                      own ? `Answer ${e.index} is your own` : `${voting ? "Vote for" : "Pick"} answer ${e.index}`
                    }
                  >
                    {own ? "Your own" : `${voting ? "Vote" : "Pick"} #${e.index}`}
                  </Button>
                )}
                {voting && v.roundState.myVote === e.index && (
                  <span className="ct-badge" data-testid={`my-vote-${e.index}`}>
                    your vote
                  </span>
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

/** What the table is waiting for: the judge's pick, or the votes still to come. */
function heading(v: GameStateView, judging: boolean, voting: boolean, judgeName: string | undefined): string {
  if (!voting) return judging ? "Pick the best answer" : `${judgeName ?? "The judge"} is choosing…`;
  if (judging) return "Vote for the best answer (not your own)";
  const voted = v.roundState.voted?.length ?? 0;
  return v.roundState.myVote !== undefined
    ? `You voted. ${voted} ${voted === 1 ? "vote is" : "votes are"} in…`
    : "The table is voting…";
}
