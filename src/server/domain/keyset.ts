// Keyset (cursor) pagination for the admin lists: a cursor is the sort value and id of a row, opaque
// to clients; a page is the rows strictly after (or before) it. Nothing here loads a whole table.
import { isStorableDate, isUuid, parseRecordId } from '~/shared/schemas/bounds.ts';
import { InvalidInputError } from './errors.ts';

export type Key = string | number;
export type Order = 'asc' | 'desc';

/**
 * Newest first, the order of every list that shows its latest rows first: by creation time, ties
 * broken by id so that a page never skips or repeats a row. A new array each call (Prisma's types
 * take mutable arrays).
 */
export const newestFirst = (): [{ createdAt: 'desc' }, { id: 'desc' }] => [{ createdAt: 'desc' }, { id: 'desc' }];

export interface Page<T> {
  items: T[];
  /** Cursor of the last item when more rows follow, else null. */
  nextCursor: string | null;
  /** Cursor of the first item when rows precede it, else null. */
  prevCursor: string | null;
}

export function encodeCursor(value: Key | Date | null, id: Key): string {
  const v = value instanceof Date ? value.toISOString() : value;
  return Buffer.from(JSON.stringify([v, id])).toString('base64url');
}

export function decodeCursor(cursor: string): [Key | null, Key] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      // PostgreSQL text cannot hold NUL: such a cursor was never issued by us.
      parsed.every((part, i) => (typeof part === 'string' && !part.includes('\0')) || typeof part === 'number' || (i === 0 && part === null))
    ) {
      return parsed as [Key | null, Key];
    }
  } catch {
    // fall through
  }
  throw new InvalidInputError('Invalid cursor');
}

export interface SortSpec {
  field: string;
  order: Order;
  /** How a cursor's sort value is turned back into a column value. */
  parse: (value: Key) => unknown;
  /** A nullable column: its nulls come last in `order` (first when paging backwards). */
  nullsLast?: true;
}

/**
 * Rows strictly after the cursor (value, id) in the order (field cmp-wise, nulls last, id). With
 * `nullsFirst` (a nulls-last order flipped for paging backwards) the null block comes before the values.
 */
function afterCursor(field: string, cmp: 'gt' | 'lt', value: unknown, id: Key, nullable: 'last' | 'first' | null): Record<string, unknown> {
  if (field === 'id') return { id: { [cmp]: id } };
  const sameValueLaterId = { [field]: value, id: { [cmp]: id } };
  if (nullable === null) return { OR: [{ [field]: { [cmp]: value } }, sameValueLaterId] };
  if (value === null) {
    const nullsAfterId = { [field]: null, id: { [cmp]: id } };
    // In the null block: later ids in it, and (nulls first) every non-null row after it.
    return nullable === 'last' ? nullsAfterId : { OR: [nullsAfterId, { [field]: { not: null } }] };
  }
  const later = [{ [field]: { [cmp]: value } }, sameValueLaterId];
  return { OR: nullable === 'last' ? [...later, { [field]: null }] : later };
}

export const asDate = (value: Key) => {
  const date = new Date(value);
  if (!isStorableDate(date)) throw new InvalidInputError('Invalid cursor');
  return date;
};
export const asString = (value: Key) => String(value);
export const asInt = (value: Key) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new InvalidInputError('Invalid cursor');
  return value;
};

/** The most rows one read of keysetPage asks for while it reads past rows `keep` dropped. */
const MAX_READ = 800;

/**
 * Runs a keyset-paginated findMany: rows strictly after (or before) the cursor in (sort field, id)
 * order, one extra row fetched to know whether another page exists. With `keep`, rows it drops are not
 * shown (nor counted, nor named by a cursor) and the rows after them are read until the page is full.
 */
export async function keysetPage<Row extends { id: Key }>(options: {
  where: Record<string, unknown>;
  sort: SortSpec;
  /** The page asked for: after (`next`) or before (`prev`) the cursor, at most `limit` rows. */
  page: { cursor?: string | undefined; direction: 'next' | 'prev'; limit: number };
  parseId: (value: Key) => Key;
  find: (args: { where: Record<string, unknown>; orderBy: Record<string, unknown>[]; take: number }) => Promise<Row[]>;
  keyOf: (row: Row) => Key | Date | null;
  /** Of rows read, those the caller may show (in their order); rows with a rule the database cannot state. */
  keep?: (rows: Row[]) => Promise<Row[]>;
}): Promise<Page<Row>> {
  const { sort } = options;
  const { cursor, limit } = options.page;
  const backwards = cursor !== undefined && options.page.direction === 'prev';
  const flip = (order: Order): Order => (order === 'asc' ? 'desc' : 'asc');
  const order = backwards ? flip(sort.order) : sort.order;
  const cmp = order === 'asc' ? 'gt' : 'lt';
  const nullable = sort.nullsLast ? (backwards ? 'first' : 'last') : null;
  const after = (value: unknown, id: Key) => ({ AND: [options.where, afterCursor(sort.field, cmp, value, id, nullable)] });
  let where = options.where;
  if (cursor !== undefined) {
    const [rawValue, rawId] = decodeCursor(cursor);
    if (rawValue === null && !sort.nullsLast) throw new InvalidInputError('Invalid cursor');
    where = after(rawValue === null ? null : sort.parse(rawValue), options.parseId(rawId));
  }
  const nulls = backwards ? 'first' : 'last';
  const orderBy = sort.field === 'id' ? [{ id: order }] : [sort.nullsLast ? { [sort.field]: { sort: order, nulls } } : { [sort.field]: order }, { id: order }];
  const rows: Row[] = [];
  for (let take = limit + 1; ; take = Math.min(take * 2, MAX_READ)) {
    const read = await options.find({ where, orderBy, take });
    rows.push(...(options.keep ? await options.keep(read) : read));
    const lastRead = read.at(-1);
    if (rows.length > limit || read.length < take || !lastRead) break;
    // Rows were dropped: read on from the last one read, in larger reads, so that a long run of dropped
    // rows costs a few reads rather than one per page's worth.
    where = after(options.keyOf(lastRead), lastRead.id);
  }
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  if (backwards) items.reverse();
  const first = items[0];
  const last = items[items.length - 1];
  const cursorOf = (row: Row) => encodeCursor(options.keyOf(row), row.id);
  return {
    items,
    nextCursor: last && (backwards || more) ? cursorOf(last) : null,
    prevCursor: first && (backwards ? more : cursor !== undefined) ? cursorOf(first) : null,
  };
}

export const parseIntId = (value: Key) => {
  const id = parseRecordId(value);
  if (id === null) throw new InvalidInputError('Invalid cursor');
  return id;
};
export const parseUuid = (value: Key) => {
  if (typeof value !== 'string' || !isUuid(value)) throw new InvalidInputError('Invalid cursor');
  return value;
};
