import { type FormEvent, useState } from "react";
import { Button } from "./Button";
import { FieldError, TextBox } from "./fields";

interface Props {
  title: string;
  inputId: string;
  inputClassName: string;
  testIds: { input: string; button: string; error: string };
  className: string;
  variant: "primary" | "secondary";
  /** What the typed text leads to: null once it is on its way, else what is wrong with it. */
  go(text: string): Promise<string | null> | string | null;
}

/** A room code (or a pasted invite link) in a box, and a button that follows it. */
export function CodeForm({ title, inputId, inputClassName, testIds, className, variant, go }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const problem = await go(code);
    setError(problem);
    setBusy(false);
  }

  return (
    <form className={className} onSubmit={submit}>
      <h2>
        <label htmlFor={inputId}>{title}</label>
      </h2>
      <div className="row">
        <TextBox
          id={inputId}
          className={inputClassName}
          value={code}
          onValue={(c) => {
            setCode(c);
            setError(null);
          }}
          placeholder="ABC234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={error}
          testId={testIds.input}
        />
        <Button type="submit" variant={variant} size="lg" disabled={busy} testId={testIds.button}>
          {busy ? "Finding…" : "Join"}
        </Button>
      </div>
      <FieldError id={inputId} testId={testIds.error}>
        {error}
      </FieldError>
    </form>
  );
}

/** Room codes as every game's server accepts them, said to people. */
export const CODE_RULE = "Room codes are 3 to 32 letters or digits, like ABC234.";
