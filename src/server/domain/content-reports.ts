// Concern reports (issue 15, point 5; ADR 0018). A user reports what they can already see (a message
// they received, their own prototype); admins flag any prototype, message or user. One open report
// per reporter and target (content_reports.open_key, unique); admins work the queue and the reporter
// is told the outcome in words that reveal nothing they could not see before.
import type { Prisma } from '~/generated/prisma/client.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { Db } from '../db/index.ts';
import type { EmailLinks } from '../mail/mailer.ts';
import { OPEN_REPORT_STATUSES, REPORT_STATUSES, type ReportReason, type ReportStatus, type ReportTargetType } from '~/shared/moderation.ts';
import { REPORT_REASON_LABELS } from '~/shared/schemas/reports.ts';
import { adminThreadPath, adminUserPath, evaluationScreenPath, sellerPrototypePath, userMessagePath } from '~/shared/app-paths.ts';
import { fullName } from '~/shared/format.ts';
import { logActivity } from './activity-log.ts';
import { ConflictError, ForbiddenError, NotFoundError } from './errors.ts';
import { asDate, keysetPage, parseIntId, newestFirst } from './keyset.ts';
import { notify } from './notifications.ts';
import { personName } from './views/person-name.ts';
import type { DomainDeps } from './deps.ts';

export interface ReportDeps extends DomainDeps {
  mailer: EmailLinks;
  now: Date;
}

interface Actor {
  id: string;
  role: 'user' | 'admin';
}

type Reader = Pick<Prisma.TransactionClient, 'prototype' | 'adminMessage' | 'user'>;

const NOT_FOUND = 'Nothing to report was found with that id';

/** The target as this actor may see it, named as they know it; 404 when they cannot see it (or it does not exist). */
async function visibleTarget(db: Reader, actor: Actor, type: ReportTargetType, id: string): Promise<{ label: string }> {
  const admin = actor.role === 'admin';
  if (type === 'prototype') {
    const row = await db.prototype.findFirst({ where: { id: Number(id), ...(admin ? {} : { sellerId: actor.id }) }, select: { prototypeName: true } });
    if (!row) throw new NotFoundError(NOT_FOUND);
    return { label: `prototype "${row.prototypeName}"` };
  }
  if (type === 'message') {
    const row = await db.adminMessage.findFirst({
      where: { id: Number(id), ...(admin ? {} : { userId: actor.id, messageType: 'admin_to_user' }) },
      select: { subject: true },
    });
    if (!row) throw new NotFoundError(NOT_FOUND);
    return { label: `message "${row.subject}"` };
  }
  if (!admin) throw new ForbiddenError('Only administrators flag user accounts; to report something a user sent you, report the message');
  const row = await db.user.findUnique({ where: { id }, select: personName });
  if (!row) throw new NotFoundError(NOT_FOUND);
  return { label: `user ${fullName(row)}` };
}

/** Held by an open report: a reporter has one open report per target (a unique index). */
export const openKeyOf = (reporterId: string, type: string, id: string) => `${reporterId}:${type}:${id}`;

export const reportSelect = {
  id: true,
  targetType: true,
  targetId: true,
  reason: true,
  description: true,
  status: true,
  resolution: true,
  createdAt: true,
  reviewedAt: true,
  reporter: { select: { id: true, firstName: true, lastName: true, email: true, role: true } },
  reviewer: { select: { id: true, firstName: true, lastName: true, email: true } },
} satisfies Prisma.ContentReportSelect;
type ReportRow = Prisma.ContentReportGetPayload<{ select: typeof reportSelect }>;

/** What the reporter sees of their report. */
function toOwnReportView(row: ReportRow) {
  return {
    id: row.id,
    targetType: row.targetType as ReportTargetType,
    targetId: row.targetId,
    reason: row.reason as ReportReason,
    description: row.description,
    status: row.status as ReportStatus,
    resolution: row.resolution,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
  };
}

/** The queue's view: the report, its target named with a link, the reporter and the reviewer. */
async function toAdminViews(db: Reader, rows: ReportRow[]) {
  const ids = (type: string) => rows.filter((r) => r.targetType === type).map((r) => r.targetId);
  const [prototypes, messages, users] = await Promise.all([
    db.prototype.findMany({ where: { id: { in: ids('prototype').map(Number) } }, select: { id: true, prototypeName: true } }),
    db.adminMessage.findMany({ where: { id: { in: ids('message').map(Number) } }, select: { id: true, subject: true, parentMessageId: true } }),
    db.user.findMany({ where: { id: { in: ids('user') } }, select: { id: true, firstName: true, lastName: true, email: true } }),
  ]);
  const target = (row: ReportRow): { label: string; href: string | null } => {
    if (row.targetType === 'prototype') {
      const p = prototypes.find((x) => String(x.id) === row.targetId);
      return p ? { label: p.prototypeName, href: evaluationScreenPath(p.id) } : { label: `Prototype #${row.targetId} (deleted)`, href: null };
    }
    if (row.targetType === 'message') {
      const m = messages.find((x) => String(x.id) === row.targetId);
      return m ? { label: m.subject, href: adminThreadPath(m.parentMessageId ?? m.id) } : { label: `Message #${row.targetId} (deleted)`, href: null };
    }
    const u = users.find((x) => x.id === row.targetId);
    return u ? { label: fullName(u), href: adminUserPath(u.id) } : { label: 'A deleted user', href: null };
  };
  const person = (p: { id: string; firstName: string | null; lastName: string | null; email: string } | null) =>
    p ? { id: p.id, name: fullName(p), email: p.email } : null;
  return rows.map((row) => ({ ...toOwnReportView(row), target: target(row), reporter: person(row.reporter), reviewer: person(row.reviewer) }));
}
export type AdminReportView = Awaited<ReturnType<typeof toAdminViews>>[number];

/** POST /api/reports: 404 for what the actor cannot see, 409 while their report on it is open. */
export async function fileReport(
  deps: ReportDeps,
  actor: Actor,
  input: { targetType: ReportTargetType; targetId: string; reason: ReportReason; description: string },
) {
  const { db, meta } = deps;
  const targetId = input.targetType === 'user' ? input.targetId.toLowerCase() : String(Number(input.targetId));
  await visibleTarget(db, actor, input.targetType, targetId);
  try {
    return await db.$transaction(async (tx) => {
      const created = await tx.contentReport.create({
        data: {
          reporterId: actor.id,
          targetType: input.targetType,
          targetId,
          reason: input.reason,
          description: input.description,
          openKey: openKeyOf(actor.id, input.targetType, targetId),
        },
        select: reportSelect,
      });
      await logActivity(tx, meta, {
        userId: actor.id,
        action: actor.role === 'admin' ? 'admin.report.flag' : 'report.file',
        targetType: 'content_report',
        targetId: created.id,
        details: { targetType: input.targetType, targetId, reason: input.reason },
      });
      return toOwnReportView(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError('You already have an open report about this; the team will tell you the outcome');
    }
    throw error;
  }
}

export async function reportQueue(
  db: Db,
  input: { status?: ReportStatus; reason?: ReportReason; targetType?: ReportTargetType; cursor?: string; direction: 'next' | 'prev'; limit: number },
) {
  const where: Prisma.ContentReportWhereInput = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.reason ? { reason: input.reason } : {}),
    ...(input.targetType ? { targetType: input.targetType } : {}),
  };
  const page = await keysetPage({
    where,
    sort: { field: 'createdAt', order: 'desc', parse: asDate },
    page: input,
    parseId: parseIntId,
    find: (args) => db.contentReport.findMany({ ...args, select: reportSelect }),
    keyOf: (row) => row.createdAt,
  });
  return { ...page, items: await toAdminViews(db, page.items) };
}

/** Open reports by status, for the queue's heading. */
export async function reportCounts(db: Db) {
  const groups = await db.contentReport.groupBy({ by: ['status'], _count: { _all: true } });
  return Object.fromEntries(REPORT_STATUSES.map((s) => [s, groups.find((g) => g.status === s)?._count._all ?? 0])) as Record<ReportStatus, number>;
}

/** Reports about a user (or anything of theirs) and by them, newest first, for the admin user page. */
export async function reportsOfUser(db: Db, userId: string) {
  const [prototypes, messages] = await Promise.all([
    db.prototype.findMany({ where: { sellerId: userId }, select: { id: true } }),
    db.adminMessage.findMany({ where: { userId }, select: { id: true } }),
  ]);
  const rows = await db.contentReport.findMany({
    where: {
      OR: [
        { reporterId: userId },
        { targetType: 'user', targetId: userId },
        { targetType: 'prototype', targetId: { in: prototypes.map((p) => String(p.id)) } },
        { targetType: 'message', targetId: { in: messages.map((m) => String(m.id)) } },
      ],
    },
    orderBy: newestFirst(),
    take: 100,
    select: reportSelect,
  });
  return toAdminViews(db, rows);
}

/**
 * PATCH /api/admin/reports/{id}: pending ↔ reviewed while open; resolved or dismissed (with a
 * resolution) closes it for good, frees the reporter to report the target again and tells them.
 */
export async function updateReport(deps: ReportDeps, adminId: string, input: { id: number; status: ReportStatus; resolution?: string }) {
  const { db, meta, mailer, now } = deps;
  const closing = !OPEN_REPORT_STATUSES.includes(input.status);
  return db.$transaction(async (tx) => {
    const { count } = await tx.contentReport.updateMany({
      where: { id: input.id, status: { in: [...OPEN_REPORT_STATUSES] } },
      data: {
        status: input.status,
        reviewedBy: adminId,
        reviewedAt: now,
        ...(input.resolution ? { resolution: input.resolution } : {}),
        ...(closing ? { openKey: null } : {}),
      },
    });
    if (count === 0) {
      const exists = await tx.contentReport.findUnique({ where: { id: input.id }, select: { status: true } });
      if (!exists) throw new NotFoundError('Report not found');
      throw new ConflictError(`This report is already ${exists.status}`);
    }
    const row = await tx.contentReport.findUniqueOrThrow({ where: { id: input.id }, select: reportSelect });
    await logActivity(tx, meta, {
      userId: adminId,
      action: 'admin.report.update',
      targetType: 'content_report',
      targetId: row.id,
      details: { status: input.status, resolution: input.resolution ?? null },
    });
    if (closing && row.reporter && row.reporter.id !== adminId) {
      const reporter: Actor = { id: row.reporter.id, role: row.reporter.role };
      // Named as the reporter knows it (the label is what they could already see).
      const { label } = await visibleTarget(tx, reporter, row.targetType as ReportTargetType, row.targetId).catch(() => ({ label: 'what you reported' }));
      await notify(tx, mailer, {
        userId: reporter.id,
        type: 'report_outcome',
        title: input.status === 'resolved' ? 'Your report was resolved' : 'Your report was reviewed and closed',
        message: `Your report about ${label} (${REPORT_REASON_LABELS[row.reason as ReportReason].toLowerCase()}) was ${input.status}: ${input.resolution}`,
        actionUrl: row.targetType === 'prototype' ? sellerPrototypePath(row.targetId) : row.targetType === 'message' ? userMessagePath(row.targetId) : null,
      });
    }
    return (await toAdminViews(tx, [row]))[0]!;
  });
}
