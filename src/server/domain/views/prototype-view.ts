// The shapes in which a prototype leaves the server (the seller's and the admin's, spec section 3), and
// the admin's list of them: filters, sorting, pages and the CSV export.
import type { z } from 'zod';
import type { adminPrototype, adminPrototypeListRow, prototype, sellerPrototype } from './shapes/prototype.ts';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { prototypeFilters, prototypeListInput } from '~/shared/schemas/admin.ts';
import { availableActions } from '~/shared/prototype-workflow.ts';
import type { Db } from '../../db/index.ts';
import { batched, toCsv } from '../csv.ts';
import { type Page, type SortSpec, asDate, asInt, asString, keysetPage, parseIntId, newestFirst } from '../keyset.ts';
import { overdueWhere, promiseFields, promiseSelect } from './review-promise-view.ts';
import { type Decimal, moneyNumber } from '../money.ts';
import { formatAmount, fullName } from '~/shared/format.ts';
import { complianceState, complianceStateSelect, sellerScreeningNotice } from '../export-control.ts';
import { NotFoundError } from '../errors.ts';
import { PROTOTYPE_NOT_FOUND } from '../prototype-access.ts';
import { type GateScope, gatePrototype } from './confidential-view.ts';
import { type MaskedFigures, maskFinalFigures, scoresHiddenFrom } from '../score-visibility.ts';
import { type ViewerFacts, gateFactsSelect, withoutFactsOnly } from '../viewer-facts.ts';
import { personName } from './person-name.ts';

/** Amounts in CSV: plain decimals with cents ("48000.50"), which every spreadsheet reads as numbers. */
const csvAmount = (value: number | null) => (value === null ? null : formatAmount(value));

type PrototypeListInput = z.output<typeof prototypeListInput>;

/** The seller's view of a prototype reads only these columns: none of the team's (seller-visibility.ts). */
export const sellerPrototypeSelect = {
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
  quotedAt: true,
  sellerResponse: true,
  sellerResponseNote: true,
  sellerResponseAt: true,
  finalAmount: true,
  reviewerComments: true,
  completedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.PrototypeSelect;

/** The admin's: the seller's columns plus who quoted and who leads the review. */
export const prototypeSelect = {
  ...sellerPrototypeSelect,
  quoteProvideBy: true,
  assignedTo: true,
} satisfies Prisma.PrototypeSelect;

type Amounts = { atomixQuote: Decimal | string | null; finalAmount: Decimal | string | null; energyType: string };
type WithAmounts<Row extends Amounts> = Omit<Row, keyof Amounts> & {
  atomixQuote: number | null;
  finalAmount: number | null;
  energyType: PrototypeView['energyType'];
};

/** A prototype row with its amounts as numbers (either driver's Decimal or a decimal string in). */
export function toPrototypeView<Row extends Amounts>(row: Row): WithAmounts<Row> {
  // energy_type is a text column, written only through prototypeInput's enum.
  const energyType = row.energyType as PrototypeView['energyType'];
  return { ...row, energyType, atomixQuote: moneyNumber(row.atomixQuote), finalAmount: moneyNumber(row.finalAmount) };
}
export type PrototypeView = z.infer<typeof prototype>;

type SellerListItem = z.infer<typeof sellerPrototype>;

/** A row of the seller dashboard's list: the seller's columns, the export notice, unanswered information requests. */
export const sellerListSelect = {
  ...sellerPrototypeSelect,
  ...complianceStateSelect,
  _count: { select: { infoRequests: { where: { answeredAt: null } } } },
} satisfies Prisma.PrototypeSelect;

export function toSellerListItem({
  _count,
  exportScreening,
  exportClassifications,
  ...row
}: Prisma.PrototypeGetPayload<{ select: typeof sellerListSelect }>): SellerListItem {
  return {
    ...toPrototypeView(row),
    openInfoRequests: _count.infoRequests,
    exportScreening: sellerScreeningNotice(complianceState({ exportScreening, exportClassifications })),
  };
}

/** The seller's own prototypes, newest first, each with its count of unanswered information requests (the seller dashboard's list). */
export async function sellerPrototypes(db: Db, sellerId: string): Promise<SellerListItem[]> {
  const rows = await db.prototype.findMany({ where: { sellerId }, orderBy: newestFirst(), select: sellerListSelect });
  return rows.map(toSellerListItem);
}

// Admin: the shared prototype view, plus who sold it, their documents and the offered actions.

export const adminPrototypeSelect = {
  ...prototypeSelect,
  seller: { select: personName },
  assignee: { select: personName },
  documents: {
    select: { id: true, fileName: true, fileType: true, fileSize: true, uploadedAt: true, viewOnly: true, pageCount: true },
    orderBy: { uploadedAt: 'asc' },
  },
} satisfies Prisma.PrototypeSelect;
type AdminPrototypeRow = Prisma.PrototypeGetPayload<{ select: typeof adminPrototypeSelect }>;

/** The admin view before the gate: confidential-view.ts adds `access` and leaves out what is closed. */
export function toAdminPrototypeView(row: AdminPrototypeRow) {
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
export function toAdminListRow(row: AdminListRow, now: Date) {
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

/**
 * Sorted by a final figure, the scored rows whose figures are hidden from the caller are left out: a
 * place in that order, and a page's cursor (which carries the last row's figure, and can be written by
 * hand to ask "which rows score below 61?"), would tell the figure itself (ADR 0049). Unscored rows
 * stay, last, as in any other order.
 */
async function withFiguresShown<T extends Pick<AdminListRow, 'id' | 'technicalFeasibility' | 'commercialViability'>>(
  facts: ViewerFacts,
  rows: T[],
  sort: 'feasibility' | 'viability',
): Promise<T[]> {
  const scored = rows.filter((row) => (sort === 'feasibility' ? row.technicalFeasibility : row.commercialViability) !== null);
  const hidden = await scoresHiddenFrom(
    facts,
    scored.map((row) => row.id),
  );
  return rows.filter((row) => !hidden.has(row.id));
}

/**
 * The admin list. The final figures of a prototype whose scores are hidden from the caller (a panel
 * member without a counting scorecard, or in conflict with its seller) are null, under the evaluation
 * page's rule (score-visibility.ts); sorted by a figure, those rows are left out (withFiguresShown).
 */
export async function listPrototypes(
  db: Db,
  input: PrototypeListInput,
  scope: ListScope,
  facts: ViewerFacts,
): Promise<Page<MaskedFigures<ReturnType<typeof toAdminListRow>>>> {
  const sort = PROTOTYPE_SORT_SPECS[input.sort];
  const figureSort = input.sort === 'feasibility' || input.sort === 'viability' ? input.sort : null;
  const page = await keysetPage({
    where: prototypeWhere(input, scope),
    sort,
    page: input,
    parseId: parseIntId,
    // With what the gate and the score mask ask of these rows, so that they need not read it again.
    find: async (args) => {
      const rows = await db.prototype.findMany({
        ...(args as Prisma.PrototypeFindManyArgs),
        select: { ...adminListSelect, ...gateFactsSelect(facts.viewer.id) },
      });
      facts.know(rows);
      return rows;
    },
    keyOf: (row) => sortKey(input.sort, row),
    keep: figureSort ? (rows) => withFiguresShown(facts, rows, figureSort) : undefined,
  });
  return {
    ...page,
    items: await maskFinalFigures(
      facts,
      page.items.map((row) => toAdminListRow(withoutFactsOnly(row), scope.now)),
    ),
  };
}

/** The CSV carries none of the final figures (nor scorecards), so it needs no score masking (ADR 0049). */
export async function prototypesCsv(db: Db, filters: z.output<typeof prototypeFilters>, max: number, scope: ListScope) {
  const where = prototypeWhere(filters, scope);
  const rows = await batched({ where, order: 'desc', max }, (args) => db.prototype.findMany({ ...args, select: adminPrototypeSelect }));
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

/**
 * GET /api/admin/prototypes/{id}: the admin view with its documents as the data room lists them
 * (`pages` is null until the page reader counts them) and the caller's access (ADR 0045).
 */
export async function adminPrototypeDetail(scope: GateScope, id: number) {
  const row = await scope.db.prototype.findUnique({ where: { id }, select: adminPrototypeSelect });
  if (!row) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const documents = await scope.db.prototypeDocument.findMany({
    where: { prototypeId: id },
    orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }],
    select: { id: true, fileName: true, fileType: true, fileSize: true, viewOnly: true, uploadedAt: true },
  });
  const view = {
    ...toAdminPrototypeView(row),
    documents: documents.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      mimeType: d.fileType,
      size: d.fileSize,
      viewOnly: d.viewOnly,
      pages: null,
      uploadedAt: d.uploadedAt,
    })),
  };
  return gatePrototype(scope, view);
}
