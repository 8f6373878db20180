import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from "react";
import { Button } from "./Button";
import { cleanName, MAX_NAME, savedName } from "./identity";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
  id: string;
  value: string;
  onValue(value: string): void;
  /** What is wrong with what was typed; `FieldError` with the same id says it, tied to the box for screen readers. */
  error?: string | null;
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** A one-line text box. */
export function TextBox({ id, value, onValue, error, testId, className, inputRef, ...rest }: Props) {
  return (
    <input
      id={id}
      ref={inputRef}
      className={className ? `text-input ${className}` : "text-input"}
      value={value}
      onChange={(e) => onValue(e.target.value)}
      {...(error === undefined ? {} : { "aria-invalid": error !== null })}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={testId ?? id}
      {...rest}
    />
  );
}

/** The box for the name a person plays under (kept to the kit's length). */
export const NameBox = (props: Props) => <TextBox maxLength={MAX_NAME} autoComplete="nickname" {...props} />;

/** What stops a form, said where it is read at once; nothing when all is well. */
export function Problem({ children, testId, id }: { children: ReactNode; testId?: string; id?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="note note--bad" role="alert" data-testid={testId}>
      {children}
    </p>
  );
}

/** Under a box: what is wrong with it, if anything (the box's `error` points here). */
export const FieldError = ({ id, children, testId }: { id: string; children: ReactNode; testId?: string }) => (
  <Problem id={`${id}-error`} testId={testId}>
    {children}
  </Problem>
);

/** A form's last words: what stops it, if anything, then its button (which waits while `busy`). */
export function SubmitRow(props: {
  problem: string | null;
  problemTestId?: string;
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <Problem testId={props.problemTestId}>{props.problem}</Problem>
      <div>
        <Button type="submit" variant="primary" size="lg" disabled={props.busy} testId={props.testId}>
          {props.children}
        </Button>
      </div>
    </>
  );
}

/**
 * A name being typed into a form: `box` goes to its NameBox (typing clears the error), and
 * `take()` gives the cleaned name, or null after saying that one is needed.
 */
export function useNameField(initial: () => string = savedName, needed = "Type the name the others will see.") {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const box = {
    value: name,
    error,
    onValue: (n: string) => {
      setName(n);
      setError(null);
    },
  };
  const take = (): string | null => {
    const clean = cleanName(name);
    setError(clean ? null : needed);
    return clean || null;
  };
  return { name, setName, error, setError, box, take };
}
