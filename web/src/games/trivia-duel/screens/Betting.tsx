import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import type { Perspective } from "../perspective";
import { paused } from "../reducer";
import type { BettingView, Seat } from "../wire";
import { clockOf, type ScreenProps } from "./props";
import { QuestionHeader } from "./QuestionHeader";
import { Scoreboard } from "./Scoreboard";

const BET_INTENTS = new Set(["BET", "MATCH", "RAISE", "FOLD"]);

export function Betting({ s, p, send }: ScreenProps) {
  const b = s.betting;
  // While the duel waits (a player away, or this page reconnecting) nothing can be pressed
  // (docs/games/trivia-duel.md, Decisions D8).
  const busy = (s.pending !== null && BET_INTENTS.has(s.pending)) || paused(s);
  const myTurn = b !== null && p.isPlayer && b.awaitingAction === p.me;
  return (
    <section className="phase" data-testid="phase-BETTING">
      <Scoreboard s={s} p={p} />
      <div className="card stack">
        <QuestionHeader s={s} />
        {b === null ? (
          <p className="status">Opening the betting…</p>
        ) : (
          <>
            <BetStory b={b} p={p} />
            {myTurn ? (
              <MyMove b={b} p={p} folds={s.foldsRemaining[p.me]} busy={busy} send={send} />
            ) : (
              b.awaitingAction && (
                <p className="status status--waiting" data-testid="betting-waiting">
                  {!p.isPlayer
                    ? `${p.name(b.awaitingAction)} to act…`
                    : b.bets[p.me] === null
                      ? `${p.name(p.opp)} is choosing a bet…`
                      : `Waiting for ${p.name(p.opp)}…`}
                </p>
              )
            )}
            {s.lastBet?.auto && s.lastBet.player !== b.awaitingAction && (
              <p className="muted small">
                {p.name(s.lastBet.player)} ran out of time, so the table moved for{" "}
                {p.isPlayer && s.lastBet.player === p.me ? "you" : "them"}.
              </p>
            )}
            <div className="row row--center">
              <Countdown deadline={b.awaitingAction ? b.deadline : null} {...clockOf(s)} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** "You bet 50, Bo raised to 100": the table so far, in one line. */
function BetStory({ b, p }: { b: BettingView; p: Perspective }) {
  const first = b.firstActor;
  const second = first === "P1" ? "P2" : "P1";
  const opening = b.bets[first];
  const answer = b.bets[second];
  if (opening === null) return null;
  const who = (seat: Seat) => (p.isPlayer && seat === p.me ? "you" : p.name(seat));
  const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  let text = `${cap(who(first))} bet ${opening}`;
  if (answer !== null && answer > opening) text += `, ${who(second)} raised to ${answer}`;
  else if (answer !== null) text += `, ${who(second)} matched`;
  return (
    <p className="story" data-testid="bet-story">
      {text}.
    </p>
  );
}

interface MoveProps {
  b: BettingView;
  p: Perspective;
  folds: number;
  busy: boolean;
  send: ScreenProps["send"];
}

/** The amounts to bet or raise to, a chip each; the one that puts everything in says so. */
function Chips(props: {
  kind: "BET" | "RAISE";
  amounts: number[];
  busy: boolean;
  send: MoveProps["send"];
  allIn?: number;
}) {
  const { kind } = props;
  return (
    <div className="chips">
      {props.amounts.map((n) => (
        <Button
          key={n}
          variant={kind === "BET" ? "primary" : "secondary"}
          size="lg"
          className={n === props.allIn ? "chip chip--wide" : "chip"}
          disabled={props.busy}
          onClick={() => props.send({ type: kind, amount: n })}
          testId={`${kind.toLowerCase()}-${n}`}
        >
          {n}
          {n === props.allIn && <span className="btn__note">all in</span>}
        </Button>
      ))}
    </div>
  );
}

function MyMove({ b, p, folds, busy, send }: MoveProps) {
  const can = (a: BettingView["availableActions"][number]) => b.availableActions.includes(a);
  const facing = b.bets[p.opp];
  const mine = b.contributions[p.me];
  return (
    <div className="stack" data-testid="betting-your-turn">
      {can("BET") && (
        <fieldset className="choice">
          <legend className="prompt">Place your bet</legend>
          <Chips kind="BET" amounts={b.betOptions} busy={busy} send={send} />
        </fieldset>
      )}
      {can("MATCH") && facing !== null && (
        <div className="row row--wrap">
          <Button variant="primary" size="lg" disabled={busy} onClick={() => send({ type: "MATCH" })} testId="match">
            Match {facing}
          </Button>
        </div>
      )}
      {can("RAISE") && b.raiseOptions.length > 0 && (
        <fieldset className="choice">
          <legend className="label">Raise to</legend>
          <Chips kind="RAISE" amounts={b.raiseOptions} busy={busy} send={send} allIn={b.effectiveStack} />
        </fieldset>
      )}
      <div className="row row--wrap">
        <Button variant="danger" disabled={busy || !can("FOLD")} onClick={() => send({ type: "FOLD" })} testId="fold">
          Fold <span className="btn__note">({folds} left)</span>
        </Button>
        <span className="muted small">
          {!can("FOLD")
            ? "No folds left: you have to play this one."
            : mine > 0
              ? `Folding gives up the ${mine} you put in.`
              : facing !== null
                ? "Folding costs no points, but uses a fold."
                : "Folding skips this question and uses a fold."}
        </span>
      </div>
    </div>
  );
}
