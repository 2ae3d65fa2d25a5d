// The seller's side of prototypes (spec sections 2-8, issue 4): submit, the dashboard's lists and
// figures, the detail with documents and timeline, the answer to a quote, the pipeline; and the public
// portfolio's counts. Reads go through the visibility rule (visiblePrototypes) or the seller's own
// rows (`sellerId` in the query itself); another seller's rows are simply not found.
import { DECLINE_REASONS } from '~/shared/decline-reasons.ts';
import { latestDeclineCategory } from './review-integrity.ts';
import type { Prisma } from '~/generated/prisma/client.ts';
import { evaluationScreenPath } from '~/shared/app-paths.ts';
import { formatUsd } from '~/shared/format.ts';
import { timelineSentence } from '~/shared/timeline-text.ts';
import { PROTOTYPE_ACTIONS, refusalMessage } from '~/shared/prototype-workflow.ts';
import { dueDates } from '~/shared/review-promise.ts';
import type { z } from 'zod';
import type { prototypeInput } from '~/shared/schemas/prototype.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { logActivity } from './activity-log.ts';
import { complianceState, complianceStateSelect, recordScreening, sellerScreeningNotice } from './export-control.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { type Decimal, moneyNumber, moneyString, sumOf } from './money.ts';
import { notifyAdmins } from './notifications.ts';
import { PROTOTYPE_NOT_FOUND, visiblePrototypes } from './prototype-access.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import { recordAnswerOnCurrentVersion } from './quote-versions.ts';
import { scoresHiddenFrom } from './score-visibility.ts';
import { type GateScope, dataRoomAccess, withAccess } from './views/confidential-view.ts';
import { documentSelect } from './views/document-view.ts';
import { sellerEvaluationFields } from './views/evaluation-view.ts';
import { sellerTimeline } from './seller-visibility.ts';
import { sellerListSelect, sellerPrototypeSelect, toPrototypeView, toSellerListItem } from './views/prototype-view.ts';
import { sellerQuoteVersionSelect, toSellerQuoteVersion } from './views/quote-version-view.ts';
import { sellerTransactionSelect, toSellerTransactionView } from './views/transaction-view.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';

export const ALREADY_RESPONDED = 'You have already responded to this quote';

/** The seller acting on their own prototypes. */
export interface SellerDeps extends DomainDeps {
  mailer: EmailLinks;
  seller: Pick<SessionUser, 'id'>;
  now: Date;
}

const timelineSelect = {
  id: true,
  event: true,
  description: true,
  eventDate: true,
  performedBy: true,
  metadata: true,
  performer: { select: { firstName: true, role: true } },
} satisfies Prisma.PrototypeTimelineSelect;

/** Unanswered information requests ("Action needed" on the seller's screens). */
const openInfoRequestsCount = { _count: { select: { infoRequests: { where: { answeredAt: null } } } } } satisfies Prisma.PrototypeSelect;

/**
 * A new prototype: the seller is the caller; status, stage and priority are the defaults. Its
 * timeline row, the admins' notification and the audit row go in the same transaction.
 * The caller checks first that the seller may submit (assertMaySubmit) and consumes the limit.
 */
export async function submitPrototype(deps: SellerDeps, input: z.output<typeof prototypeInput>) {
  const { db, meta, mailer, seller } = deps;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.prototype.create({
      data: {
        sellerId: seller.id,
        inventorName: input.inventorName,
        prototypeName: input.prototypeName,
        energyType: input.energyType,
        description: input.description,
        powerOutput: input.powerOutput,
        efficiency: input.efficiency,
        notes: input.notes,
      },
      select: sellerPrototypeSelect,
    });
    if (input.exportScreening) await recordScreening(tx, created.id, seller.id, input.exportScreening, deps.now);
    await recordTimelineEvent(tx, {
      prototypeId: created.id,
      event: 'submitted',
      performedBy: seller.id,
      metadata: { to: created.status, stage: created.stage },
    });
    await notifyAdmins(tx, mailer, {
      prototypeId: created.id,
      type: 'prototype_submitted',
      title: 'New prototype submitted',
      message: `${created.prototypeName} (${created.energyType}) by ${created.inventorName} awaits review.`,
      actionUrl: evaluationScreenPath(created.id),
    });
    await logActivity(tx, meta, { userId: seller.id, action: 'prototype.submitted', targetType: 'prototype', targetId: created.id });
    return created;
  });
  return toPrototypeView(row);
}

/** The seller's transactions, newest first. */
export async function sellerTransactions(db: Db, sellerId: string) {
  const rows = await db.transaction.findMany({ where: { sellerId }, select: sellerTransactionSelect, orderBy: newestFirst() });
  return rows.map(toSellerTransactionView);
}

/** The dashboard's four figures: prototypes by status and quote; revenue is what has been paid out. */
function sellerFigures(prototypes: { status: string; atomixQuote: Decimal | null }[], payouts: { status: string; sellerPayout: Decimal }[]) {
  return {
    totalPrototypes: prototypes.length,
    activePrototypes: prototypes.filter((p) => p.status === 'active').length,
    quotedPrototypes: prototypes.filter((p) => p.atomixQuote?.gt(0)).length,
    // Pending or failed payouts are not money received yet.
    revenue: moneyString(sumOf(payouts.filter((t) => t.status === 'completed').map((t) => t.sellerPayout))) ?? '0.00',
  };
}

/** The dashboard's four figures, from one read of the seller with their prototypes and completed payouts. */
export async function sellerSummary(db: Db, sellerId: string) {
  const seller = await db.user.findUnique({
    where: { id: sellerId },
    select: {
      prototypes: { select: { status: true, atomixQuote: true } },
      transactions: { where: { status: 'completed' }, select: { status: true, sellerPayout: true } },
    },
  });
  return sellerFigures(seller?.prototypes ?? [], seller?.transactions ?? []);
}

/**
 * The seller dashboard's screen in one read of the seller: their prototypes (as `sellerPrototypes`),
 * their transactions (as `sellerTransactions`) and the four figures (as `sellerSummary`) from them.
 */
export async function sellerDashboard(db: Db, sellerId: string) {
  const seller = await db.user.findUnique({
    where: { id: sellerId },
    select: {
      prototypes: { select: sellerListSelect, orderBy: newestFirst() },
      transactions: { select: sellerTransactionSelect, orderBy: newestFirst() },
    },
  });
  const prototypes = seller?.prototypes ?? [];
  const transactions = seller?.transactions ?? [];
  return {
    prototypes: prototypes.map(toSellerListItem),
    transactions: transactions.map(toSellerTransactionView),
    summary: sellerFigures(prototypes, transactions),
  };
}

/**
 * One prototype with its documents and timeline, as the viewer may see it (visiblePrototypes); else
 * 404. The seller sees their timeline through sellerTimeline; an admin looking sees all of it, and
 * its confidential content (and uploaded files' names) only once the gate opens (ADR 0045).
 */
export async function prototypeDetail(scope: GateScope, id: number) {
  const { db, viewer } = scope;
  const row = await db.prototype.findFirst({
    where: { id, ...visiblePrototypes(viewer) },
    select: {
      ...sellerPrototypeSelect,
      documents: { select: documentSelect, orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }] },
      timeline: { select: timelineSelect, orderBy: [{ eventDate: 'asc' }, { id: 'asc' }] },
      ...openInfoRequestsCount,
      quoteVersions: sellerQuoteVersionSelect,
      nextMilestone: true,
      milestoneDate: true,
      initialReviewMetAt: true,
      feedbackMetAt: true,
      ...complianceStateSelect,
    },
  });
  if (!row) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const {
    documents,
    timeline,
    _count,
    quoteVersions,
    nextMilestone,
    milestoneDate,
    initialReviewMetAt,
    feedbackMetAt,
    exportScreening,
    exportClassifications,
    ...prototype
  } = row;
  // The released evaluation (null until released) and the milestone once in development (evaluation-view.ts).
  const released = await sellerEvaluationFields(db, { id: row.id, status: row.status, nextMilestone, milestoneDate });
  // An admin reading the seller's view is held to the evaluation page's rule (score-visibility.ts, ADR
  // 0049): the released figures are the lead's final figures, hidden from a panel member until their own
  // scorecard is in and from an admin in conflict with the seller.
  const scoresHidden = viewer.role === 'admin' && released.evaluation !== null && (await scoresHiddenFrom(scope.facts, [row.id])).has(row.id);
  const evaluation = scoresHidden && released.evaluation ? { ...released, evaluation: { ...released.evaluation, scores: null } } : released;
  const access = viewer.role === 'admin' ? ((await dataRoomAccess(scope, [row.id])).get(row.id) ?? null) : null;
  if (access?.denial) {
    // A closed data room does not name the files either.
    for (const event of timeline) {
      if (event.metadata && typeof event.metadata === 'object' && !Array.isArray(event.metadata) && 'fileName' in event.metadata) {
        const { fileName: _fileName, ...metadata } = event.metadata;
        event.metadata = metadata;
        event.description = timelineSentence({ event: event.event, metadata });
      }
    }
  }
  // Why it was declined, in plain words with a next step, while it is (issue 33, point 6).
  const category = row.status === 'rejected' ? await latestDeclineCategory(db, row.id) : null;
  const detail = {
    ...toPrototypeView(prototype),
    documents,
    timeline: viewer.role === 'admin' ? timeline : sellerTimeline(timeline, prototype.sellerId),
    openInfoRequests: _count.infoRequests,
    /** All the seller hears of export control (ADR 0050): answer the questions, or that screening is in progress. */
    exportScreening: sellerScreeningNotice(complianceState({ exportScreening, exportClassifications })),
    quoteVersions: quoteVersions.map(toSellerQuoteVersion),
    ...evaluation,
    declineReason: category && { category, ...DECLINE_REASONS[category] },
    /** The review promise: when the initial review and the feedback are due, and when they were met. */
    dueDates: dueDates({ createdAt: prototype.createdAt, initialReviewMetAt, feedbackMetAt }),
  };
  // The seller's own access is never gated (null).
  return access ? withAccess(detail, access) : { ...detail, access: null };
}

/**
 * The seller accepts or declines a quote (status stays quoted; the admin team decides next).
 * A conditional update built from the workflow table, so a second answer cannot slip in.
 */
export async function respondToQuote(deps: SellerDeps, input: { id: number; response: 'accepted' | 'declined'; note: string | null }) {
  const { db, meta, mailer, seller, now: respondedAt } = deps;
  const rule = PROTOTYPE_ACTIONS.respondToQuote;
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.prototype.updateMany({
      where: { id: input.id, sellerId: seller.id, status: { in: [...rule.from] }, sellerResponse: null, atomixQuote: { gt: 0 } },
      data: { sellerResponse: input.response, sellerResponseNote: input.note, sellerResponseAt: respondedAt },
    });
    const current = await tx.prototype.findFirst({ where: { id: input.id, sellerId: seller.id }, select: sellerPrototypeSelect });
    if (!current) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
    if (count === 0) {
      const subject = { status: current.status, atomixQuote: moneyNumber(current.atomixQuote) };
      throw new ConflictError(current.sellerResponse && current.status === 'quoted' ? ALREADY_RESPONDED : refusalMessage('respondToQuote', subject));
    }
    await recordAnswerOnCurrentVersion(tx, current.id, { sellerResponse: input.response, sellerResponseNote: input.note, sellerResponseAt: respondedAt });
    const quote = moneyString(current.atomixQuote);
    const amount = formatUsd(quote ?? 0);
    const verb = input.response === 'accepted' ? 'accepted' : 'declined';
    await recordTimelineEvent(tx, {
      prototypeId: current.id,
      event: 'quote_response',
      performedBy: seller.id,
      metadata: { response: input.response, note: input.note, quote },
    });
    await notifyAdmins(tx, mailer, {
      prototypeId: current.id,
      type: 'quote_response',
      title: `Quote ${verb} by seller`,
      message: `${current.prototypeName}: the seller ${verb} the quote of ${amount}.${input.note ? ` Note: ${input.note}` : ''}`,
      actionUrl: evaluationScreenPath(current.id),
    });
    await logActivity(tx, meta, {
      userId: seller.id,
      action: 'prototype.quote_response',
      targetType: 'prototype',
      targetId: current.id,
      details: { response: input.response },
    });
    return current;
  });
  return toPrototypeView(row);
}

/** The seller's pipeline: each prototype's stage and status over time (the events they see). */
export async function sellerPipeline(db: Db, sellerId: string) {
  const rows = await db.prototype.findMany({
    where: { sellerId },
    orderBy: newestFirst(),
    select: {
      id: true,
      prototypeName: true,
      energyType: true,
      status: true,
      stage: true,
      createdAt: true,
      updatedAt: true,
      timeline: {
        select: { id: true, event: true, description: true, eventDate: true, metadata: true },
        orderBy: [{ eventDate: 'asc' }, { id: 'asc' }],
      },
    },
  });
  return rows.map((row) => ({ ...row, timeline: sellerTimeline(row.timeline, sellerId) }));
}

/** The public portfolio: counts per energy type and per stage, computed by the database. Nothing else. */
export async function portfolio(db: Db) {
  const [byEnergyType, byStage] = await Promise.all([
    db.prototype.groupBy({ by: ['energyType'], _count: { _all: true }, orderBy: { energyType: 'asc' } }),
    db.prototype.groupBy({ by: ['stage'], _count: { _all: true }, orderBy: { stage: 'asc' } }),
  ]);
  return {
    total: byStage.reduce((sum, row) => sum + row._count._all, 0),
    byEnergyType: byEnergyType.map((row) => ({ energyType: row.energyType, count: row._count._all })),
    byStage: byStage.map((row) => ({ stage: row.stage, count: row._count._all })),
  };
}
