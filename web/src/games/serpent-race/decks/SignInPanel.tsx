import { type FormEvent, useId, useState } from "react";
import { register, signIn } from "../../../kit/account";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";

interface Props {
  /** Why the panel is shown, e.g. "Sign in to save this deck." */
  reason: string;
  /** Called once signed in (the account hook re-renders the page as well). */
  onSignedIn?: () => void;
  onCancel?: () => void;
}

/** Sign in or create an account in place, without leaving the deck being edited. */
export function SignInPanel({ reason, onSignedIn, onCancel }: Props) {
  const [mode, setMode] = useState<"in" | "up">("in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mode === "in") await signIn(email.trim(), password);
      else await register(email.trim(), password, displayName.trim());
      onSignedIn?.();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card sd-signin stack" onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="deck-signin">
      <div className="stack stack--tight">
        <h2 id={`${id}-title`}>{mode === "in" ? "Sign in" : "Create an account"}</h2>
        <p className="muted">{reason}</p>
      </div>
      <div className="sd-tabs">
        <button type="button" className="sd-tab" aria-pressed={mode === "in"} onClick={() => setMode("in")}>
          I have an account
        </button>
        <button
          type="button"
          className="sd-tab"
          aria-pressed={mode === "up"}
          onClick={() => setMode("up")}
          data-testid="signin-register-tab"
        >
          I am new here
        </button>
      </div>
      {mode === "up" && (
        <label className="sd-field">
          <span className="sd-field__label">Your name</span>
          <input
            className="text-input"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            autoComplete="name"
            maxLength={40}
            required
            data-testid="signin-name"
          />
        </label>
      )}
      <label className="sd-field">
        <span className="sd-field__label">Email</span>
        <input
          className="text-input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
          data-testid="signin-email"
        />
      </label>
      <label className="sd-field">
        <span className="sd-field__label">Password</span>
        <input
          className="text-input"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete={mode === "in" ? "current-password" : "new-password"}
          aria-describedby={mode === "up" ? `${id}-pw` : undefined}
          required
          data-testid="signin-password"
        />
        {mode === "up" && (
          <span id={`${id}-pw`} className="small muted">
            At least 10 characters, with letters and a digit or symbol.
          </span>
        )}
      </label>
      {error && (
        <p className="note note--bad" role="alert" data-testid="signin-error">
          {error}
        </p>
      )}
      <div className="row row--wrap">
        <Button type="submit" variant="primary" disabled={busy} testId="signin-submit">
          {mode === "in" ? "Sign in" : "Create account"}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Not now
          </Button>
        )}
      </div>
    </form>
  );
}
