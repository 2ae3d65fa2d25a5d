// Access ends with time (issue 31, point 5, ADR 0045): admins' access to a prototype's confidential
// content ends DATA_ROOM_RETENTION_DAYS after it was closed (rejected, or its quote rejected), unless
// it moved on since. When it closed is its latest timeline row into `rejected` (its last change
// when none was written).
import { DAY_MS } from '~/shared/days.ts';
import type { ConfidentialAccessCheck, ConfidentialDenial } from './confidential-access.ts';

export const RETENTION_ENDED_MESSAGE = (days: number) =>
  `This prototype was closed more than ${days} days ago: its confidential content is no longer open to the team.`;

/** When the prototype became closed, for those of `prototypeIds` that are closed now. */
export const retentionEndedCheck: ConfidentialAccessCheck = async ({ db, now, prototypes }, prototypeIds, policy) => {
  const closed = [...(await prototypes(prototypeIds)).values()].filter((p) => p.status === 'rejected');
  if (closed.length === 0) return new Map();
  const closings = await db.prototypeTimeline.groupBy({
    by: ['prototypeId'],
    where: { prototypeId: { in: closed.map((p) => p.id) }, metadata: { path: ['status'], equals: 'rejected' } },
    _max: { eventDate: true },
  });
  const closedAt = new Map(closings.map((c) => [c.prototypeId, c._max.eventDate]));
  const limit = now.getTime() - policy.retentionDays * DAY_MS;
  const denial: ConfidentialDenial = { reason: 'retention_ended', message: RETENTION_ENDED_MESSAGE(policy.retentionDays) };
  return new Map(closed.filter((p) => (closedAt.get(p.id) ?? p.updatedAt).getTime() <= limit).map((p) => [p.id, denial]));
};
