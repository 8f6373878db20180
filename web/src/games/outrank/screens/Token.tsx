import { CATEGORY_LABEL, DIMENSION_LABEL, DIMENSIONS, exactValue, formatValue } from "../game";
import type { TokenView } from "../wire";

interface Props {
  t: TokenView;
  /** The current stat's unit, to write a value that is public. */
  unit?: string;
  size?: "sm" | "md" | "lg";
  /** Tap to choose (a button); without it the token is only shown. */
  onPick?(): void;
  selected?: boolean;
  /** Tags to mark as matching (the cash-out picker's chosen or shared tags). */
  match?: readonly string[];
  /** Shown faded (cannot be chosen now). */
  dim?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A token: its name, its value once that is public, and its four tag markers (the document
 * puts them round the edge; here a row of coloured chips, one colour per tag dimension).
 */
export function Token({ t, unit, size = "md", onPick, selected, match, dim, disabled, className, testId }: Props) {
  const cls = [
    "or-token",
    `or-token--${size}`,
    `or-token--${t.category}`,
    selected && "is-selected",
    dim && "is-dim",
    match?.some((m) => DIMENSIONS.some((d) => t.tags[d] === m)) && "is-match",
    onPick && "is-pickable",
    className,
  ]
    .filter(Boolean)
    .join(" ");
  const value = t.value !== undefined && unit !== undefined ? formatValue(t.value, unit) : null;
  const labels = DIMENSION_LABEL[t.category];
  const body = (
    <>
      <span className="or-token__name">{t.name}</span>
      {value !== null && (
        <span
          className="or-token__value"
          title={exactValue(t.value as number, unit as string)}
          data-testid="token-value"
        >
          {value}
        </span>
      )}
      <span className="or-tags" aria-hidden="true">
        {DIMENSIONS.map((d) => (
          <span
            key={d}
            className={`or-tag or-tag--${d}${match?.includes(t.tags[d]) ? " is-match" : ""}`}
            title={`${labels[d]}: ${t.tags[d]}`}
          >
            {t.tags[d]}
          </span>
        ))}
      </span>
    </>
  );
  const aria = `${t.name}${value !== null ? `, ${value}` : ""}. ${CATEGORY_LABEL[t.category]} tags: ${DIMENSIONS.map((d) => `${labels[d]} ${t.tags[d]}`).join(", ")}.`;
  if (onPick)
    return (
      <button
        type="button"
        className={cls}
        onClick={onPick}
        aria-pressed={selected ?? false}
        aria-label={aria}
        disabled={disabled}
        data-testid={testId}
        data-token={t.id}
      >
        {body}
      </button>
    );
  return (
    <div className={cls} role="img" aria-label={aria} data-testid={testId} data-token={t.id}>
      {body}
    </div>
  );
}
