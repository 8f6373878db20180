import type { CardsClient } from "../reducer";
import { RANDO } from "../table";
import type { GameStateView, LastRound, SubmissionView, Wager } from "../wire";
import { FilledText, PromptCard } from "./PromptCard";

/**
 * The round just judged, for everyone: who won with what, then every answer with the
 * name of who played it (anonymity ends with the judging), and where gambled points went.
 */
export function RoundResult({ s, v, round }: { s: CardsClient; v: GameStateView; round: LastRound }) {
  const name = nameIn(s, v);
  const winner = round.submissions.find((e) => e.index === round.winningIndex);
  const who = round.winnerId ? name(round.winnerId) : null;
  const answers = answersOf(round);
  return (
    <section className="ct-result stack" data-testid="round-result" data-round={round.round}>
      <h2 className="ct-result__title">
        Round {round.round}:{" "}
        {who ? (
          <span data-testid="round-winner" data-player={round.winnerId}>
            {who} {who === "You" ? "win" : "wins"}!
          </span>
        ) : (
          <span data-testid="round-winner">no winner</span>
        )}
      </h2>
      {round.prompt && winner && (
        <PromptCard prompt={round.prompt} answers={winner.cards} size="md" testId="winning-card" />
      )}
      {round.prompt && !winner && <PromptCard prompt={round.prompt} size="md" />}
      {round.prompt && answers.length > 0 && (
        <div className="stack stack--tight">
          <h3 className="ct-panel__title">Who played what</h3>
          <AnswerList round={round} answers={answers} name={name} testId="round-answers" />
        </div>
      )}
      {round.wagers && round.wagers.length > 0 && (
        <ul className="ct-wagers" data-testid="round-wagers">
          {round.wagers.map((w) => (
            <li key={w.playerId} data-testid={`wager-${w.playerId}`} data-outcome={w.outcome}>
              {wagerText(w, name)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every answer of a judged round, each with its author (and its votes, when the table voted). */
export function AnswerList(props: {
  round: LastRound;
  answers: SubmissionView[];
  name(id: string): string;
  testId: string;
}) {
  const { round, answers, name, testId } = props;
  return (
    <ul className="ct-answers" data-testid={testId}>
      {answers.map((e) => (
        <AnswerLine
          key={e.index}
          e={e}
          prompt={round.prompt!}
          name={name}
          won={e.index === round.winningIndex}
          placing={round.placings?.find((x) => x.index === e.index)}
        />
      ))}
    </ul>
  );
}

/** A judged round's answers, the winning one first, then in their anonymous order. */
export function answersOf(round: LastRound): SubmissionView[] {
  return [...round.submissions]
    .filter((e) => e.cards.length > 0)
    .sort(
      (a, b) => Number(b.index === round.winningIndex) - Number(a.index === round.winningIndex) || a.index - b.index,
    );
}

export function AnswerLine(props: {
  e: SubmissionView;
  prompt: NonNullable<LastRound["prompt"]>;
  name(id: string): string;
  won: boolean;
  /** voting: the answer's votes and points. */
  placing?: { votes: number; points: number } | undefined;
}) {
  const { e, prompt, name, won, placing } = props;
  return (
    <li className={won ? "ct-answer ct-answer--won" : "ct-answer"} data-testid={`answer-${e.index}`}>
      <FilledText prompt={prompt} answers={e.cards} />
      {e.playerId && (
        <span className="ct-author" data-testid={`answer-author-${e.index}`} data-player={e.playerId}>
          {name(e.playerId)}
          {won && <span className="ct-badge ct-badge--done">won</span>}
        </span>
      )}
      {placing && (
        <span className="ct-votes small" data-testid={`answer-votes-${e.index}`}>
          {placing.votes} {placing.votes === 1 ? "vote" : "votes"}
          {placing.points > 0 ? ` · +${placing.points}` : ""}
        </span>
      )}
    </li>
  );
}

/** Where one gambled point went (docs/games/card-table.md, Decisions D2). */
export function wagerText(w: Wager, name: (id: string) => string): string {
  const who = name(w.playerId);
  const you = who === "You";
  if (w.outcome === "kept") return `${who} kept the wagered point: ${you ? "your" : "their"} answer won.`;
  if (w.outcome === "lost")
    return `${you ? "Your" : `${who}'s`} wagered point went to ${w.to ? object(name(w.to)) : "the round's winner"}.`;
  return `${you ? "Your" : `${who}'s`} wagered point came back: nobody won the round.`;
}

const object = (n: string) => (n === "You" ? "you" : n);

/** Names as the table knows them, "You" for the viewer, even for players who have left. */
export function nameIn(s: CardsClient, v: GameStateView): (id: string) => string {
  return (id) => {
    if (id === v.you) return "You";
    if (id === RANDO) return s.names[id] ?? "Rando Cardrissian";
    return s.names[id] ?? v.players.find((p) => p.id === id)?.name ?? id;
  };
}
