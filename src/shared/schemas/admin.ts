// Admin panel inputs (spec sections 5, 7): the same schemas validate the tRPC/REST input on the
// server and drive the admin dialogs, with the spec's exact messages.
import { z } from 'zod';
import {
  ADMIN_MAX_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
  DELETE_CONFIRMATION_WORD,
  ENERGY_TYPES,
  LEVELS,
  PROTOTYPE_SORTS,
  PROTOTYPE_STATUSES,
  ROLES,
  USER_SORTS,
  USER_STATUSES,
} from '../constants.ts';

// The list constants live in constants.ts (zod-free, for route options); re-exported for callers here.
export { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE, LEVELS, PROTOTYPE_SORTS, USER_SORTS };
export type { Level } from '../constants.ts';
import { newPasswordField } from './auth.ts';
import { DECLINE_CATEGORIES } from '../decline-reasons.ts';
import { PROTOTYPE_STAGES } from '../prototype-stages.ts';
import { recordId, storableDate, uuidId } from './bounds.ts';
import { positiveMoneyAmount } from './money.ts';
import { DAY_MS } from '../days.ts';
import { RESTRICTION_END_IN_PAST, isAfter } from './future-dates.ts';

/** Rows a CSV export holds at most; the export says so when it was cut. */
export const CSV_EXPORT_LIMIT = 50_000;

const prototypeId = recordId('prototype');
const userId = uuidId('user');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Empty, blank or missing search text means "no filter". */
const searchText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A yes/no filter: true, or "true" from a URL; anything else means "no filter". */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => v === true || v === 'true');

const page = {
  cursor: z.string().max(500).optional(),
  /** Which way from the cursor: the page after it (default) or the page before it. */
  direction: z.enum(['next', 'prev']).default('next'),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
};

export const prototypeFilters = z.object({
  search: searchText,
  status: z.enum(PROTOTYPE_STATUSES).optional(),
  energyType: z.enum(ENERGY_TYPES).optional(),
  priority: z.enum(LEVELS).optional(),
  stage: z.enum(PROTOTYPE_STAGES).optional(),
  /** An administrator's id: prototypes they are a reviewer of. */
  reviewer: userId.optional(),
  /** Prototypes the caller reviews and has not scored yet. */
  needsMyScorecard: flag,
  /** An open due date past (src/shared/review-promise.ts) or an overdue milestone. */
  overdue: flag,
  sort: z.enum(PROTOTYPE_SORTS).default('newest'),
});
export const prototypeListInput = prototypeFilters.extend(page);
export type PrototypeListInput = z.input<typeof prototypeListInput>;

export const userFilters = z.object({
  search: searchText,
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(USER_SORTS).default('newest'),
});
export const userListInput = userFilters.extend(page);
export type UserListInput = z.input<typeof userListInput>;

export const activityFilters = z.object({
  /** Part of the actor's email, or an exact user id. */
  user: searchText,
  action: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export const activityListInput = activityFilters.extend(page);
export type ActivityListInput = z.input<typeof activityListInput>;

export const prototypeIdInput = z.object({ id: prototypeId });

export const REJECT_REASON_REQUIRED = 'Please provide a reason for rejection';
export const rejectReason = z
  .string({ required_error: REJECT_REASON_REQUIRED, invalid_type_error: REJECT_REASON_REQUIRED })
  .trim()
  .min(1, REJECT_REASON_REQUIRED)
  .max(2000, 'Reason must be at most 2000 characters');
/** Optional beside the written reason (issue 33, point 6): one of DECLINE_CATEGORIES. */
export const reasonCategory = z
  .enum(DECLINE_CATEGORIES, { errorMap: () => ({ message: `reasonCategory must be one of ${DECLINE_CATEGORIES.join(', ')}` }) })
  .optional();
export const rejectForm = z.object({ reason: rejectReason, reasonCategory });
export const rejectInput = z.object({ id: prototypeId, reason: rejectReason, reasonCategory });

export const QUOTE_AMOUNT_REQUIRED = 'Please provide quote amount';
/** The quote amount: required (spec message), then a positive amount with at most 2 decimals. */
const quoteAmount = z
  .unknown()
  .superRefine((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: QUOTE_AMOUNT_REQUIRED, fatal: true });
    }
  })
  .pipe(positiveMoneyAmount);
export const quoteForm = z.object({ amount: quoteAmount, notes: optionalText(2000) });
export const quoteInput = z.object({
  id: prototypeId,
  atomixQuote: quoteAmount,
  quoteNotes: optionalText(2000),
  /** The spec's client sends status "quoted"; anything else is refused. */
  status: z.literal('quoted').optional(),
});
export const finalApproveInput = z.object({ id: prototypeId, status: z.literal('accepted').optional() });
export const finalRejectInput = z.object({ id: prototypeId, status: z.literal('rejected').optional(), reasonCategory });

/** GET /api/admin/reports/decline-reasons: a range of days (UTC), at most five years. */
export const declineReportFields = z.object({
  from: storableDate('from must be a date (YYYY-MM-DD)').optional(),
  to: storableDate('to must be a date (YYYY-MM-DD)').optional(),
});
export const declineReportInput = declineReportFields
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['from'] })
  .refine((r) => !r.from || !r.to || r.to.getTime() - r.from.getTime() <= 5 * 366 * DAY_MS, {
    message: 'The range may span at most five years',
    path: ['to'],
  });

export const priorityInput = z.object({ id: prototypeId, priority: z.enum(LEVELS) });
export const assignInput = z.object({ id: prototypeId, assignedTo: userId.nullable() });
export const reviewerCommentsInput = z.object({ id: prototypeId, reviewerComments: optionalText(5000) });

export const BAN_REASON_REQUIRED = 'Please provide a reason for the ban';
/** PATCH /api/admin/users/{id}/status: status, banReason, restrictedUntil (date or null), adminNotes. */
export const userStatusInput = z
  .object({
    id: userId,
    status: z.enum(USER_STATUSES),
    banReason: optionalText(1000),
    restrictedUntil: storableDate()
      .nullish()
      .transform((v) => v ?? null),
    adminNotes: optionalText(5000).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'banned' && !input.banReason) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['banReason'], message: BAN_REASON_REQUIRED });
    }
    if (input.status === 'restricted' && input.restrictedUntil && !isAfter(input.restrictedUntil)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['restrictedUntil'], message: RESTRICTION_END_IN_PAST });
    }
  });
export type UserStatusInput = z.input<typeof userStatusInput>;

export const banForm = z.object({ banReason: z.string().trim().min(1, BAN_REASON_REQUIRED).max(1000) });

export const verifyInput = z.object({ id: userId, isVerified: z.boolean().default(true) });
export const resetPasswordInput = z.object({ id: userId, newPassword: newPasswordField });
export const deleteUserInput = z.object({ id: userId });
export const deleteConfirmation = (typed: string) => typed === DELETE_CONFIRMATION_WORD;

const messageText = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** POST /api/admin/messages: userId, subject, content. */
export const adminMessageInput = z.object({ userId, subject: messageText('Subject', 200), content: messageText('Message', 10_000) });
export const adminMessageForm = adminMessageInput.omit({ userId: true });

// The lifecycle after review (issue 14): stage moves and revised quotes.
/** PATCH /api/admin/prototypes/{id}/stage: the stage to move to (one step; the stage table decides). */
export const moveStageInput = z.object({
  id: prototypeId,
  stage: z.enum(PROTOTYPE_STAGES, { errorMap: () => ({ message: `Stage must be one of: ${PROTOTYPE_STAGES.join(', ')}` }) }),
});
/** PATCH /api/admin/prototypes/{id}/revise-quote: a new amount and notes, validated as a first quote. */
export const reviseQuoteInput = z.object({ id: prototypeId, atomixQuote: quoteAmount, quoteNotes: optionalText(2000) });
