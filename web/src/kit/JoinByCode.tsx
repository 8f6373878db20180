import { type FormEvent, useState } from "react";
/** Room codes as every game's server accepts them. */
import { ROOM_CODE_PATTERN } from "../../../src/engine/room-code";
import { Button } from "./Button";
import { navigate } from "./navigation";

/** Room codes as every game's server accepts them (one pattern, shared with the server). */
export const ROOM_CODE = ROOM_CODE_PATTERN;

interface Props {
  /** The game's path prefix, e.g. "/trivia": a room is `${prefix}/${code}`. */
  prefix: string;
  inputId: string;
  inputClassName: string;
  testIds: { input: string; button: string; error: string };
}

/** "Join with a code": takes a bare code or a pasted invite link and opens that room. */
export function JoinByCode({ prefix, inputId, inputClassName, testIds }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const errorId = `${inputId}-error`;

  function join(e: FormEvent) {
    e.preventDefault();
    // A pasted invite link works as well as the bare code.
    const c = (code.trim().split(`${prefix}/`).pop() ?? "").replace(/[/?#].*$/, "").toUpperCase();
    if (!ROOM_CODE.test(c)) {
      setError("Room codes are 3 to 32 letters or digits, like ABC234.");
      return;
    }
    navigate(`${prefix}/${encodeURIComponent(c)}`);
  }

  return (
    <form className="card stack" onSubmit={join}>
      <h2>
        <label htmlFor={inputId}>Join with a code</label>
      </h2>
      <div className="row">
        <input
          id={inputId}
          className={`text-input ${inputClassName}`}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          placeholder="ABC234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          data-testid={testIds.input}
        />
        <Button type="submit" variant="secondary" size="lg" testId={testIds.button}>
          Join
        </Button>
      </div>
      {error && (
        <p id={errorId} className="note note--bad" data-testid={testIds.error}>
          {error}
        </p>
      )}
    </form>
  );
}
