import type { CardsClient } from "../reducer";
import type { GameStateView, LastRound } from "../wire";
import { PromptCard } from "./PromptCard";

/** The round just judged: who won with what, and the other (still anonymous) answers. */
export function RoundResult({ s, v, round }: { s: CardsClient; v: GameStateView; round: LastRound }) {
  const winner = round.submissions.find((e) => e.index === round.winningIndex);
  const who = round.winnerId ? (round.winnerId === v.you ? "You" : (s.names[round.winnerId] ?? round.winnerId)) : null;
  const others = round.submissions.filter((e) => e.index !== round.winningIndex && e.cards.length > 0);
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
      {others.length > 0 && (
        <details className="ct-others">
          <summary>The other answers ({others.length})</summary>
          <ul>
            {others.map((e) => (
              <li key={e.index}>{e.cards.map((c) => c.properties.text).join(" / ")}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
