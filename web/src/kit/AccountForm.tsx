import { type FormEvent, useId, useState } from "react";
import { register, signIn } from "./account";
import { errorText } from "./api";
import { Button } from "./Button";
import { Problem } from "./fields";

/**
 * Sign in or create an account, in place (the platform's accounts, for any game that needs
 * one): a teacher who hosts, a student joining a class game, a teacher saving a deck. The
 * one form every page uses. `onDone` runs once signed in; with `onCancel` the form offers
 * "Not now" (for a page that works signed out too); `onClose` is both, for a form that only
 * goes away either way.
 */
export function AccountForm({
  title,
  why,
  onClose,
  onDone = onClose,
  onCancel = onClose,
}: {
  title: string;
  why?: string;
  onDone?: () => void;
  onCancel?: () => void;
  onClose?: () => void;
}) {
  const [mode, setMode] = useState<"signin" | "register">("signin");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [displayName, setDisplayName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setProblem("Type your email and password.");
      return;
    }
    if (mode === "register" && !displayName.trim()) {
      setProblem("Type the name others will see.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (mode === "signin") await signIn(email.trim(), password);
      else await register(email.trim(), password, displayName.replace(/\s+/g, " ").trim());
      onDone?.();
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      className="card stack account-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={field("title")}
      data-testid="account-form"
    >
      <div className="stack stack--tight">
        <h2 id={field("title")}>{title}</h2>
        {why && <p className="muted">{why}</p>}
      </div>
      <div className="account-form__tabs">
        <button
          type="button"
          className={mode === "signin" ? "account-form__tab is-on" : "account-form__tab"}
          aria-pressed={mode === "signin"}
          onClick={() => setMode("signin")}
          data-testid="account-mode-signin"
        >
          Sign in
        </button>
        <button
          type="button"
          className={mode === "register" ? "account-form__tab is-on" : "account-form__tab"}
          aria-pressed={mode === "register"}
          onClick={() => setMode("register")}
          data-testid="account-mode-register"
        >
          Create an account
        </button>
      </div>
      {mode === "register" && (
        <label className="account-form__field" htmlFor={field("name")}>
          <span className="label">Your name</span>
          <input
            id={field("name")}
            className="text-input"
            value={displayName}
            maxLength={40}
            autoComplete="name"
            onChange={(e) => setDisplayName(e.target.value)}
            data-testid="account-name"
          />
        </label>
      )}
      <label className="account-form__field" htmlFor={field("email")}>
        <span className="label">Email</span>
        <input
          id={field("email")}
          className="text-input"
          type="email"
          value={email}
          autoComplete="email"
          onChange={(e) => setEmail(e.target.value)}
          data-testid="account-email"
        />
      </label>
      <label className="account-form__field" htmlFor={field("password")}>
        <span className="label">Password</span>
        <input
          id={field("password")}
          className="text-input"
          type="password"
          value={password}
          autoComplete={mode === "signin" ? "current-password" : "new-password"}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={mode === "register" ? field("hint") : undefined}
          data-testid="account-password"
        />
        {mode === "register" && (
          <span id={field("hint")} className="muted small">
            At least 10 characters, with a letter and a digit or symbol.
          </span>
        )}
      </label>
      <Problem testId="account-error">{problem}</Problem>
      <div className="row row--wrap">
        <Button type="submit" variant="primary" size="lg" disabled={busy} testId="account-submit">
          {busy ? "One moment…" : mode === "signin" ? "Sign in" : "Create the account"}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="lg" onClick={onCancel} testId="account-cancel">
            Not now
          </Button>
        )}
      </div>
    </form>
  );
}
