import { useEffect, useRef, useState } from "react";

/** A read-only value with a Copy button; falls back to selecting the text where clipboard access is refused. */
export function CopyField({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(id);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Insecure origins and some browsers block the clipboard API; leave the text selected instead.
      input.current?.select();
    }
  }

  return (
    <div className="copy-field">
      <label className="copy-field__label">
        <span className="visually-hidden">{label}</span>
        <input
          ref={input}
          className="copy-field__input"
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
        />
      </label>
      <button
        type="button"
        className="btn btn--secondary btn--md"
        onClick={copy}
        data-testid={testId && `${testId}-copy`}
      >
        {copied ? "Copied!" : "Copy"}
      </button>
    </div>
  );
}
