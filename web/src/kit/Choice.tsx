import type { ReactNode } from "react";

/**
 * One of a few choices (a radio button), or a choice to make or not (`checkbox`): the box and
 * its words, the whole label a target.
 */
export function Choice(props: {
  name?: string;
  checkbox?: boolean;
  checked: boolean;
  onChoose(checked: boolean): void;
  disabled?: boolean;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <label className={props.className}>
      <input
        type={props.checkbox ? "checkbox" : "radio"}
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChoose(e.target.checked)}
        disabled={props.disabled}
        data-testid={props.testId}
      />
      {props.children}
    </label>
  );
}

/**
 * A group of radio buttons: `one(value)` gives each its props (the group's name, whether it
 * is the one chosen, choosing it, its test id: `<name>-<value>` unless `testId` says).
 */
export function radios<V extends string | number>(
  name: string,
  chosen: V,
  choose: (value: V) => void,
  testId: (value: V) => string = (v) => `${name}-${v}`,
) {
  return (value: V) => ({ name, checked: chosen === value, onChoose: () => choose(value), testId: testId(value) });
}
