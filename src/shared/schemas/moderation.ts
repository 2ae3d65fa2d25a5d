// Warnings, suspensions and appeals (issue 15, ADR 0016): the same schemas validate the procedures
// (and REST bodies) and drive the admin and user forms. "In the future" is checked on the server
// against its clock, not here.
import { z } from 'zod';
import { APPEAL_OUTCOMES, MEASURE_TYPES, WARNING_SEVERITIES, WARNING_TYPES } from '../moderation.ts';
import { recordId, storableDate, uuidId } from './bounds.ts';
import { optionalText, requiredText } from './text.ts';

export const MODERATION_TEXT_MAX = 5000;
export const TITLE_MAX = 200;
/** A suspension's reason, and the reason for lifting one early: the user reads it. */
export const MODERATION_REASON_MAX = 1000;

const userId = uuidId('user');

export const warningForm = z.object({
  warningType: z.enum(WARNING_TYPES, { errorMap: () => ({ message: `Type must be one of: ${WARNING_TYPES.join(', ')}` }) }),
  severity: z.enum(WARNING_SEVERITIES, { errorMap: () => ({ message: `Severity must be one of: ${WARNING_SEVERITIES.join(', ')}` }) }),
  title: requiredText('Title', TITLE_MAX),
  description: requiredText('Description', MODERATION_TEXT_MAX),
  expiresAt: storableDate('Invalid expiry date')
    .nullish()
    .transform((v) => v ?? null),
});
/** POST /api/admin/users/{id}/warnings: `id` is the user's. */
export const issueWarningInput = warningForm.extend({ id: userId });
export type IssueWarningInput = z.input<typeof issueWarningInput>;

export const warningIdInput = z.object({ id: recordId('warning') });
export const suspensionIdInput = z.object({ id: recordId('suspension') });
/** Lifting a suspension early: the admin's reason, which the user reads (the Lift dialog requires it). */
export const liftSuspensionForm = z.object({ reason: requiredText('Reason', MODERATION_REASON_MAX) });
/** PATCH /api/admin/suspensions/{id}/lift: the reason is optional over REST (older clients send none). */
export const liftSuspensionInput = suspensionIdInput.extend({ reason: optionalText('Reason', MODERATION_REASON_MAX) });
export const moderationUserInput = z.object({ id: userId });

export const suspensionForm = z.object({
  reason: requiredText('Reason', MODERATION_REASON_MAX),
  endDate: storableDate('Invalid end date'),
  notes: optionalText('Notes', MODERATION_TEXT_MAX),
});
/** POST /api/admin/users/{id}/suspensions: `id` is the user's. */
export const suspendInput = suspensionForm.extend({ id: userId });
export type SuspendInput = z.input<typeof suspendInput>;

const appealMessage = requiredText('Message', MODERATION_TEXT_MAX);

/** POST /api/appeals: a signed-in user's appeal against one of their measures. */
export const appealInput = z.object({
  measureType: z.enum(MEASURE_TYPES, { errorMap: () => ({ message: `measureType must be one of: ${MEASURE_TYPES.join(', ')}` }) }),
  measureId: recordId('measure'),
  message: appealMessage,
});
export type AppealInput = z.input<typeof appealInput>;

export const appealForm = z.object({ message: appealMessage });

/** POST /api/appeals/by-token: the link from a suspension or ban notice. */
const appealToken = z
  .string({ required_error: 'The appeal link is incomplete' })
  .min(1, 'The appeal link is incomplete')
  .max(200, 'The appeal link is not valid');
/** `token`: the e-mailed link's; without it, the proof a refused sign-in left in the standing cookie (ADR 0035). */
export const tokenAppealInput = z.object({
  token: appealToken.optional(),
  message: appealMessage,
});
/** The measure page of a suspended or banned user: the e-mailed link's token, or the standing cookie's. */
export const standingInput = z.object({ token: appealToken.optional() });

export const appealDecisionForm = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { errorMap: () => ({ message: 'Outcome must be upheld or reversed' }) }),
  resolution: requiredText('Resolution', MODERATION_TEXT_MAX),
});
/** PATCH /api/admin/appeals/{ticketId}. */
export const appealDecisionInput = appealDecisionForm.extend({ id: recordId('appeal') });
export type AppealDecisionInput = z.input<typeof appealDecisionInput>;

export const APPEAL_LINK_INVALID = 'This appeal link is not valid: it was already used, has expired, or was never issued';
/** An appeal link of a measure that was lifted or has run out: the user can sign in again and appeal from the dashboard. */
export const APPEAL_LINK_MEASURE_ENDED =
  'This appeal link no longer works: the measure has ended. Sign in to see your account; you can still appeal it from your dashboard while the appeal window is open.';
