// Graduated moderation (issue 15, ADR 0016): warnings, suspensions, and restriction/ban measures.
// Each admin action is one transaction with its notification (and e-mail) and audit row; state
// changes are conditional updates, so two admins clicking at once cannot both win. A running
// suspension is mirrored in users.suspended_until in the same transaction, so the session check reads
// it with the user; suspensions end by themselves (suspension-ends.ts).
import type { Prisma } from '~/generated/prisma/client.ts';
import { formatUtcDateTime } from '~/shared/format.ts';
import { APPEAL_WINDOW_DAYS, type AccountMeasureKind, type MeasureType } from '~/shared/moderation.ts';
import type { IssueWarningInput } from '~/shared/schemas/moderation.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, InvalidInputError, NotFoundError } from './errors.ts';
import { USER_NOT_FOUND, assertMayActOnUser } from './manageable-users.ts';
import { issueAppealToken, issueStandingProof, keepSessionsAsProofs, sendMeasureNotice } from './moderation-notices.ts';
import { notify } from './notifications.ts';
import { publishTicketChange } from './support-tickets.ts';
import {
  type HistoryEntry,
  activeWarningWhere,
  adminLabel,
  appealSelect,
  historyMeasureSelect,
  historySuspensionSelect,
  historyWarningSelect,
  suspensionSelect,
  toAppealView,
  toSuspensionView,
  toWarningView,
  warningSelect,
  warningStatus,
} from './views/moderation-view.ts';
import type { DomainDeps } from './deps.ts';
import { newestFirst } from './keyset.ts';
import { EXPIRY_IN_PAST, SUSPENSION_END_IN_PAST, isAfter } from '~/shared/schemas/future-dates.ts';

export { USER_NOT_FOUND } from './manageable-users.ts';
export const WARNING_NOT_FOUND = 'Warning not found';
export const SUSPENSION_NOT_FOUND = 'Suspension not found';
export const WARNING_NOT_ACTIVE = 'This warning is no longer active (already resolved or expired)';
export const SUSPENSION_NOT_RUNNING = 'This suspension is not running (already lifted or ended)';
export const ALREADY_SUSPENDED = 'This user is already suspended: lift the running suspension first';
// Prefixed with the field, as the API's input errors are.
export const END_DATE_IN_PAST = `endDate: ${SUSPENSION_END_IN_PAST}`;
export const WARNING_EXPIRY_IN_PAST = `expiresAt: ${EXPIRY_IN_PAST}`;
/** Lists answer at most this many rows (a user never has nearly as many measures). */
const HISTORY_MAX = 500;

export interface ModerationDeps extends DomainDeps {
  mailer: EmailLinks;
  actorId: string;
  now: Date;
}

type Tx = Prisma.TransactionClient;

/** A date in e-mails and server messages: in UTC, named ("Dec 3, 2026, 9:00 AM UTC"). */
const when = formatUtcDateTime;

// --- Warnings ----------------------------------------------------------------------------------------

export async function issueWarning(deps: ModerationDeps, input: Omit<IssueWarningInput, 'expiresAt'> & { expiresAt: Date | null }) {
  const { db, meta, mailer, actorId, now } = deps;
  if (input.expiresAt && !isAfter(input.expiresAt, now)) throw new InvalidInputError(WARNING_EXPIRY_IN_PAST);
  return db.$transaction(async (tx) => {
    const user = await assertMayActOnUser(tx, input.id, 'warned');
    const row = await tx.userWarning.create({
      data: {
        userId: user.id,
        adminId: actorId,
        warningType: input.warningType,
        severity: input.severity,
        title: input.title,
        description: input.description ?? null,
        expiresAt: input.expiresAt,
        createdAt: now,
      },
      select: warningSelect,
    });
    await notify(tx, mailer, {
      userId: user.id,
      type: 'warning_issued',
      title: `Warning: ${row.title}`,
      message:
        `${row.description ?? ''}\n\n` +
        (row.expiresAt ? `This warning expires ${when(row.expiresAt)}. ` : '') +
        `Please acknowledge it on your dashboard. You may appeal it there within ${APPEAL_WINDOW_DAYS} days.`,
      actionUrl: '/seller-dashboard',
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.warning.issue',
      targetType: 'user',
      targetId: user.id,
      details: { warningId: row.id, warningType: row.warningType, severity: row.severity, expiresAt: row.expiresAt?.toISOString() ?? null },
    });
    return toWarningView(row, now);
  });
}

/** Ends an active warning (an admin's decision or a reversed appeal); false if it was not active. */
async function resolveWarningRow(tx: Tx, id: number, now: Date): Promise<boolean> {
  const { count } = await tx.userWarning.updateMany({
    where: { id, ...activeWarningWhere(now) },
    data: { status: 'resolved', resolvedAt: now },
  });
  return count === 1;
}

export async function resolveWarning(deps: ModerationDeps, id: number) {
  const { db, meta, mailer, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    if (!(await resolveWarningRow(tx, id, now))) {
      const exists = await tx.userWarning.findUnique({ where: { id }, select: { id: true } });
      if (!exists) throw new NotFoundError(WARNING_NOT_FOUND);
      throw new ConflictError(WARNING_NOT_ACTIVE);
    }
    const row = await tx.userWarning.findUniqueOrThrow({ where: { id }, select: warningSelect });
    await notify(tx, mailer, {
      userId: row.userId,
      type: 'warning_resolved',
      title: 'Warning resolved',
      message: `The warning "${row.title}" has been resolved and no longer applies.`,
      actionUrl: '/seller-dashboard',
    });
    await logActivity(tx, meta, { userId: actorId, action: 'admin.warning.resolve', targetType: 'user', targetId: row.userId, details: { warningId: id } });
    return toWarningView(row, now);
  });
}

/** The banner: the caller's active warnings that have not expired and that they have not acknowledged. */
export async function myActiveWarnings(db: Db, userId: string, now: Date) {
  const rows = await db.userWarning.findMany({
    where: { userId, acknowledgedAt: null, ...activeWarningWhere(now) },
    select: warningSelect,
    orderBy: newestFirst(),
    take: HISTORY_MAX,
  });
  return rows.map((row) => toWarningView(row, now));
}

/** The user dismisses the banner for one warning (once: acknowledging again answers the same). 404 if not theirs. */
export async function acknowledgeWarning(deps: ModerationDeps, id: number) {
  const { db, meta, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    const { count } = await tx.userWarning.updateMany({ where: { id, userId: actorId, acknowledgedAt: null }, data: { acknowledgedAt: now } });
    const row = await tx.userWarning.findFirst({ where: { id, userId: actorId }, select: warningSelect });
    if (!row) throw new NotFoundError(WARNING_NOT_FOUND);
    if (count === 1)
      await logActivity(tx, meta, { userId: actorId, action: 'warning.acknowledge', targetType: 'user', targetId: actorId, details: { warningId: id } });
    return toWarningView(row, now);
  });
}

// --- Suspensions -------------------------------------------------------------------------------------

export async function suspendUser(deps: ModerationDeps, input: { id: string; reason: string; endDate: Date; notes: string | null }) {
  const { db, meta, mailer, actorId, now } = deps;
  if (!isAfter(input.endDate, now)) throw new InvalidInputError(END_DATE_IN_PAST);
  return db.$transaction(async (tx) => {
    // One running suspension per user: the user's row lock orders two admins suspending at once.
    await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${input.id}::uuid FOR UPDATE`;
    const user = await assertMayActOnUser(tx, input.id, 'suspended');
    const running = await tx.userSuspension.findFirst({ where: { userId: user.id, isActive: true, endDate: { gt: now } }, select: { id: true } });
    if (running) throw new ConflictError(ALREADY_SUSPENDED);
    // One whose end date has passed but that the job has not reached yet ends now, quietly.
    await tx.userSuspension.updateMany({ where: { userId: user.id, isActive: true, endDate: { lte: now } }, data: { isActive: false, endedAt: now } });
    const row = await tx.userSuspension.create({
      data: { userId: user.id, adminId: actorId, reason: input.reason, notes: input.notes, startDate: now, endDate: input.endDate, createdAt: now },
      select: suspensionSelect,
    });
    await tx.user.update({ where: { id: user.id }, data: { suspendedUntil: row.endDate } });
    // Every session ends with it (and a half-done two-factor sign-in); each open tab keeps a proof
    // that shows the suspension and lets the user appeal (ADR 0030).
    await keepSessionsAsProofs(tx, user.id, { measureType: 'suspension', measureId: row.id }, now);
    await tx.session.deleteMany({ where: { userId: user.id } });
    await tx.twoFactorChallenge.deleteMany({ where: { userId: user.id } });
    const token = await issueAppealToken(tx, { userId: user.id, measureType: 'suspension', measureId: row.id, takenAt: now });
    await sendMeasureNotice(tx, mailer, user, {
      type: 'suspension_started',
      template: 'suspension_notice',
      title: 'Your account is suspended',
      message: `Your account is suspended until ${when(row.endDate)}.\n\nReason: ${row.reason ?? ''}`,
      token,
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.suspension.start',
      targetType: 'user',
      targetId: user.id,
      details: { suspensionId: row.id, endDate: row.endDate.toISOString() },
    });
    return toSuspensionView(row);
  });
}

/**
 * Stops a running suspension (lifted early or ended by its date) in one conditional update, and
 * clears the user's mirror only if it still names this suspension's end. True for the one caller that
 * stopped it.
 */
async function stopSuspension(tx: Tx, id: number, now: Date, how: 'lift' | 'end'): Promise<{ userId: string; endDate: Date } | null> {
  const where: Prisma.UserSuspensionWhereInput = how === 'end' ? { id, isActive: true, endDate: { lte: now } } : { id, isActive: true };
  const { count } = await tx.userSuspension.updateMany({ where, data: { isActive: false, endedAt: now, ...(how === 'lift' ? { liftedAt: now } : {}) } });
  if (count === 0) return null;
  const row = await tx.userSuspension.findUniqueOrThrow({ where: { id }, select: { userId: true, endDate: true } });
  await tx.user.updateMany({ where: { id: row.userId, suspendedUntil: row.endDate }, data: { suspendedUntil: null } });
  return row;
}

async function announceSuspensionEnd(tx: Tx, mailer: EmailLinks, userId: string, lifted: boolean) {
  await notify(tx, mailer, {
    userId,
    type: 'suspension_ended',
    title: 'Your suspension has ended',
    message: lifted ? 'An administrator lifted your suspension: you can sign in again.' : 'Your suspension has reached its end date: you can sign in again.',
    actionUrl: '/seller-dashboard',
  });
}

/**
 * Lifts a running suspension early, with the admin's reason (the user reads it). An appeal still open
 * against it is closed as decided (reversed: the measure is lifted), so nothing offers to uphold it.
 */
export async function liftSuspension(deps: ModerationDeps, id: number, reason: string | null = null) {
  const { db, meta, mailer, actorId, now } = deps;
  return db.$transaction(async (tx) => {
    const stopped = await stopSuspension(tx, id, now, 'lift');
    if (!stopped) {
      const exists = await tx.userSuspension.findUnique({ where: { id }, select: { id: true } });
      if (!exists) throw new NotFoundError(SUSPENSION_NOT_FOUND);
      throw new ConflictError(SUSPENSION_NOT_RUNNING);
    }
    const resolution = `The suspension was lifted by an administrator${reason ? `: ${reason}` : '.'}`;
    const appeals = await tx.supportTicket.findMany({
      where: { category: 'appeal', measureType: 'suspension', measureId: id, appealOutcome: null },
      select: { id: true, userId: true },
    });
    if (appeals.length > 0) {
      await tx.supportTicket.updateMany({
        where: { id: { in: appeals.map((a) => a.id) }, appealOutcome: null },
        data: { appealOutcome: 'reversed', status: 'resolved', resolution, resolvedAt: now, awaitingReplySince: null, lastUpdated: now },
      });
      for (const appeal of appeals) await publishTicketChange(tx, appeal);
    }
    await notify(tx, mailer, {
      userId: stopped.userId,
      type: 'suspension_ended',
      title: 'Your suspension has ended',
      message: `An administrator lifted your suspension: you can sign in again.${reason ? `\n\nReason: ${reason}` : ''}`,
      actionUrl: '/seller-dashboard',
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'admin.suspension.lift',
      targetType: 'user',
      targetId: stopped.userId,
      details: { suspensionId: id, reason, closedAppeals: appeals.map((a) => a.id) },
    });
    return toSuspensionView(await tx.userSuspension.findUniqueOrThrow({ where: { id }, select: suspensionSelect }));
  });
}

/**
 * Ends every suspension whose end date has passed: each in its own transaction, whoever flips
 * is_active notifies, so several workers at once send one notification per suspension. Returns how
 * many this call ended.
 */
export async function endDueSuspensions(db: Db, mailer: EmailLinks, now: Date): Promise<number> {
  const due = await db.userSuspension.findMany({
    where: { isActive: true, endDate: { lte: now } },
    select: { id: true },
    orderBy: { endDate: 'asc' },
    take: 1000,
  });
  let ended = 0;
  for (const { id } of due) {
    const won = await db.$transaction(async (tx) => {
      const stopped = await stopSuspension(tx, id, now, 'end');
      if (!stopped) return false;
      await announceSuspensionEnd(tx, mailer, stopped.userId, false);
      await logActivity(
        tx,
        { ip: null, userAgent: null },
        { userId: null, action: 'suspension.ended', targetType: 'user', targetId: stopped.userId, details: { suspensionId: id } },
      );
      return true;
    });
    if (won) ended++;
  }
  return ended;
}

/** The running suspension that refuses sign-in, if any. */
export async function runningSuspension(db: Pick<Db, 'userSuspension'>, userId: string, now: Date) {
  return db.userSuspension.findFirst({
    where: { userId, isActive: true, endDate: { gt: now } },
    select: { reason: true, endDate: true },
    orderBy: { endDate: 'desc' },
  });
}

/**
 * The right password of a suspended or banned account: a proof of the measure in force (ban first,
 * else the running suspension) for the standing cookie (ADR 0030); null if none runs.
 */
export async function standingProofAtSignIn(db: Db, userId: string, now: Date) {
  const ban = await db.accountMeasure.findFirst({ where: { userId, kind: 'ban', endedAt: null }, select: { id: true }, orderBy: { id: 'desc' } });
  const suspension = ban
    ? null
    : await db.userSuspension.findFirst({ where: { userId, isActive: true, endDate: { gt: now } }, select: { id: true }, orderBy: { endDate: 'desc' } });
  const measure = ban
    ? { measureType: 'ban' as const, measureId: ban.id }
    : suspension
      ? { measureType: 'suspension' as const, measureId: suspension.id }
      : null;
  return measure && issueStandingProof(db, { userId, ...measure, now });
}

export const suspendedMessage = (s: { reason: string | null; endDate: Date }) =>
  `Your account is suspended until ${when(s.endDate)}${s.reason ? `. Reason: ${s.reason}` : ''}. You may appeal from the account status page.`;

// --- Restrictions and bans (admin.updateUserStatus) -------------------------------------------------

/**
 * Called in updateUserStatus's transaction: the previous open restriction or ban ends, and a new
 * measure row starts for a restriction or ban. Returns the new measure (null when activating).
 */
export async function recordStatusMeasure(
  tx: Tx,
  input: {
    userId: string;
    adminId: string;
    status: 'active' | AccountMeasureKind | 'restricted' | 'banned';
    reason: string | null;
    until: Date | null;
    now: Date;
  },
) {
  await tx.accountMeasure.updateMany({ where: { userId: input.userId, endedAt: null }, data: { endedAt: input.now } });
  if (input.status === 'active') return null;
  const kind: AccountMeasureKind = input.status === 'banned' ? 'ban' : 'restriction';
  const measure = await tx.accountMeasure.create({
    data: { userId: input.userId, adminId: input.adminId, kind, reason: input.reason, until: input.until, createdAt: input.now },
    select: { id: true, kind: true, createdAt: true },
  });
  // A ban ends every session (the caller does, after this): each open tab keeps a proof of the ban (ADR 0030).
  if (kind === 'ban') await keepSessionsAsProofs(tx, input.userId, { measureType: 'ban', measureId: measure.id }, input.now);
  return measure;
}

/** The ban notice e-mail with its single-use appeal link (a banned user cannot sign in to appeal). */
export async function sendBanNotice(tx: Tx, mailer: EmailLinks, measure: { id: number; createdAt: Date }, userId: string, reason: string | null) {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, firstName: true } });
  const token = await issueAppealToken(tx, { userId, measureType: 'ban', measureId: measure.id, takenAt: measure.createdAt });
  await sendMeasureNotice(tx, mailer, user, {
    type: null,
    template: 'ban_notice',
    title: 'Your account has been banned',
    message: `Your Atomix Energy account has been banned.${reason ? `\n\nReason: ${reason}` : ''}`,
    token,
  });
}

// --- History ----------------------------------------------------------------------------------------

const appealKey = (type: string | null, id: number | null) => `${type}:${id}`;

/** Everything done to a user, oldest first: warnings, restrictions, suspensions, bans and appeals. */
export async function moderationHistory(db: Db, userId: string, now: Date): Promise<HistoryEntry[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  const byNewest = { orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], take: HISTORY_MAX };
  const [warnings, suspensions, measures, appeals] = await Promise.all([
    db.userWarning.findMany({ where: { userId }, select: historyWarningSelect, ...byNewest }),
    db.userSuspension.findMany({ where: { userId }, select: historySuspensionSelect, ...byNewest }),
    db.accountMeasure.findMany({ where: { userId }, select: historyMeasureSelect, ...byNewest }),
    db.supportTicket.findMany({ where: { userId, category: 'appeal' }, select: appealSelect, ...byNewest }),
  ]);
  const appealOf = new Map(appeals.map((a) => [appealKey(a.measureType, a.measureId), toAppealView(a)]));
  const entries: HistoryEntry[] = [];
  const base = { severity: null, warningType: null, until: null, endedAt: null, description: null };
  for (const w of warnings) {
    const status = warningStatus(w, now);
    entries.push({
      ...base,
      kind: 'warning',
      id: w.id,
      at: w.createdAt,
      title: w.title,
      description: w.description,
      status: status === 'active' && w.acknowledgedAt ? 'acknowledged' : status,
      severity: w.severity,
      warningType: w.warningType,
      until: w.expiresAt,
      endedAt: w.resolvedAt,
      byAdmin: adminLabel(w.admin),
      appeal: appealOf.get(appealKey('warning', w.id)) ?? null,
    });
  }
  for (const s of suspensions) {
    const running = s.isActive && s.endDate.getTime() > now.getTime();
    entries.push({
      ...base,
      kind: 'suspension',
      id: s.id,
      at: s.startDate,
      title: s.reason ?? 'Suspension',
      description: s.notes,
      status: running ? 'running' : s.liftedAt ? 'lifted' : 'ended',
      until: s.endDate,
      endedAt: s.endedAt ?? (running ? null : s.endDate),
      byAdmin: adminLabel(s.admin),
      appeal: appealOf.get(appealKey('suspension', s.id)) ?? null,
    });
  }
  for (const m of measures) {
    const kind = m.kind === 'ban' ? 'ban' : 'restriction';
    const timedOut = kind === 'restriction' && m.until !== null && m.until.getTime() <= now.getTime();
    entries.push({
      ...base,
      kind,
      id: m.id,
      at: m.createdAt,
      title: m.reason ?? (kind === 'ban' ? 'Ban' : 'Restriction'),
      status: m.endedAt ? 'lifted' : timedOut ? 'ended' : 'running',
      until: m.until,
      endedAt: m.endedAt ?? (timedOut ? m.until : null),
      byAdmin: adminLabel(m.admin),
      appeal: appealOf.get(appealKey(kind, m.id)) ?? null,
    });
  }
  for (const a of appealOf.values()) {
    entries.push({
      ...base,
      kind: 'appeal',
      id: a.ticketId,
      at: a.createdAt,
      title: `Appeal: ${a.measureType} #${a.measureId}`,
      description: a.message,
      status: a.outcome ?? a.status,
      endedAt: a.resolvedAt,
      byAdmin: null,
      appeal: a,
    });
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
}

/** What a measure of `type` with `id` is: its user, when it was taken, and a label; null if none. */
export async function findMeasure(tx: Pick<Tx, 'userWarning' | 'userSuspension' | 'accountMeasure'>, type: MeasureType, id: number) {
  if (type === 'warning') {
    const w = await tx.userWarning.findUnique({ where: { id }, select: { userId: true, createdAt: true, title: true } });
    return w && { userId: w.userId, takenAt: w.createdAt, label: `warning #${id}` };
  }
  if (type === 'suspension') {
    const s = await tx.userSuspension.findUnique({ where: { id }, select: { userId: true, startDate: true } });
    return s && { userId: s.userId, takenAt: s.startDate, label: `suspension #${id}` };
  }
  const m = await tx.accountMeasure.findFirst({ where: { id, kind: type }, select: { userId: true, createdAt: true } });
  return m && { userId: m.userId, takenAt: m.createdAt, label: `${type} #${id}` };
}

/** Reverses a measure after a successful appeal: the warning resolved, the suspension lifted, the restriction or ban ended. */
export async function reverseMeasure(tx: Tx, type: MeasureType, id: number, now: Date) {
  if (type === 'warning') {
    await resolveWarningRow(tx, id, now);
    return;
  }
  if (type === 'suspension') {
    await stopSuspension(tx, id, now, 'lift');
    return;
  }
  const measure = await tx.accountMeasure.findFirst({ where: { id, kind: type }, select: { userId: true } });
  if (!measure) return;
  const { count } = await tx.accountMeasure.updateMany({ where: { id, endedAt: null }, data: { endedAt: now } });
  // Only the measure still in force decides the account's status (a later one is left as it is).
  if (count === 1) {
    await tx.user.updateMany({
      where: { id: measure.userId, status: type === 'ban' ? 'banned' : 'restricted' },
      data: { status: 'active', banReason: null, restrictedUntil: null },
    });
  }
}
