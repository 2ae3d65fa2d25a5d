// The seller's side (spec sections 2-8, issue 4): submit, list, detail with documents and timeline,
// transactions and dashboard figures, the answer to a quote, and the tracker (private and public).
// Every query is scoped to the caller in its own `where`; another seller's rows are simply not found.
import { TRPCError } from '@trpc/server';
import { dueDates } from '~/shared/review-promise.ts';
import type { Prisma } from '~/generated/prisma/client.ts';
import { prototypeIdInput, prototypeInput, quoteResponseInput } from '~/shared/schemas/prototype.ts';
import { logActivity } from '../domain/activity-log.ts';
import { formatUsd } from '~/shared/format.ts';
import { moneyNumber, moneyString } from '../domain/money.ts';
import { notifyAdmins } from '../domain/notifications.ts';
import { recordTimelineEvent } from '../domain/prototype-timeline.ts';
import { PROTOTYPE_NOT_FOUND, assertMaySubmit, visiblePrototypes } from '../domain/prototype-access.ts';
import { documentSelect } from '../domain/views/document-view.ts';
import { recordAnswerOnCurrentVersion } from '../domain/quote-versions.ts';
import { sellerQuoteVersionSelect, toSellerQuoteVersion } from '../domain/views/quote-version-view.ts';
import { sellerEvaluationFields } from '../domain/views/evaluation-view.ts';
import { prototypeSelect, sellerPrototypes, toPrototypeView } from '../domain/views/prototype-view.ts';
import { sellerTransactionSelect, toSellerTransactionView } from '../domain/views/transaction-view.ts';
import { PROTOTYPE_ACTIONS, refusalMessage } from '~/shared/prototype-workflow.ts';
import { capabilityProcedure, protectedProcedure, publicProcedure, router } from '../trpc.ts';

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

const newestFirst = [{ createdAt: 'desc' }, { id: 'desc' }] as const;

// The capability each change needs (ADR 0019).
const submitProcedure = capabilityProcedure('prototypes.submit');

export const prototypesRouter = router({
  /** POST /api/prototypes: the seller is the caller; status, stage and priority are the defaults. */
  create: submitProcedure.input(prototypeInput).mutation(async ({ ctx, input }) => {
    assertMaySubmit(ctx.user);
    await ctx.limiter.consume('prototypes', ctx.user.id);
    const row = await ctx.db.$transaction(async (tx) => {
      const created = await tx.prototype.create({
        data: {
          sellerId: ctx.user.id,
          inventorName: input.inventorName,
          prototypeName: input.prototypeName,
          energyType: input.energyType,
          description: input.description,
          powerOutput: input.powerOutput,
          efficiency: input.efficiency,
          notes: input.notes,
        },
        select: prototypeSelect,
      });
      await recordTimelineEvent(tx, {
        prototypeId: created.id,
        event: 'submitted',
        performedBy: ctx.user.id,
        metadata: { to: created.status, stage: created.stage },
      });
      await notifyAdmins(tx, ctx.mailer, {
        prototypeId: created.id,
        type: 'prototype_submitted',
        title: 'New prototype submitted',
        message: `${created.prototypeName} (${created.energyType}) by ${created.inventorName} awaits review.`,
        actionUrl: `/admin-panel/prototypes/${created.id}/evaluation`,
      });
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: 'prototype.submitted',
        targetType: 'prototype',
        targetId: created.id,
      });
      return created;
    });
    return toPrototypeView(row);
  }),

  /** GET /api/seller/prototypes: the caller's prototypes, newest first. */
  mine: protectedProcedure.query(({ ctx }) => sellerPrototypes(ctx.db, ctx.user.id, ctx.session.listVersion)),

  /** GET /api/seller/transactions: the caller's transactions, newest first. */
  transactions: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.transaction.findMany({
      where: { sellerId: ctx.user.id },
      select: sellerTransactionSelect,
      orderBy: [...newestFirst],
    });
    return rows.map(toSellerTransactionView);
  }),

  /** The dashboard's four figures, counted and summed by the database (revenue as a decimal string). */
  summary: protectedProcedure.query(async ({ ctx }) => {
    const sellerId = ctx.user.id;
    const [totalPrototypes, activePrototypes, quotedPrototypes, revenue] = await Promise.all([
      ctx.db.prototype.count({ where: { sellerId } }),
      ctx.db.prototype.count({ where: { sellerId, status: 'active' } }),
      ctx.db.prototype.count({ where: { sellerId, atomixQuote: { gt: 0 } } }),
      // Revenue is what has been paid out: pending or failed payouts are not money received yet.
      ctx.db.transaction.aggregate({ where: { sellerId, status: 'completed' }, _sum: { sellerPayout: true } }),
    ]);
    return {
      totalPrototypes,
      activePrototypes,
      quotedPrototypes,
      revenue: moneyString(revenue._sum.sellerPayout) ?? '0.00',
    };
  }),

  /** One prototype with its documents and timeline: its seller's (admins may look too); others get 404. */
  byId: protectedProcedure.input(prototypeIdInput).query(async ({ ctx, input }) => {
    const row = await ctx.db.prototype.findFirst({
      where: { id: input.id, ...visiblePrototypes(ctx.user) },
      select: {
        ...prototypeSelect,
        documents: { select: documentSelect, orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }] },
        timeline: { select: timelineSelect, orderBy: [{ eventDate: 'asc' }, { id: 'asc' }] },
        ...openInfoRequestsCount,
        quoteVersions: sellerQuoteVersionSelect,
        nextMilestone: true,
        milestoneDate: true,
        initialReviewMetAt: true,
        feedbackMetAt: true,
      },
    });
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: PROTOTYPE_NOT_FOUND });
    const { documents, timeline, _count, quoteVersions, nextMilestone, milestoneDate, initialReviewMetAt, feedbackMetAt, ...prototype } = row;
    // The released evaluation (null until released) and the milestone once in development (evaluation-view.ts).
    const evaluation = await sellerEvaluationFields(ctx.db, { id: row.id, status: row.status, nextMilestone, milestoneDate });
    return {
      ...toPrototypeView(prototype),
      documents,
      timeline,
      openInfoRequests: _count.infoRequests,
      quoteVersions: quoteVersions.map(toSellerQuoteVersion),
      ...evaluation,
      /** The review promise: when the initial review and the feedback are due, and when they were met. */
      dueDates: dueDates({ createdAt: prototype.createdAt, initialReviewMetAt, feedbackMetAt }),
    };
  }),

  /**
   * The seller accepts or declines a quote (status stays quoted; the admin team decides next).
   * A conditional update built from the workflow table, so a second answer cannot slip in.
   */
  respondToQuote: protectedProcedure.input(quoteResponseInput).mutation(async ({ ctx, input }) => {
    const rule = PROTOTYPE_ACTIONS.respondToQuote;
    const row = await ctx.db.$transaction(async (tx) => {
      const respondedAt = ctx.clock.now();
      const { count } = await tx.prototype.updateMany({
        where: {
          id: input.id,
          sellerId: ctx.user.id,
          status: { in: [...rule.from] },
          sellerResponse: null,
          atomixQuote: { gt: 0 },
        },
        data: { sellerResponse: input.response, sellerResponseNote: input.note, sellerResponseAt: respondedAt },
      });
      const current = await tx.prototype.findFirst({
        where: { id: input.id, sellerId: ctx.user.id },
        select: prototypeSelect,
      });
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: PROTOTYPE_NOT_FOUND });
      if (count === 0) {
        const subject = { status: current.status, atomixQuote: moneyNumber(current.atomixQuote) };
        const message =
          current.sellerResponse && current.status === 'quoted' ? 'You have already responded to this quote' : refusalMessage('respondToQuote', subject);
        throw new TRPCError({ code: 'CONFLICT', message });
      }
      await recordAnswerOnCurrentVersion(tx, current.id, {
        sellerResponse: input.response,
        sellerResponseNote: input.note,
        sellerResponseAt: respondedAt,
      });
      const quote = moneyString(current.atomixQuote);
      const amount = formatUsd(quote ?? 0);
      const verb = input.response === 'accepted' ? 'accepted' : 'declined';
      await recordTimelineEvent(tx, {
        prototypeId: current.id,
        event: 'quote_response',
        performedBy: ctx.user.id,
        metadata: { response: input.response, note: input.note, quote },
      });
      await notifyAdmins(tx, ctx.mailer, {
        prototypeId: current.id,
        type: 'quote_response',
        title: `Quote ${verb} by seller`,
        message: `${current.prototypeName}: the seller ${verb} the quote of ${amount}.${input.note ? ` Note: ${input.note}` : ''}`,
        actionUrl: `/admin-panel/prototypes/${current.id}/evaluation`,
      });
      await logActivity(tx, ctx.meta, {
        userId: ctx.user.id,
        action: 'prototype.quote_response',
        targetType: 'prototype',
        targetId: current.id,
        details: { response: input.response },
      });
      return current;
    });
    return toPrototypeView(row);
  }),

  /** The signed-in seller's pipeline: each prototype's stage and status over time. */
  pipeline: protectedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.prototype.findMany({
      where: { sellerId: ctx.user.id },
      orderBy: [...newestFirst],
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
    return rows;
  }),

  /** The public portfolio: counts per energy type and per stage, computed by the database. Nothing else. */
  portfolio: publicProcedure.query(async ({ ctx }) => {
    const [byEnergyType, byStage] = await Promise.all([
      ctx.db.prototype.groupBy({ by: ['energyType'], _count: { _all: true }, orderBy: { energyType: 'asc' } }),
      ctx.db.prototype.groupBy({ by: ['stage'], _count: { _all: true }, orderBy: { stage: 'asc' } }),
    ]);
    return {
      total: byStage.reduce((sum, row) => sum + row._count._all, 0),
      byEnergyType: byEnergyType.map((row) => ({ energyType: row.energyType, count: row._count._all })),
      byStage: byStage.map((row) => ({ stage: row.stage, count: row._count._all })),
    };
  }),
});
