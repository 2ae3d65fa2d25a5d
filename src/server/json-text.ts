// The JSON text of an answer. A value the server keeps and serves again unchanged (a seller's list
// held under its version, ADR 0024) is serialized once, when it is first served.

/** Values marked as served again: null until first serialized, then their text. */
const textOf = new WeakMap<object, string | null>();

/**
 * Marks a value that will be served again unchanged. It is frozen (shallowly: its caller freezes what
 * it holds, and Date objects cannot be), and nothing on the server may change it.
 */
export function servedAgain<T extends object>(value: T): T {
  textOf.set(Object.freeze(value), null);
  return value;
}

export function jsonText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const text = textOf.get(value);
  if (text === undefined) return JSON.stringify(value);
  if (text !== null) return text;
  const serialized = JSON.stringify(value);
  textOf.set(value, serialized);
  return serialized;
}
