// What the API returns for the audit trail: the Activity tab's list, its filter and the CSV export.
import type { z } from 'zod';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { activityListInput } from '~/shared/schemas/admin.ts';
import type { Db } from '../../db/index.ts';
import { batched, toCsv } from '../csv.ts';
import { type Page, keysetPage, parseIntId } from '../keyset.ts';
import { fullName } from '~/shared/format.ts';
import { isUuid } from '~/shared/schemas/bounds.ts';
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

export function activityWhere(filters: { user?: string | undefined; action?: string | undefined }): Prisma.UserActivityLogWhereInput {
  const where: Prisma.UserActivityLogWhereInput = {};
  if (filters.action) where.action = filters.action;
  if (filters.user) {
    where.userId = isUuid(filters.user) ? filters.user : undefined;
    if (!where.userId) where.user = { email: { contains: filters.user, mode: 'insensitive' } };
  }
  return where;
}

export async function listActivity(db: Db, input: ActivityListInput): Promise<Page<ActivityView>> {
  const page = await keysetPage({
    where: activityWhere(input),
    sort: { field: 'id', order: 'desc', parse: parseIntId },
    page: input,
    parseId: parseIntId,
    find: (args) => db.userActivityLog.findMany({ ...(args as Prisma.UserActivityLogFindManyArgs), select: activitySelect }),
    keyOf: (row) => row.id,
  });
  return { ...page, items: page.items.map(toActivityView) };
}

/** The distinct actions recorded so far, for the Activity tab's filter. */
export async function activityActions(db: Db): Promise<string[]> {
  const rows = await db.userActivityLog.groupBy({ by: ['action'], orderBy: { action: 'asc' } });
  return rows.map((row) => row.action);
}

export async function activityCsv(db: Db, filters: { user?: string | undefined; action?: string | undefined }, max: number) {
  const rows = await batched({ where: activityWhere(filters), order: 'desc', max }, (args) => db.userActivityLog.findMany({ ...args, select: activitySelect }));
  return toCsv(
    ['id', 'createdAt', 'actorEmail', 'actorId', 'action', 'targetType', 'targetId', 'details', 'ipAddress', 'userAgent'],
    rows
      .map(toActivityView)
      .map((a) => [
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
