import { type FormEvent, useState } from "react";
import { Button } from "./Button";
import { MAX_NAME, savedName } from "./identity";

/** "What should we call you?": one name per person, kept for the next game. */
export function NameForm({
  title,
  onName,
  action = "Join",
}: {
  title: string;
  onName(name: string): void;
  action?: string;
}) {
  const [name, setName] = useState(savedName());
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const n = name.replace(/\s+/g, " ").trim();
    if (!n) {
      setError("Type the name the others will see.");
      return;
    }
    onName(n.slice(0, MAX_NAME));
  }
  return (
    <form className="card stack" onSubmit={submit} data-testid="name-form">
      <h1>{title}</h1>
      <label className="prompt" htmlFor="player-name">
        Your name
      </label>
      <input
        id="player-name"
        className="text-input"
        value={name}
        maxLength={MAX_NAME}
        autoComplete="nickname"
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        aria-invalid={error !== null}
        data-testid="player-name"
      />
      {error && (
        <p className="note note--bad" role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" size="lg" testId="name-submit">
          {action}
        </Button>
      </div>
    </form>
  );
}
