// What the API returns for warnings, suspensions, restriction/ban measures and appeals, and the one
// time-ordered history of a user's moderation (the admin user page, GET /api/admin/users/{id}/moderation).
import type { Prisma } from '~/generated/prisma/client.ts';
import { fullName } from '~/shared/format.ts';
import type { MeasureType } from '~/shared/moderation.ts';

const adminName = { select: { firstName: true, lastName: true, email: true } } as const;

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

export function toWarningView(row: WarningRow, now: Date) {
  return { ...row, status: warningStatus(row, now) };
}
export type WarningView = ReturnType<typeof toWarningView>;

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

export function toSuspensionView(row: SuspensionRow) {
  return row;
}
export type SuspensionView = ReturnType<typeof toSuspensionView>;

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

export function toAppealView(row: AppealRow) {
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
export type AppealView = ReturnType<typeof toAppealView>;

export type HistoryKind = MeasureType | 'appeal';

/** One line of the moderation history; the fields that do not apply to its kind are null. */
export interface HistoryEntry {
  kind: HistoryKind;
  id: number;
  at: Date;
  title: string;
  description: string | null;
  /** active, resolved, expired, acknowledged (warnings); running, lifted, ended (suspensions, restrictions, bans); appeals: their ticket status. */
  status: string;
  severity: string | null;
  warningType: string | null;
  /** A warning's expiry, a suspension's end date, a restriction's end. */
  until: Date | null;
  endedAt: Date | null;
  byAdmin: string | null;
  /** For a measure: its appeal, if any. For an appeal: itself. */
  appeal: AppealView | null;
}

export const historyWarningSelect = { ...warningSelect, admin: adminName } satisfies Prisma.UserWarningSelect;
export const historySuspensionSelect = { ...suspensionSelect, admin: adminName } satisfies Prisma.UserSuspensionSelect;
export const historyMeasureSelect = {
  id: true,
  kind: true,
  reason: true,
  until: true,
  createdAt: true,
  endedAt: true,
  admin: adminName,
} satisfies Prisma.AccountMeasureSelect;

type Named = { firstName: string | null; lastName: string | null; email: string } | null;
export const adminLabel = (admin: Named) => (admin ? fullName(admin) : null);
