// What the API returns for warnings, suspensions, restriction/ban measures and appeals, and the one
// time-ordered history of a user's moderation (the admin user page, GET /api/admin/users/{id}/moderation).
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import type { MeasureType } from '~/shared/moderation.ts';
import type { z } from 'zod';
import type { appeal, moderationEntry, suspension, warning } from './shapes/moderation.ts';
import { personName } from './person-name.ts';

export const warningSelect = {
  id: true,
  userId: true,
  warningType: true,
  severity: true,
  title: true,
  description: true,
  status: true,
  expiresAt: true,
  createdAt: true,
  resolvedAt: true,
  acknowledgedAt: true,
} satisfies Prisma.UserWarningSelect;
type WarningRow = Prisma.UserWarningGetPayload<{ select: typeof warningSelect }>;

/** An active warning past its expiry shows as expired (the row may still say active: expiry is computed). */
export function warningStatus(row: Pick<WarningRow, 'status' | 'expiresAt'>, now: Date) {
  return row.status === 'active' && row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

/** The warnings whose warningStatus is 'active', as a where-clause. */
export const activeWarningWhere = (now: Date) =>
  ({ status: 'active', OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }) satisfies Prisma.UserWarningWhereInput;

export function toWarningView(row: WarningRow, now: Date): WarningView {
  return { ...row, status: warningStatus(row, now) };
}
export type WarningView = z.infer<typeof warning>;

export const suspensionSelect = {
  id: true,
  userId: true,
  reason: true,
  notes: true,
  startDate: true,
  endDate: true,
  isActive: true,
  liftedAt: true,
  endedAt: true,
  createdAt: true,
} satisfies Prisma.UserSuspensionSelect;
type SuspensionRow = Prisma.UserSuspensionGetPayload<{ select: typeof suspensionSelect }>;

export function toSuspensionView(row: SuspensionRow): SuspensionView {
  return row;
}
export type SuspensionView = z.infer<typeof suspension>;

/** A ticket of category appeal, as the history and the user's measures show it. */
export const appealSelect = {
  id: true,
  measureType: true,
  measureId: true,
  status: true,
  description: true,
  resolution: true,
  appealOutcome: true,
  createdAt: true,
  resolvedAt: true,
} satisfies Prisma.SupportTicketSelect;
type AppealRow = Prisma.SupportTicketGetPayload<{ select: typeof appealSelect }>;

export function toAppealView(row: AppealRow): AppealView {
  return {
    ticketId: row.id,
    measureType: row.measureType as MeasureType,
    measureId: row.measureId!,
    status: row.status,
    message: row.description ?? '',
    resolution: row.resolution,
    outcome: (row.appealOutcome as 'upheld' | 'reversed' | null) ?? null,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
  };
}
export type AppealView = z.infer<typeof appeal>;

export type HistoryKind = MeasureType | 'appeal';

/** One line of the moderation history; the fields that do not apply to its kind are null. */
export type HistoryEntry = z.infer<typeof moderationEntry>;

export const historyWarningSelect = { ...warningSelect, admin: { select: personName } } satisfies Prisma.UserWarningSelect;
export const historySuspensionSelect = { ...suspensionSelect, admin: { select: personName } } satisfies Prisma.UserSuspensionSelect;
export const historyMeasureSelect = {
  id: true,
  kind: true,
  reason: true,
  until: true,
  createdAt: true,
  endedAt: true,
  admin: { select: personName },
} satisfies Prisma.AccountMeasureSelect;

type Named = { firstName: string | null; lastName: string | null; email: string } | null;
export const adminLabel = (admin: Named) => (admin ? fullName(admin) : null);
