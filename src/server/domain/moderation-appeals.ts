// Appeals (issue 15, ADR 0016): one per measure, within APPEAL_WINDOW_DAYS of it, from the dashboard
// (signed in) or through the single-use link of a suspension or ban notice. An appeal is a support
// ticket of category 'appeal'; the unique (measure_type, measure_id) decides when several arrive at
// once. An admin upholds or reverses it once; reversing lifts the measure.
import type { Prisma } from '~/generated/prisma/client.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { formatDate } from '~/shared/format.ts';
import { addDays } from '~/shared/days.ts';
import { APPEAL_WINDOW_DAYS, type AppealOutcome, type MeasureType } from '~/shared/moderation.ts';
import { APPEAL_LINK_INVALID, APPEAL_LINK_MEASURE_ENDED } from '~/shared/schemas/moderation.ts';
import { hashToken, usableTokenWhere } from '../auth/session.ts';
import { logActivity } from './activity-log.ts';
import { publishTicketChange } from './support-tickets.ts';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.ts';
import { type ModerationDeps, findMeasure, reverseMeasure } from './moderation.ts';
import { appealDeadline, sendServiceNotice } from './moderation-notices.ts';
import { appealSelect, toAppealView } from './views/moderation-view.ts';
import type { Db } from '../db/index.ts';

export const MEASURE_NOT_FOUND = 'Measure not found';
export const APPEAL_NOT_FOUND = 'Appeal not found';
export const ALREADY_APPEALED = 'This measure has already been appealed: each measure can be appealed once';
export const ALREADY_DECIDED = 'This appeal has already been decided';
export const WINDOW_CLOSED = (deadline: Date) =>
  `The appeal window for this measure closed on ${formatDate(deadline, { timeZone: 'UTC' })} (appeals are accepted for ${APPEAL_WINDOW_DAYS} days)`;

type Tx = Prisma.TransactionClient;

async function openAppealTicket(tx: Tx, input: { userId: string; measureType: MeasureType; measureId: number; label: string; message: string; now: Date }) {
  const ticket = await tx.supportTicket.create({
    data: {
      userId: input.userId,
      category: 'appeal',
      priority: 'medium',
      status: 'open',
      subject: `Appeal: ${input.label}`,
      description: input.message,
      measureType: input.measureType,
      measureId: input.measureId,
      awaitingReplySince: input.now,
      createdAt: input.now,
    },
    select: appealSelect,
  });
  await publishTicketChange(tx, { id: ticket.id, userId: input.userId });
  return ticket;
}

/** Runs `work`, turning the unique (measure_type, measure_id) violation into "already appealed". */
async function oncePerMeasure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ALREADY_APPEALED);
    throw error;
  }
}

/** POST /api/appeals: the caller appeals one of their own measures. 404 if not theirs, 409 twice or after the window. */
export async function submitAppeal(deps: ModerationDeps, input: { measureType: MeasureType; measureId: number; message: string }) {
  const { db, meta, actorId, now } = deps;
  return oncePerMeasure(() =>
    db.$transaction(async (tx) => {
      const measure = await findMeasure(tx, input.measureType, input.measureId);
      if (!measure || measure.userId !== actorId) throw new NotFoundError(MEASURE_NOT_FOUND);
      const deadline = appealDeadline(measure.takenAt);
      if (deadline.getTime() <= now.getTime()) throw new ConflictError(WINDOW_CLOSED(deadline));
      const ticket = await openAppealTicket(tx, { userId: actorId, ...input, label: measure.label, now });
      await logActivity(tx, meta, {
        userId: actorId,
        action: 'appeal.submit',
        targetType: 'support_ticket',
        targetId: ticket.id,
        details: { measureType: input.measureType, measureId: input.measureId },
      });
      return toAppealView(ticket);
    }),
  );
}

/**
 * POST /api/appeals/by-token: the link of a suspension or ban notice, or the proof a refused sign-in
 * gave (ADR 0030), used once. 400 for a used, expired or unknown one; 409 after the appeal window.
 */
export async function submitAppealByToken(deps: Omit<ModerationDeps, 'actorId'>, input: { token: string; message: string }) {
  const { db, meta, now } = deps;
  const usable = usableTokenWhere(input.token, now);
  return oncePerMeasure(() =>
    db.$transaction(async (tx) => {
      const token = await tx.appealToken.findFirst({ where: usable, select: { userId: true, measureType: true, measureId: true } });
      // Single use: of two requests with one link, the first to set used_at wins.
      const { count } = token ? await tx.appealToken.updateMany({ where: usable, data: { usedAt: now } }) : { count: 0 };
      if (!token || count === 0) throw new InvalidInputError(APPEAL_LINK_INVALID);
      const measureType = token.measureType as MeasureType;
      const measure = await findMeasure(tx, measureType, token.measureId);
      if (!measure || measure.userId !== token.userId) throw new InvalidInputError(APPEAL_LINK_INVALID);
      // The link (or proof) stands in for a session while the measure keeps its user out; once the
      // measure is lifted or over, the user signs in and appeals from the dashboard (ADR 0040).
      const proven = await provenMeasure(tx, { userId: token.userId, measureType, measureId: token.measureId }, now);
      if (!proven?.running) throw new InvalidInputError(APPEAL_LINK_MEASURE_ENDED);
      // A link expires with the window; a sign-in proof outlives it by up to an hour.
      const deadline = appealDeadline(measure.takenAt);
      if (deadline.getTime() <= now.getTime()) throw new ConflictError(WINDOW_CLOSED(deadline));
      const ticket = await openAppealTicket(tx, {
        userId: token.userId,
        measureType,
        measureId: token.measureId,
        label: measure.label,
        message: input.message,
        now,
      });
      await logActivity(tx, meta, {
        userId: token.userId,
        action: 'appeal.submit',
        targetType: 'support_ticket',
        targetId: ticket.id,
        details: { measureType, measureId: token.measureId, viaLink: true },
      });
      return toAppealView(ticket);
    }),
  );
}

/** PATCH /api/admin/appeals/{ticketId}: upheld or reversed, once, with a resolution the user reads. */
export async function decideAppeal(deps: ModerationDeps, input: { id: number; outcome: AppealOutcome; resolution: string }) {
  const { db, meta, mailer, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    const appeal = { id: input.id, category: 'appeal', measureType: { not: null }, measureId: { not: null } } satisfies Prisma.SupportTicketWhereInput;
    const { count } = await tx.supportTicket.updateMany({
      where: { ...appeal, appealOutcome: null },
      data: { appealOutcome: input.outcome, status: 'resolved', resolution: input.resolution, resolvedAt: now, awaitingReplySince: null, lastUpdated: now },
    });
    if (count === 0) {
      const exists = await tx.supportTicket.findFirst({ where: appeal, select: { id: true } });
      if (!exists) throw new NotFoundError(APPEAL_NOT_FOUND);
      throw new ConflictError(ALREADY_DECIDED);
    }
    const ticket = await tx.supportTicket.findUniqueOrThrow({ where: { id: input.id }, select: { ...appealSelect, userId: true } });
    await publishTicketChange(tx, ticket);
    const measureType = ticket.measureType as MeasureType;
    if (input.outcome === 'reversed') await reverseMeasure(tx, measureType, ticket.measureId!, now);
    await sendServiceNotice(tx, mailer, ticket.userId, {
      type: 'appeal_decided',
      title: input.outcome === 'reversed' ? 'Your appeal was accepted' : 'Your appeal was not accepted',
      message:
        (input.outcome === 'reversed'
          ? `Your appeal against the ${measureType} was accepted and the measure has been lifted.`
          : `Your appeal against the ${measureType} was reviewed and the measure stays in place.`) + `\n\n${input.resolution}`,
      actionUrl: '/seller-dashboard',
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: input.outcome === 'reversed' ? 'admin.appeal.reverse' : 'admin.appeal.uphold',
      targetType: 'support_ticket',
      targetId: input.id,
      details: { measureType, measureId: ticket.measureId, userId: ticket.userId },
    });
    const { userId: _userId, ...row } = ticket;
    return toAppealView(row);
  });
}

/** The caller's measures of the last APPEAL_WINDOW_DAYS (and older ones they appealed), newest first, with whether they may still appeal. */
export async function myMeasures(db: Db, userId: string, now: Date) {
  const since = addDays(now, -APPEAL_WINDOW_DAYS);
  const appeals = await db.supportTicket.findMany({ where: { userId, category: 'appeal' }, select: appealSelect, orderBy: { id: 'desc' }, take: 500 });
  const appealed = (...types: MeasureType[]) => appeals.filter((a) => types.includes(a.measureType as MeasureType)).map((a) => a.measureId!);
  const [warnings, suspensions, measures] = await Promise.all([
    db.userWarning.findMany({
      where: { userId, OR: [{ createdAt: { gt: since } }, { id: { in: appealed('warning') } }] },
      select: { id: true, title: true, createdAt: true },
      take: 100,
    }),
    db.userSuspension.findMany({
      where: { userId, OR: [{ startDate: { gt: since } }, { id: { in: appealed('suspension') } }] },
      select: { id: true, reason: true, startDate: true },
      take: 100,
    }),
    db.accountMeasure.findMany({
      where: { userId, OR: [{ createdAt: { gt: since } }, { id: { in: appealed('restriction', 'ban') } }] },
      select: { id: true, kind: true, reason: true, createdAt: true },
      take: 100,
    }),
  ]);
  const appealOf = new Map(appeals.map((a) => [`${a.measureType}:${a.measureId}`, toAppealView(a)]));
  const items = [
    ...warnings.map((w) => ({ measureType: 'warning' as const, measureId: w.id, title: w.title, takenAt: w.createdAt })),
    ...suspensions.map((s) => ({ measureType: 'suspension' as const, measureId: s.id, title: s.reason ?? 'Suspension', takenAt: s.startDate })),
    ...measures.map((m) => {
      const measureType = m.kind === 'ban' ? ('ban' as const) : ('restriction' as const);
      return { measureType, measureId: m.id, title: m.reason ?? (measureType === 'ban' ? 'Ban' : 'Restriction'), takenAt: m.createdAt };
    }),
  ];
  return items
    .map((item) => {
      const appeal = appealOf.get(`${item.measureType}:${item.measureId}`) ?? null;
      const deadline = appealDeadline(item.takenAt);
      return { ...item, appealDeadline: deadline, canAppeal: !appeal && deadline.getTime() > now.getTime(), appeal };
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * The measure a proof names, as its user reads it: whether it still runs (a suspension not lifted and
 * not past its end, a restriction or ban not ended and not past its `until`) or was lifted. Null when
 * it is not that user's (or not a measure a proof is given for).
 */
async function provenMeasure(
  db: Pick<Tx, 'userSuspension' | 'accountMeasure'>,
  proof: { userId: string; measureType: MeasureType; measureId: number },
  now: Date,
) {
  const { userId, measureType, measureId } = proof;
  if (measureType === 'suspension') {
    const s = await db.userSuspension.findFirst({
      where: { id: measureId, userId },
      select: { reason: true, startDate: true, endDate: true, isActive: true, liftedAt: true },
    });
    return (
      s && {
        reason: s.reason,
        takenAt: s.startDate,
        until: s.endDate,
        running: s.isActive && s.endDate.getTime() > now.getTime(),
        lifted: s.liftedAt !== null,
      }
    );
  }
  if (measureType === 'ban' || measureType === 'restriction') {
    const m = await db.accountMeasure.findFirst({
      where: { id: measureId, userId, kind: measureType },
      select: { reason: true, createdAt: true, until: true, endedAt: true },
    });
    return (
      m && {
        reason: m.reason,
        takenAt: m.createdAt,
        until: m.until,
        running: m.endedAt === null && (m.until === null || m.until.getTime() > now.getTime()),
        lifted: m.endedAt !== null,
      }
    );
  }
  return null;
}

/**
 * What a suspended or banned user may read with a proof (an appeal link, a refused sign-in's proof, an
 * ended session's token; ADR 0030): the measure, its reason and end, and the appeal's state. Null for
 * an unknown or expired proof. Opens nothing else.
 */
export async function accountStanding(db: Db, token: string, now: Date) {
  const proof = await db.appealToken.findFirst({
    where: { id: hashToken(token), expiresAt: { gt: now } },
    select: { userId: true, measureType: true, measureId: true, usedAt: true },
  });
  if (!proof) return null;
  const measureType = proof.measureType as MeasureType;
  const measure = await provenMeasure(db, { ...proof, measureType }, now);
  if (!measure) return null;
  const appealRow = await db.supportTicket.findFirst({
    where: { userId: proof.userId, category: 'appeal', measureType, measureId: proof.measureId },
    select: appealSelect,
  });
  const appeal = appealRow ? toAppealView(appealRow) : null;
  const deadline = appealDeadline(measure.takenAt);
  return {
    measureType,
    reason: measure.reason,
    takenAt: measure.takenAt,
    until: measure.until,
    running: measure.running,
    lifted: measure.lifted,
    appealDeadline: deadline,
    appealWindowOpen: deadline.getTime() > now.getTime(),
    // A measure no longer in force is appealed from the dashboard, signed in: the proof stops there (ADR 0040).
    canAppeal: !appeal && proof.usedAt === null && measure.running && deadline.getTime() > now.getTime(),
    appeal,
  };
}
export type AccountStanding = NonNullable<Awaited<ReturnType<typeof accountStanding>>>;
