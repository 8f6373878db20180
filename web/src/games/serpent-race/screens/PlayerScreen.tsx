import { useState } from "react";
import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import { tokenColour } from "../board";
import { myTask } from "../reducer";
import { Board } from "./Board";
import { CardAnswer } from "./CardAnswer";
import { Chat } from "./Chat";
import { DicePanel } from "./DicePanel";
import { Feed } from "./Feed";
import { GuessPrompt } from "./GuessPrompt";
import type { RoomProps } from "./props";
import { StagePanel } from "./StagePanel";
import { Standings } from "./Standings";

/**
 * A player's phone during the race: their field and turn at the top, then what they must
 * do now (roll, answer, work out a position) with its countdown, or what the others are
 * doing; the board, the standings, what happened and the chat below.
 */
export function PlayerScreen({ room, s, v, onLeave }: RoomProps & { onLeave(): void }) {
  const you = v.you.playerId;
  const me = v.players.find((p) => p.playerId === you);
  const task = myTask(s);
  const latest = s.feed[0];
  return (
    <div className="sr-phone" data-testid="player-screen" data-task={task?.kind ?? "none"} data-turn={v.turnNumber}>
      {me && (
        <header className="sr-phone__me">
          <span
            className="sr-dot sr-dot--big"
            style={{ background: tokenColour(v.players, me.playerId) }}
            aria-hidden="true"
          />
          <span className="sr-phone__name">{me.playerName}</span>
          <span className="sr-phone__field" data-testid="my-position">
            {me.boardPosition === 0 ? "at the start" : `field ${me.boardPosition}`}
          </span>
          <span className="muted small">turn {v.turnNumber}</span>
        </header>
      )}
      {me && me.turnsToLose > 0 && (
        <p className="banner banner--warn" data-testid="skip-notice">
          You miss your next {me.turnsToLose === 1 ? "turn" : `${me.turnsToLose} turns`}.
        </p>
      )}
      {latest && !task && (
        <p className={`sr-latest sr-latest--${latest.tone}`} data-testid="latest">
          {latest.text}
        </p>
      )}
      {task ? <Task room={room} s={s} v={v} /> : <StagePanel s={s} v={v} />}
      {task && (task.kind === "guess" || task.kind === "jokerGuess") && <StagePanel s={s} v={v} />}
      <Board v={v} size="compact" offset={s.clockOffset} />
      <Standings v={v} you={you} />
      <Feed feed={s.feed} limit={6} />
      <Chat v={v} canSend onSend={(message) => room.send("game:chat", { message })} />
      <LeaveButton onLeave={onLeave} />
    </div>
  );
}

function Task({ room, s, v }: Pick<RoomProps, "room" | "s" | "v">) {
  const task = myTask(s)!;
  const deadline = task.deadline ? Date.parse(task.deadline) : null;
  const clock = <Countdown deadline={deadline} offset={s.clockOffset} urgentAt={5} testId="task-countdown" />;
  switch (task.kind) {
    case "roll":
      return (
        <section className="sr-panel sr-task">
          <DicePanel
            // A new turn (an extra one included) is a new die: nothing pressed yet.
            key={v.turnNumber}
            physical={v.settings.physicalDice}
            extra={v.isExtraTurn}
            onRoll={(diceValue) => room.send("game:dice-roll", diceValue === undefined ? {} : { diceValue })}
          />
        </section>
      );
    case "drawing":
    case "decision":
      // Nothing to do but watch: the card is on its way, or the gamemaster rules on the joker.
      return (
        <section className="sr-panel sr-task">
          <StagePanel s={s} v={v} />
        </section>
      );
    case "answer":
      return (
        <section className="sr-panel sr-task">
          <div className="row row--between">
            <span className="label">Your card</span>
            {clock}
          </div>
          {task.cardData ? (
            <CardAnswer
              key={task.cardData.cardid + task.deadline}
              card={task.cardData}
              onSubmit={(answer) => room.send("game:card-answer", { answer })}
            />
          ) : (
            <p className="muted">{task.card?.question ?? "Your card is on its way…"}</p>
          )}
        </section>
      );
    case "guess":
    case "jokerGuess":
      return (
        <section className="sr-panel sr-task">
          <div className="row row--between">
            <span className="label">{task.kind === "jokerGuess" ? "Joker move" : "Your move"}</span>
            {clock}
          </div>
          {task.guessRequest ? (
            <GuessPrompt
              key={task.deadline ?? task.kind}
              request={task.guessRequest}
              joker={task.kind === "jokerGuess"}
              onGuess={(guessedPosition) =>
                room.send(task.kind === "jokerGuess" ? "game:joker-position-guess" : "game:position-guess", {
                  guessedPosition,
                })
              }
            />
          ) : (
            <p className="muted">Your guess request is on its way…</p>
          )}
        </section>
      );
  }
}

function LeaveButton({ onLeave }: { onLeave(): void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <div className="sr-leave">
        <Button variant="ghost" onClick={() => setAsking(true)} testId="leave">
          Leave the race
        </Button>
      </div>
    );
  return (
    <div className="sr-leave note stack">
      <p>Leave for good? You drop out of the turn order and cannot come back into this race.</p>
      <div className="row">
        <Button variant="danger" onClick={onLeave} testId="leave-confirm">
          Leave
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          Stay
        </Button>
      </div>
    </div>
  );
}
