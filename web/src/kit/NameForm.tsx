import type { FormEvent } from "react";
import { Button } from "./Button";
import { FieldError, NameBox, useNameField } from "./fields";

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
  const field = useNameField();
  function submit(e: FormEvent) {
    e.preventDefault();
    const n = field.take();
    if (n) onName(n);
  }
  return (
    <form className="card stack" onSubmit={submit} data-testid="name-form">
      <h1>{title}</h1>
      <label className="prompt" htmlFor="player-name">
        Your name
      </label>
      <NameBox id="player-name" autoFocus {...field.box} testId="player-name" />
      <FieldError id="player-name">{field.error}</FieldError>
      <div>
        <Button type="submit" variant="primary" size="lg" testId="name-submit">
          {action}
        </Button>
      </div>
    </form>
  );
}
