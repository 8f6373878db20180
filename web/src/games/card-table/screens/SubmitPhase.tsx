import { isPending } from "../reducer";
import {
  answerersOf,
  composeTarget,
  hasAnswered,
  isJudge,
  judgingOf,
  meOf,
  mySlot,
  playerOf,
  promptOf,
} from "../table";
import type { Card, GameStateView } from "../wire";
import { Composer } from "./Composer";
import { LastRoundPanel } from "./LastRoundPanel";
import { MyHand } from "./MyHand";
import { PromptCard } from "./PromptCard";
import type { ScreenProps } from "./props";

/** Answering: last round's result, the prompt, the viewer's numbered slots and hand, and who has answered so far. */
export function SubmitPhase(props: ScreenProps) {
  const { s, v, room } = props;
  const prompt = promptOf(v);
  const j = judgingOf(v);
  const me = meOf(v);
  const target = composeTarget(v);
  const hand = new Map((me?.hand ?? []).map((c) => [c.id, c]));
  // A blank card shows what the viewer has written on it so far.
  const picked = target ? s.draft.cards.flatMap((id) => writtenOn(hand.get(id), s.draft.texts[id])) : [];
  const answer = mySlot(v, j.submissionSlot);
  const wager = mySlot(v, j.wagerSlot);
  const composingAnswer = target !== null && !target.wager;
  const sending = isPending(s, "play");
  const submit = () => {
    if (target) room.play(s.draft.cards, target.slot, s.draft.texts);
  };
  const composer = (slotCards: Card[]) =>
    target && (
      <Composer
        played={slotCards}
        picked={picked}
        room={target.room}
        pending={sending}
        wager={target.wager}
        onMove={(from, to) => room.dispatch({ kind: "move", from, to })}
        onRemove={(cardId) => room.dispatch({ kind: "toggle", cardId })}
        onWrite={(cardId, text) => room.dispatch({ kind: "write", cardId, text })}
        onSubmit={submit}
      />
    );

  return (
    <section className="ct-phase stack" data-testid="phase-SUBMIT" data-pick={v.roundState.pick}>
      <LastRoundPanel s={s} v={v} />
      {prompt && (
        <PromptCard
          prompt={prompt}
          answers={composingAnswer ? [...answer, ...picked] : answer}
          showPick
          testId="prompt-card"
        />
      )}
      <RoleNote v={v} />
      {composingAnswer && composer(answer)}
      {me && !isJudge(v) && answer.length >= v.roundState.pick && (
        <p className="note" data-testid="answer-in">
          Your answer is in. {target?.wager ? "" : "Waiting for the others."}
        </p>
      )}
      {target?.wager && (
        <div className="ct-wager stack" data-testid="wager-panel">
          <h2 className="ct-panel__title">Gamble a point?</h2>
          <p className="muted small">
            Stake one of your points to play a second answer. If either of your answers wins you keep it; otherwise it
            goes to the round's winner. Skip this to keep your point.
          </p>
          {prompt && <PromptCard prompt={prompt} answers={[...wager, ...picked]} size="sm" testId="wager-preview" />}
          {composer(wager)}
        </div>
      )}
      {wager.length >= v.roundState.pick && wager.length > 0 && (
        <p className="note small" data-testid="wager-in">
          Your wager is in: two answers in the running.
        </p>
      )}
      <AnswerProgress v={v} />
      <MyHand {...props} />
    </section>
  );
}

/** A picked card as it will read: a blank one with the viewer's text (or still blank). */
function writtenOn(card: Card | undefined, text: string | undefined): Card[] {
  if (!card) return [];
  return card.properties.blank === true ? [{ ...card, properties: { ...card.properties, text: text ?? "" } }] : [card];
}

function RoleNote({ v }: { v: GameStateView }) {
  const me = meOf(v);
  const judge = playerOf(v, v.roles.judge);
  if (isJudge(v))
    return (
      <p className="ct-waiting" data-testid="judge-waits">
        You are the judge: the answers come to you once everyone has played.
      </p>
    );
  if (!me) return <p className="muted">{judge ? `${judge.name} judges this round.` : ""}</p>;
  if (me.presence === "away")
    return (
      <p className="note" data-testid="away-note">
        You are marked away, so this round goes on without you. Press “I'm back” to play.
      </p>
    );
  return null;
}

/** Who has answered so far (public at a real table: you can see who has put cards down). */
function AnswerProgress({ v }: { v: GameStateView }) {
  const people = answerersOf(v);
  const done = people.filter((p) => hasAnswered(v, p.id)).length;
  return (
    <div className="ct-progress" data-testid="answer-progress" aria-live="polite">
      <span className="label">
        {done} of {people.length} answered
      </span>
      <ul className="ct-progress__list">
        {people.map((p) => {
          const ok = hasAnswered(v, p.id);
          return (
            <li key={p.id} className={ok ? "ct-chip ct-chip--done" : "ct-chip"} data-testid={`answer-status-${p.id}`}>
              <span aria-hidden="true">{ok ? "✓" : "…"}</span> {p.id === v.you ? "You" : p.name}
              <span className="visually-hidden">{ok ? " has answered" : " is still choosing"}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
