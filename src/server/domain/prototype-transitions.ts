// The database side of the prototype workflow: each admin transition of PROTOTYPE_ACTIONS is one
// conditional update plus its timeline row, the seller's notification and the audit row, in one
// transaction, so that of several admins acting on one prototype at once exactly one wins. The
// stage the table names for the action, and the due dates it meets, are written in that transaction.
import type { Prisma } from '~/generated/prisma/client.ts';
import { sellerPrototypePath } from '~/shared/app-paths.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { recordLedgerEntry, transactionReference } from './ledger.ts';
import { adminPrototypeSelect, toAdminPrototypeView } from './views/prototype-view.ts';
import { formatUsd } from '~/shared/format.ts';
import { type Decimal, moneyString, splitPayout, toDecimal } from './money.ts';
import { notify } from './notifications.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import type { NotificationType, TimelineEvent } from '~/shared/event-names.ts';
import { PROTOTYPE_ACTIONS, type PrototypeAction, type WorkflowAction, refusalMessage, stageAfterAction } from '~/shared/prototype-workflow.ts';
import { recordQuoteVersion } from './quote-versions.ts';
import { assertSplitResolved, recordDecline } from './review-integrity.ts';
import type { DeclineCategory } from '~/shared/decline-reasons.ts';
import { recordStageChangeEvent, stageChangeData } from './prototype-stages.ts';
import type { DomainDeps } from './deps.ts';

type Tx = Prisma.TransactionClient;
export type AdminTransition = Exclude<PrototypeAction, 'respondToQuote'>;

export interface TransitionRequest extends DomainDeps {
  /** Links in the seller's notification e-mail (ctx.mailer). */
  mailer: EmailLinks;
  actorId: string;
  prototypeId: number;
  /** ctx.clock.now(): when the change happens (quotedAt, completedAt, due dates met). */
  now: Date;
}

/** The WHERE clause that makes an update succeed only from an allowed state. */
export function allowedStateWhere(rule: WorkflowAction): Prisma.PrototypeWhereInput {
  const where: Prisma.PrototypeWhereInput = { status: { in: [...rule.from] } };
  if (rule.quote === 'none') where.OR = [{ atomixQuote: null }, { atomixQuote: { lte: 0 } }];
  if (rule.quote === 'present') where.atomixQuote = { gt: 0 };
  // Prisma's `not: 'declined'` would also drop NULL (no answer), so the allowed answers are listed.
  if (rule.answer === 'not_declined') where.AND = [{ OR: [{ sellerResponse: null }, { sellerResponse: 'accepted' }] }];
  if (rule.answer === 'unanswered') where.sellerResponse = null;
  return where;
}

/** After an update matched nothing: 404 for an unknown id, otherwise 409 saying why. */
async function refuse(tx: Tx, action: PrototypeAction, id: number): Promise<never> {
  const row = await tx.prototype.findUnique({ where: { id }, select: { status: true, atomixQuote: true, sellerResponse: true } });
  if (!row) throw new NotFoundError('Prototype not found');
  throw new ConflictError(refusalMessage(action, { status: row.status, atomixQuote: row.atomixQuote?.toNumber() ?? null, sellerResponse: row.sellerResponse }));
}

interface TransitionEffects {
  /** Extra columns written by the conditional update. */
  data?: Prisma.PrototypeUncheckedUpdateManyInput;
  /** Described by timelineSentence from the event and its metadata. */
  timeline: { event: TimelineEvent; metadata?: Prisma.InputJsonValue };
  notification: { type: NotificationType; title: string; message: string };
  audit?: Prisma.InputJsonValue;
  /** More writes inside the same transaction, after the update won. */
  after?: (tx: Tx, prototype: { id: number; sellerId: string; prototypeName: string }) => Promise<Prisma.InputJsonValue | void>;
}

async function transition(request: TransitionRequest, action: AdminTransition, effects: TransitionEffects) {
  const rule: WorkflowAction = PROTOTYPE_ACTIONS[action];
  const { db, meta, mailer, actorId, prototypeId: id, now } = request;
  return db.$transaction(async (tx) => {
    const { count } = await tx.prototype.updateMany({
      where: { id, ...allowedStateWhere(rule) },
      data: { ...(rule.to ? { status: rule.to } : {}), ...effects.data },
    });
    if (count === 0) await refuse(tx, action, id);
    // The row is locked by the update until commit: what is read now is what the next writes build on.
    const prototype = await tx.prototype.findUniqueOrThrow({
      where: { id },
      select: { id: true, sellerId: true, prototypeName: true, stage: true, initialReviewMetAt: true, feedbackMetAt: true },
    });
    const stage = stageAfterAction(action, prototype.stage);
    const followUp: Prisma.PrototypeUncheckedUpdateInput = {
      ...(stage !== prototype.stage ? stageChangeData({ from: prototype.stage, to: stage, initialReviewMetAt: prototype.initialReviewMetAt }, now) : {}),
      ...(rule.decision && !prototype.feedbackMetAt ? { feedbackMetAt: now } : {}),
    };
    if (Object.keys(followUp).length > 0) await tx.prototype.update({ where: { id }, data: followUp, select: { id: true } });
    const extra = (await effects.after?.(tx, prototype)) ?? undefined;
    await recordTimelineEvent(tx, {
      prototypeId: id,
      event: effects.timeline.event,
      performedBy: actorId,
      metadata: { action, ...(rule.to ? { status: rule.to } : {}), ...(effects.timeline.metadata as object | undefined) },
    });
    if (stage !== prototype.stage) await recordStageChangeEvent(tx, { prototypeId: id, from: prototype.stage, to: stage, actorId });
    await notify(tx, mailer, {
      userId: prototype.sellerId,
      prototypeId: id,
      type: effects.notification.type,
      title: effects.notification.title,
      message: effects.notification.message.replace('{name}', () => prototype.prototypeName),
      // The notice opens the prototype it is about (its reason, quote and next step are there).
      actionUrl: sellerPrototypePath(id),
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: `admin.prototype.${action}`,
      targetType: 'prototype',
      targetId: id,
      details: {
        to: rule.to,
        ...(stage !== prototype.stage ? { stage: { from: prototype.stage, to: stage } } : {}),
        ...(effects.audit as object | undefined),
        ...(extra as object | undefined),
      },
    });
    const row = await tx.prototype.findUniqueOrThrow({ where: { id }, select: adminPrototypeSelect });
    return toAdminPrototypeView(row);
  });
}

export function startReview(request: TransitionRequest) {
  return transition(request, 'startReview', {
    timeline: { event: 'status_changed' },
    notification: { type: 'prototype_under_review', title: 'Review started', message: 'Your prototype "{name}" is now under review.' },
  });
}

export function approve(request: TransitionRequest) {
  return transition(request, 'approve', {
    after: (tx, prototype) => assertSplitResolved(tx, prototype.id),
    timeline: { event: 'status_changed' },
    notification: { type: 'prototype_approved', title: 'Prototype approved', message: 'Your prototype "{name}" has been approved.' },
  });
}

export function reject(request: TransitionRequest, reason: string, category: DeclineCategory | null = null) {
  return transition(request, 'reject', {
    data: { reviewerComments: reason },
    after: (tx, prototype) =>
      recordDecline(tx, { prototypeId: prototype.id, kind: 'prototype', category, declinedBy: request.actorId, declinedAt: request.now }),
    timeline: { event: 'status_changed', metadata: { reason, ...(category ? { reasonCategory: category } : {}) } },
    notification: {
      type: 'prototype_rejected',
      title: 'Prototype rejected',
      message: `Your prototype "{name}" was not accepted. Reason: ${reason}`,
    },
    audit: { reason, reasonCategory: category },
  });
}

/** `amount` is the exact decimal string from the validated input. */
export function provideQuote(request: TransitionRequest, amount: string, notes: string | null) {
  return transition(request, 'quote', {
    data: quoteData(request, amount, notes),
    timeline: { event: 'quote_provided', metadata: { amount } },
    notification: {
      type: 'quote_provided',
      title: 'Quote provided',
      message: `You have received a quote of ${formatUsd(amount)} for "{name}".`,
    },
    audit: { amount, notes },
    after: async (tx, prototype) => {
      await assertSplitResolved(tx, prototype.id);
      return recordQuoteVersion(tx, { prototypeId: prototype.id, amount, notes, quotedBy: request.actorId, quotedAt: request.now });
    },
  });
}

/**
 * Revise Quote: a new amount and notes while quoted, before or after the seller's answer. The
 * earlier versions stay (prototype_quote_versions); the answer is cleared so the seller answers
 * the new quote.
 */
export function reviseQuote(request: TransitionRequest, amount: string, notes: string | null) {
  return transition(request, 'reviseQuote', {
    data: quoteData(request, amount, notes),
    timeline: { event: 'quote_revised', metadata: { amount } },
    notification: {
      type: 'quote_revised',
      title: 'Quote revised',
      message: `The quote for "{name}" has been revised to ${formatUsd(amount)}. Please review it and respond.`,
    },
    audit: { amount, notes },
    after: (tx, prototype) => recordQuoteVersion(tx, { prototypeId: prototype.id, amount, notes, quotedBy: request.actorId, quotedAt: request.now }),
  });
}

/** The columns a new quote writes: amount, notes, who and when, and no answer yet. */
function quoteData(request: TransitionRequest, amount: string, notes: string | null): Prisma.PrototypeUncheckedUpdateManyInput {
  return {
    atomixQuote: toDecimal(amount),
    quoteNotes: notes,
    quoteProvideBy: request.actorId,
    quotedAt: request.now,
    sellerResponse: null,
    sellerResponseNote: null,
    sellerResponseAt: null,
  };
}

/**
 * Accept Quote: the quote becomes the final amount and one pending transaction records what the
 * platform keeps and what the seller is paid (the payouts issue pays it).
 */
export function acceptQuote(request: TransitionRequest, feePercent: number) {
  return transition(request, 'acceptQuote', {
    timeline: { event: 'quote_accepted' },
    notification: { type: 'quote_accepted', title: 'Quote accepted', message: 'The quote for "{name}" has been accepted. A payout is being prepared.' },
    after: async (tx, prototype) => {
      const { atomixQuote } = await tx.prototype.findUniqueOrThrow({ where: { id: prototype.id }, select: { atomixQuote: true } });
      await tx.prototype.update({ where: { id: prototype.id }, data: { finalAmount: splitPayout(atomixQuote!, feePercent).amount } });
      return recordAcceptedQuote(tx, { prototype, quote: atomixQuote!, feePercent, actorId: request.actorId });
    },
  });
}

/**
 * The money side of an accepted quote: one pending transaction (what the platform keeps, what the
 * seller is paid) and the ledger row that owes the seller their payout. The demo data uses it too,
 * so seeded balances add up by construction.
 */
export async function recordAcceptedQuote(
  tx: Tx,
  input: {
    prototype: { id: number; sellerId: string; prototypeName: string };
    quote: Decimal | string;
    feePercent: number | string;
    actorId: string | null;
  },
) {
  const { prototype } = input;
  const split = splitPayout(input.quote, input.feePercent);
  const created = await tx.transaction.create({
    data: {
      prototypeId: prototype.id,
      sellerId: prototype.sellerId,
      amount: split.amount,
      platformFee: split.platformFee,
      sellerPayout: split.sellerPayout,
      status: 'pending',
    },
    select: { id: true },
  });
  await recordLedgerEntry(tx, {
    userId: prototype.sellerId,
    type: 'payout_due',
    amount: split.sellerPayout,
    description: `Quote of ${formatUsd(split.amount)} accepted for "${prototype.prototypeName}": payout after the ${formatUsd(split.platformFee)} platform fee`,
    reference: transactionReference(created.id),
    processedBy: input.actorId,
  });
  return {
    transactionId: created.id,
    amount: moneyString(split.amount),
    platformFee: moneyString(split.platformFee),
    sellerPayout: moneyString(split.sellerPayout),
  };
}

export function rejectQuote(request: TransitionRequest, category: DeclineCategory | null = null) {
  return transition(request, 'rejectQuote', {
    after: (tx, prototype) => recordDecline(tx, { prototypeId: prototype.id, kind: 'quote', category, declinedBy: request.actorId, declinedAt: request.now }),
    audit: { reasonCategory: category },
    timeline: { event: 'quote_rejected', ...(category ? { metadata: { reasonCategory: category } } : {}) },
    notification: { type: 'quote_rejected', title: 'Quote rejected', message: 'The quote for "{name}" has been withdrawn and the prototype rejected.' },
  });
}

export function startDevelopment(request: TransitionRequest) {
  return transition(request, 'startDevelopment', {
    timeline: { event: 'status_changed' },
    notification: {
      type: 'development_started',
      title: 'Development started',
      message: 'Development of your prototype "{name}" has started.',
    },
  });
}

/** Mark Deployed: the prototype is active, and completed (completedAt means deployed). */
export function markDeployed(request: TransitionRequest) {
  return transition(request, 'markDeployed', {
    data: { completedAt: request.now },
    timeline: { event: 'status_changed' },
    notification: { type: 'prototype_deployed', title: 'Prototype deployed', message: 'Your prototype "{name}" has been deployed and is now active.' },
  });
}
