import { useState } from "react";
import { AccountForm } from "../kit/AccountForm";
import { signOut, useAccount } from "../kit/account";
import { Button } from "../kit/Button";
import { Layout } from "../kit/Layout";
import { Link } from "../kit/Link";
import { useTitle } from "../kit/useTitle";
import { EnterCode } from "./EnterCode";
import { GAMES, type GameEntry } from "./registry";
import "./home.css";

export function Home() {
  useTitle("");
  return (
    <Layout wide>
      <section className="hero">
        <h1>Games for the group chat.</h1>
        <p className="hero__lead muted" data-testid="hero-lead">
          Open a room, send the link, and play in the browser. Nothing to install, and most games need no account: a
          SerpentRace host signs in to run a game, and Cricket Bingo players sign in to be ranked.
        </p>
        <AccountLine />
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

/** Who is signed in, or a way to sign in for those who host a game that needs it. */
function AccountLine() {
  const account = useAccount();
  const [open, setOpen] = useState(false);
  if (account)
    return (
      <p className="hero__account small" data-testid="home-account">
        <span>
          Signed in as <strong>{account.displayName}</strong>.
        </span>
        <Button variant="ghost" onClick={() => void signOut()} testId="sign-out">
          Sign out
        </Button>
      </p>
    );
  if (open)
    return (
      <div className="hero__form">
        <AccountForm
          title="Sign in"
          why="One Parlor account for every game that uses one: hosting SerpentRace and saving its decks, and ranked Cricket Bingo."
          onClose={() => setOpen(false)}
        />
      </div>
    );
  return (
    <p className="hero__account small" data-testid="home-account">
      <Button variant="ghost" onClick={() => setOpen(true)} testId="sign-in-open">
        Sign in or create an account
      </Button>
    </p>
  );
}

function GameCard({ game }: { game: GameEntry }) {
  return (
    <article
      className="game-card game-card--live"
      data-testid={`game-${game.id}`}
      aria-labelledby={`game-${game.id}-name`}
    >
      <span className="game-card__glyph" aria-hidden="true">
        {game.glyph}
      </span>
      <h2 className="game-card__name" id={`game-${game.id}-name`}>
        {game.name}
      </h2>
      <p className="game-card__pitch">{game.pitch}</p>
      <p className="game-card__players muted">
        {game.players}
        {game.account && <span className="game-card__account"> · {game.account}</span>}
      </p>
      {/* The link covers the whole card (see home.css), so a tap anywhere on it plays. */}
      <Link href={game.path} className="btn btn--primary btn--md game-card__play" data-testid={`play-${game.id}`}>
        Play now<span className="visually-hidden">: {game.name}</span> <span aria-hidden="true">→</span>
      </Link>
    </article>
  );
}
