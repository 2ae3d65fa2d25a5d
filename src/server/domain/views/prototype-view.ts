// The one shape in which a prototype leaves the server (seller and admin views, spec section 3), and
// the admin's list of them: filters, sorting, pages and the CSV export.
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { adminPrototype, adminPrototypeListRow, prototype, sellerPrototype } from './shapes/prototype.ts';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { prototypeFilters, prototypeListInput } from '~/shared/schemas/admin.ts';
import { availableActions } from '~/shared/prototype-workflow.ts';
import type { Db } from '../../db/index.ts';
import { batched, toCsv } from '../csv.ts';
import { type Page, type SortSpec, asDate, asInt, asString, keysetPage, parseIntId } from '../keyset.ts';
import { overdueWhere, promiseFields, promiseSelect } from './review-promise-view.ts';
import { type Decimal, moneyNumber } from '../money.ts';
import { type Statement, selectList, sqlOf } from '../../db/sql.ts';
import { formatAmount, fullName } from '~/shared/format.ts';
import { jsonText, servedAgain } from '../../json-text.ts';

/** Amounts in CSV: plain decimals with cents ("48000.50"), which every spreadsheet reads as numbers. */
const csvAmount = (value: number | null) => (value === null ? null : formatAmount(value));

type PrototypeListInput = z.output<typeof prototypeListInput>;

export const prototypeSelect = {
  id: true,
  sellerId: true,
  prototypeName: true,
  inventorName: true,
  energyType: true,
  description: true,
  status: true,
  stage: true,
  priority: true,
  powerOutput: true,
  efficiency: true,
  notes: true,
  atomixQuote: true,
  quoteNotes: true,
  quoteProvideBy: true,
  quotedAt: true,
  sellerResponse: true,
  sellerResponseNote: true,
  sellerResponseAt: true,
  finalAmount: true,
  reviewerComments: true,
  assignedTo: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.PrototypeSelect;

export type PrototypeRow = Prisma.PrototypeGetPayload<{ select: typeof prototypeSelect }>;

/** A prototype row with its amounts as either driver reads them (Prisma's Decimal, or pg's decimal string). */
type PrototypeRowOf<Extra> = Omit<PrototypeRow, 'atomixQuote' | 'finalAmount'> & {
  atomixQuote: Decimal | string | null;
  finalAmount: Decimal | string | null;
} & Extra;

export function toPrototypeView<Extra = unknown>(row: PrototypeRowOf<Extra>): PrototypeView & Extra {
  // energy_type is a text column, written only through prototypeInput's enum.
  const energyType = row.energyType as PrototypeView['energyType'];
  return { ...row, energyType, atomixQuote: moneyNumber(row.atomixQuote), finalAmount: moneyNumber(row.finalAmount) };
}
export type PrototypeView = z.infer<typeof prototype>;

/**
 * GET /api/seller/prototypes, which the seller dashboard reads on every visit: the seller's own
 * prototypes, newest first, each with its unanswered information requests. Hand-written SQL
 * (db/sql.ts) selecting prototypeSelect's fields, so each row has PrototypeRow's shape.
 */
const SELLER_PROTOTYPES: Statement = {
  name: 'seller_prototypes',
  text:
    `SELECT ${selectList('p', prototypeSelect)}` +
    ', (SELECT count(*)::int FROM prototype_info_requests r WHERE r.prototype_id = p.id AND r.answered_at IS NULL) AS "openInfoRequests"' +
    ' FROM prototypes p WHERE p.seller_id = $1 ORDER BY p.created_at DESC, p.id DESC',
};

type SellerListItem = z.infer<typeof sellerPrototype>;

/**
 * What an instance holds of all sellers' lists, in bytes as estimated from each list's JSON text: the
 * text itself (kept for the REST answer) and the objects, which hold the same strings again, at up to
 * two bytes a character. A list over an eighth of it is not held (lru-cache leaves it out).
 */
const HELD_BYTES_MAX = 32 * 1024 * 1024;
const heldBytes = (jsonLength: number) => 4 * jsonLength;

/**
 * Each seller's list as this instance last read it, under the version it had (seller_list_versions,
 * ADR 0024). Triggers give the list a new version in every transaction that changes what it shows,
 * on whichever instance it runs, so a list is answered again only while nothing in it can have
 * changed. One per database, as the versions are.
 */
const listsRead = new WeakMap<Db, LRUCache<string, { version: string; list: SellerListItem[] }>>();

function listsReadFrom(db: Db) {
  let lists = listsRead.get(db);
  if (!lists) {
    lists = new LRUCache({ maxSize: HELD_BYTES_MAX, maxEntrySize: HELD_BYTES_MAX / 8, sizeCalculation: (entry) => heldBytes(jsonText(entry.list).length) });
    listsRead.set(db, lists);
  }
  return lists;
}

/**
 * The seller's list. `listVersion` is its version as read BEFORE this call (the session check, which
 * reads it in the same query): the list read after it is at least that new, so holding the list
 * under that version can only make the next request read it again, never answer a stale one.
 */
export async function sellerPrototypes(db: Db, sellerId: string, listVersion: string | null): Promise<SellerListItem[]> {
  const lists = listsReadFrom(db);
  const held = listVersion === null ? undefined : lists.get(sellerId);
  if (held && held.version === listVersion) return held.list;
  const rows = await sqlOf(db).rows<PrototypeRowOf<{ openInfoRequests: number }>>(SELLER_PROTOTYPES, [sellerId]);
  const list = rows.map((row) => toPrototypeView(row));
  if (listVersion === null) return list;
  // Frozen (a held list is answered again as it is), typed as a plain array for the client's types.
  const kept: SellerListItem[] = servedAgain(list.map((item) => Object.freeze(item)));
  lists.set(sellerId, { version: listVersion, list: kept });
  return kept;
}

// Admin: the shared prototype view, plus who sold it, their documents and the offered actions.

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

export function toAdminPrototypeView(row: AdminPrototypeRow): AdminPrototypeView {
  const { seller, assignee, documents, ...base } = row;
  const view = toPrototypeView(base);
  return {
    ...view,
    sellerName: fullName(seller),
    sellerEmail: seller.email,
    assigneeName: assignee ? fullName(assignee) : null,
    documents,
    actions: availableActions(view),
  };
}
export type AdminPrototypeView = z.infer<typeof adminPrototype>;

/** Who is asking and when: "needs my scorecard" and "overdue" depend on them. */
export interface ListScope {
  userId: string;
  now: Date;
}

export function prototypeWhere(filters: z.output<typeof prototypeFilters>, scope: ListScope): Prisma.PrototypeWhereInput {
  const where: Prisma.PrototypeWhereInput = {};
  const and: Prisma.PrototypeWhereInput[] = [];
  if (filters.status) where.status = filters.status;
  if (filters.energyType) where.energyType = filters.energyType;
  if (filters.priority) where.priority = filters.priority;
  if (filters.stage) where.stage = filters.stage;
  if (filters.reviewer) and.push({ reviewers: { some: { reviewerId: filters.reviewer } } });
  if (filters.needsMyScorecard) {
    and.push({ reviewers: { some: { reviewerId: scope.userId } } }, { scorecards: { none: { reviewerId: scope.userId } } });
  }
  if (filters.overdue) and.push(overdueWhere(scope.now));
  if (and.length > 0) where.AND = and;
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
  // The final scores, best first, unscored last.
  feasibility: { field: 'technicalFeasibility', order: 'desc', parse: asInt, nullsLast: true },
  viability: { field: 'commercialViability', order: 'desc', parse: asInt, nullsLast: true },
};

const adminListSelect = { ...adminPrototypeSelect, ...promiseSelect } satisfies Prisma.PrototypeSelect;
type AdminListRow = Prisma.PrototypeGetPayload<{ select: typeof adminListSelect }>;

/** A row of the admin list: the admin view plus due dates, the milestone flag and the final scores. */
export function toAdminListRow(row: AdminListRow, now: Date): AdminPrototypeListRow {
  // The met dates travel inside dueDates.
  const { initialReviewMetAt: _initial, feedbackMetAt: _feedback, ...rest } = row;
  return { ...toAdminPrototypeView(rest), ...promiseFields(row, now) };
}
export type AdminPrototypeListRow = z.infer<typeof adminPrototypeListRow>;

function sortKey(sort: PrototypeListInput['sort'], row: AdminListRow) {
  if (sort === 'name') return row.prototypeName;
  if (sort === 'feasibility') return row.technicalFeasibility;
  if (sort === 'viability') return row.commercialViability;
  return row.createdAt;
}

export async function listPrototypes(db: Db, input: PrototypeListInput, scope: ListScope): Promise<Page<AdminPrototypeListRow>> {
  const sort = PROTOTYPE_SORT_SPECS[input.sort];
  const page = await keysetPage({
    where: prototypeWhere(input, scope),
    sort,
    cursor: input.cursor,
    direction: input.direction,
    limit: input.limit,
    parseId: parseIntId,
    find: (args) => db.prototype.findMany({ ...(args as Prisma.PrototypeFindManyArgs), select: adminListSelect }),
    keyOf: (row) => sortKey(input.sort, row),
  });
  return { ...page, items: page.items.map((row) => toAdminListRow(row, scope.now)) };
}

export async function prototypesCsv(db: Db, filters: z.output<typeof prototypeFilters>, max: number, scope: ListScope) {
  const where = prototypeWhere(filters, scope);
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
    'id',
    'prototypeName',
    'inventorName',
    'sellerName',
    'sellerEmail',
    'energyType',
    'status',
    'priority',
    'powerOutput',
    'efficiency',
    'atomixQuote',
    'quoteNotes',
    'sellerResponse',
    'finalAmount',
    'assignee',
    'reviewerComments',
    'documents',
    'createdAt',
  ];
  return toCsv(
    header,
    rows
      .map(toAdminPrototypeView)
      .map((p) => [
        p.id,
        p.prototypeName,
        p.inventorName,
        p.sellerName,
        p.sellerEmail,
        p.energyType,
        p.status,
        p.priority,
        p.powerOutput,
        p.efficiency,
        csvAmount(p.atomixQuote),
        p.quoteNotes,
        p.sellerResponse,
        csvAmount(p.finalAmount),
        p.assigneeName,
        p.reviewerComments,
        p.documents.length,
        p.createdAt,
      ]),
  );
}
