// The admin panel's lists on the server: search, filters, sorting and keyset (cursor) pagination,
// counters computed by the database, and CSV export. Nothing here loads a whole table.
import { InvalidInputError } from './errors.ts';
import { sessionUserSelect } from '../auth/session-user.ts';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { z } from 'zod';
import type { activityListInput, prototypeFilters, prototypeListInput, userFilters, userListInput } from '~/shared/schemas/admin.ts';
import type { Db } from '../db/index.ts';
import { availableActions } from './prototype-workflow.ts';
import { prototypeSelect, toPrototypeView } from './prototype-view.ts';
import { effectiveStatus } from './user-status.ts';

type PrototypeListInput = z.output<typeof prototypeListInput>;
type UserListInput = z.output<typeof userListInput>;
type ActivityListInput = z.output<typeof activityListInput>;

// ---------------------------------------------------------------------------------------------
// Keyset pagination: a cursor is the sort value and id of a row, opaque to clients.

type Key = string | number;
type Order = 'asc' | 'desc';

export interface Page<T> {
  items: T[];
  /** Cursor of the last item when more rows follow, else null. */
  nextCursor: string | null;
  /** Cursor of the first item when rows precede it, else null. */
  prevCursor: string | null;
}

export function encodeCursor(value: Key | Date, id: Key): string {
  const v = value instanceof Date ? value.toISOString() : value;
  return Buffer.from(JSON.stringify([v, id])).toString('base64url');
}

function decodeCursor(cursor: string): [Key, Key] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed.every((part) => typeof part === 'string' || typeof part === 'number')
    ) {
      return parsed as [Key, Key];
    }
  } catch {
    // fall through
  }
  throw new InvalidInputError('Invalid cursor');
}

interface SortSpec {
  field: string;
  order: Order;
  /** How a cursor's sort value is turned back into a column value. */
  parse: (value: Key) => unknown;
}

const asDate = (value: Key) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new InvalidInputError('Invalid cursor');
  return date;
};
const asString = (value: Key) => String(value);

/**
 * Runs a keyset-paginated findMany: rows strictly after (or before) the cursor in (sort field, id)
 * order, one extra row fetched to know whether another page exists.
 */
async function keysetPage<Row extends { id: Key }>(options: {
  where: Record<string, unknown>;
  sort: SortSpec;
  cursor: string | undefined;
  direction: 'next' | 'prev';
  limit: number;
  parseId: (value: Key) => Key;
  find: (args: { where: Record<string, unknown>; orderBy: Record<string, Order>[]; take: number }) => Promise<Row[]>;
  keyOf: (row: Row) => Key | Date;
}): Promise<Page<Row>> {
  const { sort, cursor, limit } = options;
  const backwards = cursor !== undefined && options.direction === 'prev';
  const flip = (order: Order): Order => (order === 'asc' ? 'desc' : 'asc');
  const order = backwards ? flip(sort.order) : sort.order;
  const cmp = order === 'asc' ? 'gt' : 'lt';
  let where = options.where;
  if (cursor !== undefined) {
    const [rawValue, rawId] = decodeCursor(cursor);
    const value = sort.parse(rawValue);
    const id = options.parseId(rawId);
    const after =
      sort.field === 'id'
        ? { id: { [cmp]: id } }
        : { OR: [{ [sort.field]: { [cmp]: value } }, { [sort.field]: value, id: { [cmp]: id } }] };
    where = { AND: [options.where, after] };
  }
  const orderBy = sort.field === 'id' ? [{ id: order }] : [{ [sort.field]: order }, { id: order }];
  const rows = await options.find({ where, orderBy, take: limit + 1 });
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

const parseIntId = (value: Key) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw new InvalidInputError('Invalid cursor');
  return id;
};
const parseUuid = (value: Key) => {
  if (typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value)) throw new InvalidInputError('Invalid cursor');
  return value;
};

// ---------------------------------------------------------------------------------------------
// Counters (spec section 2): six numbers, each a COUNT in the database.

export async function adminCounters(db: Db) {
  const [byStatus, byRole] = await Promise.all([
    db.prototype.groupBy({ by: ['status'], _count: { _all: true } }),
    db.user.groupBy({ by: ['role'], _count: { _all: true } }),
  ]);
  const statusCount = (status: string) => byStatus.find((row) => row.status === status)?._count._all ?? 0;
  return {
    totalPrototypes: byStatus.reduce((sum, row) => sum + row._count._all, 0),
    pendingReview: statusCount('under_review'),
    approved: statusCount('approved'),
    rejected: statusCount('rejected'),
    totalUsers: byRole.reduce((sum, row) => sum + row._count._all, 0),
    activeUsers: byRole.find((row) => row.role === 'user')?._count._all ?? 0,
  };
}
export type AdminCounters = Awaited<ReturnType<typeof adminCounters>>;

// ---------------------------------------------------------------------------------------------
// Prototypes: the shared prototype view, plus who sold it, their documents and the offered actions.

export const adminPrototypeSelect = {
  ...prototypeSelect,
  seller: { select: { firstName: true, lastName: true, email: true } },
  assignee: { select: { firstName: true, lastName: true, email: true } },
  documents: {
    select: { id: true, fileName: true, fileType: true, fileSize: true, uploadedAt: true },
    orderBy: { uploadedAt: 'asc' },
  },
} satisfies Prisma.PrototypeSelect;
type AdminPrototypeRow = Prisma.PrototypeGetPayload<{ select: typeof adminPrototypeSelect }>;

export function fullName(person: { firstName: string | null; lastName: string | null } | null): string | null {
  if (!person) return null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

export function toAdminPrototypeView(row: AdminPrototypeRow) {
  const { seller, assignee, documents, ...base } = row;
  const view = toPrototypeView(base);
  return {
    ...view,
    sellerName: fullName(seller),
    sellerEmail: seller.email,
    assigneeName: assignee ? (fullName(assignee) ?? assignee.email) : null,
    documents,
    actions: availableActions(view),
  };
}
export type AdminPrototypeView = ReturnType<typeof toAdminPrototypeView>;

export function prototypeWhere(filters: z.output<typeof prototypeFilters>): Prisma.PrototypeWhereInput {
  const where: Prisma.PrototypeWhereInput = {};
  if (filters.status) where.status = filters.status;
  if (filters.energyType) where.energyType = filters.energyType;
  if (filters.priority) where.priority = filters.priority;
  if (filters.search) {
    const id = /^\d{1,9}$/.test(filters.search) ? Number(filters.search) : null;
    where.OR = [
      { prototypeName: { contains: filters.search, mode: 'insensitive' } },
      { inventorName: { contains: filters.search, mode: 'insensitive' } },
      ...(id ? [{ id }] : []),
    ];
  }
  return where;
}

const PROTOTYPE_SORT_SPECS: Record<PrototypeListInput['sort'], SortSpec> = {
  newest: { field: 'createdAt', order: 'desc', parse: asDate },
  oldest: { field: 'createdAt', order: 'asc', parse: asDate },
  name: { field: 'prototypeName', order: 'asc', parse: asString },
};

export async function listPrototypes(db: Db, input: PrototypeListInput): Promise<Page<AdminPrototypeView>> {
  const sort = PROTOTYPE_SORT_SPECS[input.sort];
  const page = await keysetPage({
    where: prototypeWhere(input),
    sort,
    cursor: input.cursor,
    direction: input.direction,
    limit: input.limit,
    parseId: parseIntId,
    find: (args) =>
      db.prototype.findMany({ ...(args as Prisma.PrototypeFindManyArgs), select: adminPrototypeSelect }),
    keyOf: (row) => (input.sort === 'name' ? row.prototypeName : row.createdAt),
  });
  return { ...page, items: page.items.map(toAdminPrototypeView) };
}

// ---------------------------------------------------------------------------------------------
// Users: what the User Management tab shows; never the password, bank details or provider ids.

// The current user's fields, less their own preferences: the same columns, never the secrets.
const { emailNotifications: _preference, ...adminUserFields } = sessionUserSelect;
export const adminUserSelect = adminUserFields satisfies Prisma.UserSelect;
type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

/** A restriction whose time has passed shows as active (it ended by itself). */
export function toAdminUserView(row: AdminUserRow, now = new Date()) {
  const status = effectiveStatus(row, now);
  return { ...row, status, restrictedUntil: status === 'restricted' ? row.restrictedUntil : null };
}
export type AdminUserView = ReturnType<typeof toAdminUserView>;

export function userWhere(filters: z.output<typeof userFilters>, now = new Date()): Prisma.UserWhereInput {
  const and: Prisma.UserWhereInput[] = [];
  if (filters.role) and.push({ role: filters.role });
  if (filters.status === 'banned') and.push({ status: 'banned' });
  if (filters.status === 'restricted') {
    and.push({ status: 'restricted', OR: [{ restrictedUntil: null }, { restrictedUntil: { gt: now } }] });
  }
  if (filters.status === 'active') {
    and.push({ OR: [{ status: 'active' }, { status: 'restricted', restrictedUntil: { lte: now } }] });
  }
  if (filters.search) {
    const words = filters.search.split(/\s+/).slice(0, 4);
    for (const word of words) {
      and.push({
        OR: [
          { email: { contains: word, mode: 'insensitive' } },
          { firstName: { contains: word, mode: 'insensitive' } },
          { lastName: { contains: word, mode: 'insensitive' } },
          { businessName: { contains: word, mode: 'insensitive' } },
        ],
      });
    }
  }
  return and.length ? { AND: and } : {};
}

const USER_SORT_SPECS: Record<UserListInput['sort'], SortSpec> = {
  newest: { field: 'createdAt', order: 'desc', parse: asDate },
  oldest: { field: 'createdAt', order: 'asc', parse: asDate },
  email: { field: 'email', order: 'asc', parse: asString },
};

export async function listUsers(db: Db, input: UserListInput): Promise<Page<AdminUserView>> {
  const now = new Date();
  const page = await keysetPage({
    where: userWhere(input, now),
    sort: USER_SORT_SPECS[input.sort],
    cursor: input.cursor,
    direction: input.direction,
    limit: input.limit,
    parseId: parseUuid,
    find: (args) => db.user.findMany({ ...(args as Prisma.UserFindManyArgs), select: adminUserSelect }),
    keyOf: (row) => (input.sort === 'email' ? row.email : row.createdAt),
  });
  return { ...page, items: page.items.map((row) => toAdminUserView(row, now)) };
}

// ---------------------------------------------------------------------------------------------
// The audit trail.

export const activitySelect = {
  id: true,
  userId: true,
  action: true,
  targetType: true,
  targetId: true,
  details: true,
  ipAddress: true,
  userAgent: true,
  createdAt: true,
  user: { select: { email: true, firstName: true, lastName: true } },
} satisfies Prisma.UserActivityLogSelect;
type ActivityRow = Prisma.UserActivityLogGetPayload<{ select: typeof activitySelect }>;

export function toActivityView({ user, ...row }: ActivityRow) {
  return { ...row, actorEmail: user?.email ?? null, actorName: fullName(user) };
}
export type ActivityView = ReturnType<typeof toActivityView>;

export function activityWhere(filters: { user?: string | undefined; action?: string | undefined }): Prisma.UserActivityLogWhereInput {
  const where: Prisma.UserActivityLogWhereInput = {};
  if (filters.action) where.action = filters.action;
  if (filters.user) {
    where.userId = /^[0-9a-f-]{36}$/i.test(filters.user)
      ? filters.user
      : undefined;
    if (!where.userId) where.user = { email: { contains: filters.user, mode: 'insensitive' } };
  }
  return where;
}

export async function listActivity(db: Db, input: ActivityListInput): Promise<Page<ActivityView>> {
  const page = await keysetPage({
    where: activityWhere(input),
    sort: { field: 'id', order: 'desc', parse: parseIntId },
    cursor: input.cursor,
    direction: input.direction,
    limit: input.limit,
    parseId: parseIntId,
    find: (args) => db.userActivityLog.findMany({ ...(args as Prisma.UserActivityLogFindManyArgs), select: activitySelect }),
    keyOf: (row) => row.id,
  });
  return { ...page, items: page.items.map(toActivityView) };
}

/** The distinct actions recorded so far, for the Activity tab's filter. */
export async function activityActions(db: Db): Promise<string[]> {
  const rows = await db.userActivityLog.groupBy({ by: ['action'], orderBy: { action: 'asc' } });
  return rows.map((row) => row.action);
}

// ---------------------------------------------------------------------------------------------
// CSV export (RFC 4180), with spreadsheet formula injection neutralised.

export type CsvCell = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A text cell starting with = + - @ (or a tab / carriage return) would run as a formula in a spreadsheet.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Reads every matching row in id order, a batch at a time, up to `max`. */
async function batched<T extends { id: Key }>(fetch: (cursor: Key | undefined, take: number) => Promise<T[]>, max: number) {
  const out: T[] = [];
  let cursor: Key | undefined;
  while (out.length < max) {
    const take = Math.min(2000, max - out.length);
    const batch = await fetch(cursor, take);
    out.push(...batch);
    if (batch.length < take) break;
    cursor = batch[batch.length - 1]!.id;
  }
  return out;
}

export async function prototypesCsv(db: Db, filters: z.output<typeof prototypeFilters>, max: number) {
  const where = prototypeWhere(filters);
  const rows = await batched(
    (cursor, take) =>
      db.prototype.findMany({
        where: cursor === undefined ? where : { AND: [where, { id: { lt: Number(cursor) } }] },
        orderBy: { id: 'desc' },
        take,
        select: adminPrototypeSelect,
      }),
    max,
  );
  const header = [
    'id', 'prototypeName', 'inventorName', 'sellerName', 'sellerEmail', 'energyType', 'status', 'priority',
    'powerOutput', 'efficiency', 'atomixQuote', 'quoteNotes', 'sellerResponse', 'finalAmount', 'assignee',
    'reviewerComments', 'documents', 'createdAt',
  ];
  return toCsv(
    header,
    rows.map(toAdminPrototypeView).map((p) => [
      p.id, p.prototypeName, p.inventorName, p.sellerName, p.sellerEmail, p.energyType, p.status, p.priority,
      p.powerOutput, p.efficiency, p.atomixQuote, p.quoteNotes, p.sellerResponse, p.finalAmount, p.assigneeName,
      p.reviewerComments, p.documents.length, p.createdAt,
    ]),
  );
}

export async function activityCsv(db: Db, filters: { user?: string | undefined; action?: string | undefined }, max: number) {
  const where = activityWhere(filters);
  const rows = await batched(
    (cursor, take) =>
      db.userActivityLog.findMany({
        where: cursor === undefined ? where : { AND: [where, { id: { lt: Number(cursor) } }] },
        orderBy: { id: 'desc' },
        take,
        select: activitySelect,
      }),
    max,
  );
  return toCsv(
    ['id', 'createdAt', 'actorEmail', 'actorId', 'action', 'targetType', 'targetId', 'details', 'ipAddress', 'userAgent'],
    rows.map(toActivityView).map((a) => [
      a.id, a.createdAt, a.actorEmail, a.userId, a.action, a.targetType, a.targetId,
      a.details === null ? null : JSON.stringify(a.details), a.ipAddress, a.userAgent,
    ]),
  );
}
