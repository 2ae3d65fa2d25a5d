// Information requests (issue 14, point 5): an admin asks the seller of a prototype a question,
// the seller answers once. Each write is one transaction with its timeline row, the other side's
// notification (and e-mail) and the audit row; the answer is one conditional update, so of two
// answers sent at once exactly one wins.
import { markScorecardsStale } from './review-integrity.ts';
import { adminPanelSearchPath, sellerPrototypePath } from '~/shared/app-paths.ts';
import { QUESTIONS_CLOSED, questionRefusal } from '~/shared/prototype-workflow.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { notify, notifyLeadOrTeam } from './notifications.ts';
import { PROTOTYPE_NOT_FOUND, visiblePrototypes } from './prototype-access.ts';
import { recordTimelineEvent } from './prototype-timeline.ts';
import { type GateScope, gateInfoRequests } from './views/confidential-view.ts';
import { infoRequestSelect, toAdminInfoRequestView, toInfoRequestView } from './views/info-request-view.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';

export const INFO_REQUEST_NOT_FOUND = 'Information request not found';
export const ALREADY_ANSWERED = 'This information request has already been answered';
export const CLOSED_PROTOTYPE = QUESTIONS_CLOSED;
/** Lists answer at most this many requests (a prototype never has nearly as many). */
export const INFO_REQUEST_LIST_MAX = 500;

export interface InfoRequestDeps extends DomainDeps {
  mailer: EmailLinks;
  actorId: string;
  now: Date;
}

/** A prototype that was rejected or has left the pipeline takes no more questions. */

export async function askInfo(deps: InfoRequestDeps, input: { prototypeId: number; question: string; wantsDocuments: boolean }) {
  const { db, meta, mailer, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    const prototype = await tx.prototype.findUnique({
      where: { id: input.prototypeId },
      select: { id: true, sellerId: true, prototypeName: true, status: true, stage: true },
    });
    if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
    if (questionRefusal(prototype)) throw new ConflictError(CLOSED_PROTOTYPE);
    const created = await tx.infoRequest.create({
      data: { prototypeId: prototype.id, askedBy: actorId, question: input.question, wantsDocuments: input.wantsDocuments, createdAt: now },
      select: infoRequestSelect,
    });
    await recordTimelineEvent(tx, {
      prototypeId: prototype.id,
      event: 'info_requested',
      description: input.wantsDocuments ? 'The evaluation team asked for information and documents' : 'The evaluation team asked for information',
      performedBy: actorId,
      metadata: { infoRequestId: created.id, wantsDocuments: input.wantsDocuments },
    });
    await notify(tx, mailer, {
      userId: prototype.sellerId,
      prototypeId: prototype.id,
      type: 'info_requested',
      title: 'Information requested',
      message:
        `The evaluation team has a question about "${prototype.prototypeName}":\n\n${input.question}\n\n` +
        (input.wantsDocuments ? 'Please answer on the prototype page and attach the documents asked for.' : 'Please answer on the prototype page.'),
      actionUrl: sellerPrototypePath(prototype.id),
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.prototype.infoRequest',
      targetType: 'prototype',
      targetId: prototype.id,
      details: { infoRequestId: created.id, wantsDocuments: input.wantsDocuments },
    });
    return toAdminInfoRequestView(created);
  });
}

export async function answerInfo(deps: InfoRequestDeps, input: { id: number; answer: string }) {
  const { db, meta, mailer, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    const mine = { id: input.id, prototype: { sellerId: actorId } };
    const { count } = await tx.infoRequest.updateMany({
      where: { ...mine, answeredAt: null },
      data: { answer: input.answer, answeredBy: actorId, answeredAt: now },
    });
    if (count === 0) {
      const exists = await tx.infoRequest.findFirst({ where: mine, select: { id: true } });
      if (!exists) throw new NotFoundError(INFO_REQUEST_NOT_FOUND);
      throw new ConflictError(ALREADY_ANSWERED);
    }
    const row = await tx.infoRequest.findUniqueOrThrow({ where: { id: input.id }, select: infoRequestSelect });
    const prototype = await tx.prototype.findUniqueOrThrow({ where: { id: row.prototypeId }, select: { id: true, prototypeName: true, assignedTo: true } });
    // The facts changed: scores given before this answer wait for their reviewers (issue 33, point 4).
    await markScorecardsStale(tx, mailer, prototype, now);
    await recordTimelineEvent(tx, {
      prototypeId: prototype.id,
      event: 'info_answered',
      description: 'The seller answered a request for information',
      performedBy: actorId,
      metadata: { infoRequestId: row.id, documents: row.documents.length },
    });
    const notification = {
      prototypeId: prototype.id,
      type: 'info_answered' as const,
      title: 'Information request answered',
      message: `The seller of "${prototype.prototypeName}" answered your question:\n\n${row.question}`,
      actionUrl: adminPanelSearchPath(prototype.id),
    };
    await notifyLeadOrTeam(tx, mailer, prototype.assignedTo, notification);
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'prototype.info_answer',
      targetType: 'prototype',
      targetId: prototype.id,
      details: { infoRequestId: row.id, documents: row.documents.length },
    });
    return toInfoRequestView(row);
  });
}

/** The caller's prototypes' requests, open ones first, then newest first. */
export async function sellerInfoRequests(db: Db, sellerId: string) {
  const rows = await db.infoRequest.findMany({
    where: { prototype: { sellerId } },
    select: infoRequestSelect,
    orderBy: newestFirst(),
    take: INFO_REQUEST_LIST_MAX,
  });
  const views = rows.map(toInfoRequestView);
  return [...views.filter((r) => r.answeredAt === null), ...views.filter((r) => r.answeredAt !== null)];
}

/**
 * One prototype's exchange, oldest first: admins see any prototype's (answers and their documents
 * once its confidential content is open to them), a seller only their own.
 */
export async function prototypeInfoRequests(scope: GateScope, prototypeId: number) {
  const { db, viewer: user } = scope;
  const visible = await db.prototype.findFirst({
    where: { id: prototypeId, ...visiblePrototypes(user) },
    select: { id: true },
  });
  if (!visible) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const rows = await db.infoRequest.findMany({
    where: { prototypeId },
    select: infoRequestSelect,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: INFO_REQUEST_LIST_MAX,
  });
  return user.role === 'admin' ? gateInfoRequests(scope, rows.map(toAdminInfoRequestView)) : rows.map(toInfoRequestView);
}

/** Every unanswered request, oldest (longest waiting) first, with how many there are. */
export async function openInfoRequests(scope: GateScope) {
  const { db } = scope;
  const where = { answeredAt: null };
  const [total, rows] = await Promise.all([
    db.infoRequest.count({ where }),
    db.infoRequest.findMany({ where, select: infoRequestSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: INFO_REQUEST_LIST_MAX }),
  ]);
  return { total, items: await gateInfoRequests(scope, rows.map(toAdminInfoRequestView)) };
}

/** For an upload with an answer: the open request of one of the seller's prototypes, or why not. */
export async function openRequestOfSeller(db: Db, sellerId: string, id: number) {
  const row = await db.infoRequest.findFirst({ where: { id, prototype: { sellerId } }, select: { id: true, prototypeId: true, answeredAt: true } });
  if (!row) throw new NotFoundError(INFO_REQUEST_NOT_FOUND);
  if (row.answeredAt) throw new ConflictError(ALREADY_ANSWERED);
  return { id: row.id, prototypeId: row.prototypeId };
}
