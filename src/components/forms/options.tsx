/** The <option>s of a select over a list of values, each shown as `label(value)`. */
export function Options<T extends string>({ values, label }: { values: readonly T[]; label: (value: T) => string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}
