import { Layout } from "../kit/Layout";
import { Link } from "../kit/Link";
import { useTitle } from "../kit/useTitle";
import { EnterCode } from "./EnterCode";
import { GAMES, type GameEntry } from "./games";
import "./home.css";

export function Home() {
  useTitle("");
  return (
    <Layout wide>
      <section className="hero">
        <h1>Games for the group chat.</h1>
        <p className="hero__lead muted">
          Open a room, send the link, and play in the browser. No accounts, no installs.
        </p>
      </section>
      <EnterCode />
      <ul className="game-grid" aria-label="Games">
        {GAMES.map((g) => (
          <li key={g.id}>
            <GameCard game={g} />
          </li>
        ))}
      </ul>
    </Layout>
  );
}

function GameCard({ game }: { game: GameEntry }) {
  const body = (
    <>
      <span className="game-card__glyph" aria-hidden="true">
        {game.glyph}
      </span>
      <span className="game-card__head">
        <span className="game-card__name">{game.name}</span>
        {game.href ? (
          <span className="badge badge--live">Play now</span>
        ) : (
          <span className="badge badge--soon">Coming soon</span>
        )}
      </span>
      <span className="game-card__pitch">{game.pitch}</span>
      <span className="game-card__players muted">{game.players}</span>
    </>
  );
  if (game.href)
    return (
      <Link href={game.href} className="game-card game-card--live" data-testid={`game-${game.id}`}>
        {body}
      </Link>
    );
  return (
    <div className="game-card game-card--soon" data-testid={`game-${game.id}`} aria-disabled="true">
      {body}
    </div>
  );
}
