// What the API returns for the audit trail: the Activity tab's list, its filter and the CSV export.
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { activityListInput } from '~/shared/schemas/admin.ts';
import type { Db } from '../../db/index.ts';
import { batched, toCsv } from '../csv.ts';
import { type Page, keysetPage, parseIntId } from '../keyset.ts';
import { fullName } from '~/shared/format.ts';
import { isUuid } from '~/shared/schemas/bounds.ts';
import { scoresHiddenFrom } from '../score-visibility.ts';
import type { ViewerFacts } from '../viewer-facts.ts';
import { personName } from './person-name.ts';

type ActivityListInput = z.output<typeof activityListInput>;

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
  user: { select: personName },
} satisfies Prisma.UserActivityLogSelect;
type ActivityRow = Prisma.UserActivityLogGetPayload<{ select: typeof activitySelect }>;

export function toActivityView({ user, ...row }: ActivityRow) {
  return { ...row, actorEmail: user?.email ?? null, actorName: user ? fullName(user) : null };
}
export type ActivityView = ReturnType<typeof toActivityView>;

/** The audit row of a final evaluation carries its figures (`details.final`). */
const FINAL_EVALUATION_ACTION = 'admin.prototype.evaluation';

/**
 * The final evaluation's figures in the audit rows follow the evaluation page's rule
 * (score-visibility.ts, ADR 0049): `details.final` is null where the viewer may not see them yet.
 */
async function maskFinalEvaluations<Row extends Pick<ActivityView, 'action' | 'targetType' | 'targetId' | 'details'>>(
  facts: ViewerFacts,
  rows: Row[],
): Promise<Row[]> {
  const carriesFigures = (row: Row) =>
    row.action === FINAL_EVALUATION_ACTION &&
    row.targetType === 'prototype' &&
    row.targetId !== null &&
    /^\d{1,9}$/.test(row.targetId) &&
    row.details !== null &&
    typeof row.details === 'object' &&
    !Array.isArray(row.details) &&
    'final' in row.details;
  const ids = rows.filter(carriesFigures).map((row) => Number(row.targetId));
  const hidden = await scoresHiddenFrom(facts, ids);
  return rows.map((row) =>
    carriesFigures(row) && hidden.has(Number(row.targetId)) ? { ...row, details: { ...(row.details as Prisma.JsonObject), final: null } } : row,
  );
}

export function activityWhere(filters: { user?: string | undefined; action?: string | undefined }): Prisma.UserActivityLogWhereInput {
  const where: Prisma.UserActivityLogWhereInput = {};
  if (filters.action) where.action = filters.action;
  if (filters.user) {
    where.userId = isUuid(filters.user) ? filters.user : undefined;
    if (!where.userId) where.user = { email: { contains: filters.user, mode: 'insensitive' } };
  }
  return where;
}

export async function listActivity(db: Db, input: ActivityListInput, facts: ViewerFacts): Promise<Page<ActivityView>> {
  const page = await keysetPage({
    where: activityWhere(input),
    sort: { field: 'id', order: 'desc', parse: parseIntId },
    page: input,
    parseId: parseIntId,
    find: (args) => db.userActivityLog.findMany({ ...(args as Prisma.UserActivityLogFindManyArgs), select: activitySelect }),
    keyOf: (row) => row.id,
  });
  return { ...page, items: await maskFinalEvaluations(facts, page.items.map(toActivityView)) };
}

/** The distinct actions recorded so far, for the Activity tab's filter. */
export async function activityActions(db: Db): Promise<string[]> {
  const rows = await db.userActivityLog.groupBy({ by: ['action'], orderBy: { action: 'asc' } });
  return rows.map((row) => row.action);
}

export async function activityCsv(db: Db, filters: { user?: string | undefined; action?: string | undefined }, max: number, facts: ViewerFacts) {
  const rows = await batched({ where: activityWhere(filters), order: 'desc', max }, (args) => db.userActivityLog.findMany({ ...args, select: activitySelect }));
  const views = await maskFinalEvaluations(facts, rows.map(toActivityView));
  return toCsv(
    ['id', 'createdAt', 'actorEmail', 'actorId', 'action', 'targetType', 'targetId', 'details', 'ipAddress', 'userAgent'],
    views.map((a) => [
      a.id,
      a.createdAt,
      a.actorEmail,
      a.userId,
      a.action,
      a.targetType,
      a.targetId,
      a.details === null ? null : JSON.stringify(a.details),
      a.ipAddress,
      a.userAgent,
    ]),
  );
}
