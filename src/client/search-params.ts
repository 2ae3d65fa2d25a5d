// Parsers for URL search params in route options. Route options load with the first page, so they
// stay free of zod (which only the screens that need it should pull in). Bad values become undefined.

export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function text(value: unknown, max = 200): string | undefined {
  if (typeof value === 'number') value = String(value);
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function uuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

export function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}

/** Drops undefined entries so URLs stay clean. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * How the router reads one search value: JSON like TanStack's default (so `true`, objects and
 * quoted strings round-trip), except that numbers stay the text that was typed. A hand-written or
 * shared link like `?q=173e3813` or `?q=007` is a search for that text, not Infinity or 7.
 * Throws on plain text, which the router then keeps as it is.
 */
export function parseSearchValue(value: string): unknown {
  const parsed: unknown = JSON.parse(value);
  return typeof parsed === 'number' ? value : parsed;
}
