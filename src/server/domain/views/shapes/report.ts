// Concern reports, as their reporter and as the admin queue see them.
import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from '~/shared/moderation.ts';
import { id, timestamp, uuid } from './common.ts';

export const ownReport = z.strictObject({
  id,
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.string().nullable(),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
});
const reportPerson = z.strictObject({ id: uuid, name: z.string(), email: z.string() });
export const adminReport = ownReport.extend({
  /** The target named, with the admin screen it opens on (null once deleted). */
  target: z.strictObject({ label: z.string(), href: z.string().nullable() }),
  reporter: reportPerson.nullable(),
  reviewer: reportPerson.nullable(),
});
