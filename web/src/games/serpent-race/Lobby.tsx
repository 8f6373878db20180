import { useEffect, useState } from "react";
import { AccountForm } from "../../kit/AccountForm";
import { signOut, useAccount } from "../../kit/account";
import { errorText } from "../../kit/api";
import { Button } from "../../kit/Button";
import { JoinByCode } from "../../kit/JoinByCode";
import { Link } from "../../kit/Link";
import { LobbyPage } from "../../kit/LobbyPage";
import { type MyGame, markGamemaster, myGames } from "./api";
import { CreateForm } from "./screens/CreateForm";
import "./serpent.css";

/** /serpent: host a race as gamemaster (with an account), or join one by its code. */
export function SerpentLobby() {
  const account = useAccount();
  return (
    <LobbyPage
      title="SerpentRace"
      eyebrow="2 to 10 players · a classroom race"
      className="sr-home"
      intro={
        <>
          A board of 100 fields (or as many as the gamemaster picks), a die and a deck of questions. Answer well on a
          reward field and you may move on, if you can work out where you land; slip on a penalty field and you pay for
          it. The gamemaster projects the board and rules on the jokers; everyone else plays on their phone.
        </>
      }
    >
      <JoinByCode prefix="/serpent" inputClassName="sr-code-input" />

      {account ? (
        <>
          <div className="row row--between row--wrap sr-signed-in" data-testid="signed-in">
            <span>
              Signed in as <strong>{account.displayName}</strong>
            </span>
            <Button variant="ghost" onClick={() => void signOut()} testId="sign-out">
              Sign out
            </Button>
          </div>
          <CreateForm />
          <MyGames />
        </>
      ) : (
        <AccountForm
          title="Host a race"
          why="The gamemaster needs an account: it keeps your decks, your organisations and your games. Players don't need one for a public game."
        />
      )}

      <div className="card stack">
        <h2>Decks</h2>
        <p className="muted">
          Write your own questions (multiple choice, matching, word order, true or false, own answers, closest number),
          luck cards and jokers, or import a deck as JSON.
        </p>
        <div>
          <Link href="/serpent/decks" className="btn btn--secondary btn--md" data-testid="deck-editor-link">
            Open the deck editor
          </Link>
        </div>
      </div>

      <HowToPlay />
    </LobbyPage>
  );
}

/** The gamemaster's open games, to get back to one from another device. */
function MyGames() {
  const [games, setGames] = useState<MyGame[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    myGames()
      .then((g) => setGames(g.filter((x) => x.open && x.gamePhase !== "ended")))
      .catch((e) => setProblem(errorText(e)));
  }, []);
  if (problem)
    return (
      <p className="note note--bad" role="alert">
        Could not load your games: {problem}
      </p>
    );
  if (!games || games.length === 0) return null;
  return (
    <div className="card stack" data-testid="my-games">
      <h2>Your games</h2>
      <ul className="sr-my-games">
        {games.map((g) => (
          <li key={g.id} className="row row--between row--wrap">
            <span>
              <strong className="sr-mono">{g.gamecode}</strong>{" "}
              <span className="muted small">
                {g.gamePhase === "waiting" ? "in the lobby" : "racing"} · {g.players.length} player
                {g.players.length === 1 ? "" : "s"}
              </span>
            </span>
            <Link
              href={`/serpent/${g.gamecode}`}
              className="btn btn--secondary btn--md"
              onClick={() => markGamemaster(g.gamecode, g.id)}
            >
              Open
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function HowToPlay() {
  return (
    <div className="card stack">
      <h2>How a turn plays</h2>
      <ol className="sr-howto">
        <li>Roll the die (the server rolls, or type what a real die showed) and move.</li>
        <li>
          On a <span className="sr-chip sr-chip--positive">+ reward</span> or{" "}
          <span className="sr-chip sr-chip--negative">− penalty</span> field you answer a question card in 60 seconds.
        </li>
        <li>
          Right on a reward field, or wrong on a penalty field: work out where you land. Your position before the roll,
          plus the die, plus the field's step value, plus the zone's modifier. Guess wrong and you go back 2.
        </li>
        <li>
          Landing on a question field again draws a joker: the gamemaster approves or rejects it, and it moves you 6
          plus the same bonuses.
        </li>
        <li>
          A <span className="sr-chip sr-chip--luck">★ luck</span> field acts at once: move on, go back, lose a turn or
          win an extra one. The first to the last field wins.
        </li>
      </ol>
    </div>
  );
}
