import { useState } from "react";
import { AccountForm } from "../../kit/AccountForm";
import { signOut, useAccount } from "../../kit/account";

/**
 * Who is playing, and whether that ranks: today's game counts on the leaderboard only for a
 * signed-in account (docs/games/cricket-bingo.md, "Decisions"); a guest plays the same game,
 * unranked, and is shown how to rank. Practice days are never ranked, whoever plays.
 */
export function Who({ practice, ended = false }: { practice: boolean; ended?: boolean }) {
  const account = useAccount();
  const [open, setOpen] = useState(false);
  if (account)
    return (
      <p className="who who--ranked small" data-testid="bingo-who" data-ranked={practice ? undefined : "yes"}>
        <span>
          Playing as <strong>{account.displayName}</strong>
          {practice ? ": practice games are never ranked." : ": today's game counts on the leaderboard."}
        </span>
        <button type="button" className="who__link" onClick={() => void signOut()} data-testid="bingo-sign-out">
          Sign out
        </button>
      </p>
    );
  return (
    <div className="stack stack--tight">
      <p className="who small" data-testid="bingo-who">
        <span>
          {practice
            ? "Playing as a guest. Practice games are never ranked."
            : ended
              ? "Sign in, and your next day's game counts on the leaderboard."
              : "Playing as a guest: your game is not ranked, but you will see where it would have placed. To rank, sign in before you play."}
        </span>
        {!open && (
          <button type="button" className="who__link" onClick={() => setOpen(true)} data-testid="bingo-sign-in">
            {ended ? "Sign in" : "Sign in to play ranked"}
          </button>
        )}
      </p>
      {open && (
        <AccountForm
          title="Sign in to play ranked"
          why="Ranked games belong to an account: one attempt a day per grid, on the leaderboard under your account's name. Guests play the same puzzle, unranked."
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
