/** A select's options, one per item: its value and the words shown for it. */
export function Options<T extends string | number>({
  values,
  label,
}: {
  values: readonly T[];
  label(value: T): string;
}) {
  return values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));
}
