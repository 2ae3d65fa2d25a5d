// The audit trail (user_activity_logs): who did what to which target, from where.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { AuditAction } from '~/shared/event-names.ts';
import type { RequestMeta } from '../context.ts';

type Writer = Pick<Prisma.TransactionClient, 'userActivityLog'>;

export interface ActivityEntry {
  userId: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  details?: Prisma.InputJsonValue;
}

export async function logActivity(db: Writer, meta: RequestMeta, entry: ActivityEntry) {
  await db.userActivityLog.create({
    data: {
      userId: entry.userId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      details: entry.details ?? undefined,
      ipAddress: meta.ip?.slice(0, 45) ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    },
  });
}
