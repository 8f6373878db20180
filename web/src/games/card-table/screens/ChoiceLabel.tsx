import type { ReactNode } from "react";

/**
 * The words of a block choice on the set-up forms (a game, a pack, a variant, a house rule):
 * its name in bold, an optional note beside it, its description below. One component so the
 * lobby's and the settings' choices read alike and change together.
 */
export function ChoiceLabel({
  name,
  note,
  description,
}: {
  name: ReactNode;
  note?: ReactNode;
  description: ReactNode;
}) {
  return (
    <span>
      <strong>{name}</strong>
      {note !== undefined && (
        <>
          {" "}
          <span className="muted small">{note}</span>
        </>
      )}
      <span className="ct-choice__desc">{description}</span>
    </span>
  );
}
