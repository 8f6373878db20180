import { useState } from "react";
import { AccountForm } from "../../../kit/AccountForm";
import { signOut, useAccount } from "../../../kit/account";

/** Who is signed in, with sign-out; or a way to sign in for those who are not. */
export function AccountBar() {
  const account = useAccount();
  const [open, setOpen] = useState(false);
  if (account)
    return (
      <p className="sd-account small" data-testid="deck-account">
        Signed in as <strong>{account.displayName}</strong>
        <button type="button" className="sd-link-btn" onClick={() => void signOut()} data-testid="sign-out">
          Sign out
        </button>
      </p>
    );
  return (
    <div className="stack">
      <p className="sd-account small" data-testid="deck-account">
        Not signed in: you can read public decks and write one; saving needs an account.
        {!open && (
          <button type="button" className="sd-link-btn" onClick={() => setOpen(true)} data-testid="sign-in-open">
            Sign in
          </button>
        )}
      </p>
      {open && (
        <AccountForm title="Sign in" why="Your decks are kept with your account." onClose={() => setOpen(false)} />
      )}
    </div>
  );
}
