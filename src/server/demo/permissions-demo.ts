// Demo of time-limited permissions (issue 15, point 6; ADR 0019): the demo reviewer has no payouts
// (separation of duties) and one seller may not submit for a week. Written as the site's first
// admin would, with the notifications the user would have received.
import { CAPABILITY_LABELS } from '~/shared/capabilities.ts';
import type { Db } from '../db/index.ts';
import { formatUtcDateTime } from '~/shared/format.ts';
import { DAY_MS } from '~/shared/days.ts';

export async function seedPermissionsDemo(db: Db, people: { firstAdminId: string; reviewerId: string; sellerId: string; now: Date }) {
  const { firstAdminId, reviewerId, sellerId, now } = people;
  const until = new Date(now.getTime() + 7 * DAY_MS);
  const reason = 'Two near-identical submissions are being checked for an IP dispute.';
  await db.userPermission.createMany({
    data: [
      {
        userId: reviewerId,
        permission: 'payouts.manage',
        granted: false,
        grantedBy: firstAdminId,
        reason: 'Separation of duties: reviewers do not release money.',
        createdAt: now,
      },
      { userId: sellerId, permission: 'prototypes.submit', granted: false, grantedBy: firstAdminId, reason, expiresAt: until, createdAt: now },
    ],
  });
  await db.notification.create({
    data: {
      userId: sellerId,
      type: 'permission_revoked',
      title: `Permission revoked: ${CAPABILITY_LABELS['prototypes.submit']}`,
      message: `An administrator revoked your "prototypes.submit" permission until ${formatUtcDateTime(until)}. Reason: ${reason}`,
      actionUrl: '/profile',
      createdAt: now,
    },
  });
}
