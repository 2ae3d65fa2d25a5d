// Concern reports (issue 15, point 5; ADR 0018): what a user or an admin files, and how admins work
// the queue. Target types, reasons and statuses come from src/shared/moderation.ts.
import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportReason, type ReportTargetType } from '../moderation.ts';
import { isUuid, parseRecordId, recordId, uuidId } from './bounds.ts';
import { requiredText } from './text.ts';

export const REPORT_TEXT_MAX = 2000;
export const REPORT_PAGE_SIZE = 25;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  ip_dispute: 'IP ownership dispute',
  export_control: 'Export control',
  safety: 'Safety',
  misleading_claims: 'Misleading claims',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Other',
};

export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = { prototype: 'Prototype', message: 'Message', user: 'User' };

const description = requiredText('Description', REPORT_TEXT_MAX);

/** POST /api/reports. `targetId` is a prototype or message number, or a user id. */
export const fileReportInput = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { errorMap: () => ({ message: `Target type must be one of ${REPORT_TARGET_TYPES.join(', ')}` }) }),
    targetId: z.union([z.string().max(100), z.number()], { errorMap: () => ({ message: 'Target id is required' }) }).transform(String),
    reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: `Reason must be one of ${REPORT_REASONS.join(', ')}` }) }),
    description,
  })
  .superRefine((value, ctx) => {
    const valid = value.targetType === 'user' ? isUuid(value.targetId) : parseRecordId(value.targetId) !== null;
    if (!valid) ctx.addIssue({ code: 'custom', path: ['targetId'], message: `Not a valid ${value.targetType} id` });
  });
export type FileReportInput = z.input<typeof fileReportInput>;

/** GET /api/admin/reports */
export const reportListInput = z.object({
  status: z.enum(REPORT_STATUSES, { errorMap: () => ({ message: `Status must be one of ${REPORT_STATUSES.join(', ')}` }) }).optional(),
  reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: `Reason must be one of ${REPORT_REASONS.join(', ')}` }) }).optional(),
  targetType: z.enum(REPORT_TARGET_TYPES, { errorMap: () => ({ message: `Target type must be one of ${REPORT_TARGET_TYPES.join(', ')}` }) }).optional(),
  cursor: z.string().max(500).optional(),
  direction: z.enum(['next', 'prev']).optional().default('next'),
  limit: z.coerce.number().int().min(1).max(100).default(REPORT_PAGE_SIZE),
});
export type ReportListInput = z.input<typeof reportListInput>;

/** PATCH /api/admin/reports/{id}: resolving or dismissing needs a resolution (the reporter reads it). */
export const reportUpdateInput = z
  .object({
    id: recordId('report'),
    status: z.enum(REPORT_STATUSES, { errorMap: () => ({ message: `Status must be one of ${REPORT_STATUSES.join(', ')}` }) }),
    resolution: z
      .string({ invalid_type_error: 'Resolution must be text' })
      .trim()
      .max(REPORT_TEXT_MAX, `Resolution must be at most ${REPORT_TEXT_MAX} characters`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.status === 'resolved' || value.status === 'dismissed') && !value.resolution) {
      ctx.addIssue({ code: 'custom', path: ['resolution'], message: 'Resolution is required to resolve or dismiss a report' });
    }
  });

/** Reports about or by one user, for the admin user page. */
export const userReportsInput = z.object({ userId: uuidId('user') });
