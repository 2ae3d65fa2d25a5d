// Messages, notifications, bulk notifications and password reset inputs (spec sections 2, 5, 7):
// the same schemas validate the tRPC/REST input and drive the forms.
import { z } from 'zod';
import { CONTACT_FILTERS, INBOX_FILTERS, PROTOTYPE_STATUSES, type PrototypeStatus } from '../constants.ts';
import { stateInSentence } from '../format.ts';
import { emailField, newPasswordField } from './auth.ts';
import { recordId, storableDate, uuidId } from './bounds.ts';

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;

const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const messageIdInput = z.object({ id: recordId('message') });

/** POST /api/messages/reply: subject, message, parentMessageId. */
export const replyInput = z.object({
  subject: text('Subject', SUBJECT_MAX),
  message: text('Message', MESSAGE_MAX),
  parentMessageId: recordId('message'),
});
export const replyForm = replyInput.omit({ parentMessageId: true });

/** An admin starts a thread with a user, or with the seller of a prototype (the message links to it). */
export const startThreadInput = z
  .object({
    userId: uuidId('user').optional(),
    prototypeId: recordId('prototype').optional(),
    subject: text('Subject', SUBJECT_MAX),
    content: text('Message', MESSAGE_MAX),
  })
  .refine((v) => !!v.userId !== !!v.prototypeId, { message: 'Choose a recipient or a prototype', path: ['userId'] });
export const startThreadForm = z.object({ subject: text('Subject', SUBJECT_MAX), content: text('Message', MESSAGE_MAX) });

/** POST /api/messages: a seller writes to the team about one of their prototypes (a new thread). */
export const messageTeamInput = z.object({
  prototypeId: recordId('prototype'),
  subject: text('Subject', SUBJECT_MAX),
  message: text('Message', MESSAGE_MAX),
});
export const messageTeamForm = messageTeamInput.omit({ prototypeId: true });

export const inboxInput = z.object({ filter: z.enum(INBOX_FILTERS).default('replied') }).default({});

export const contactListInput = z.object({ filter: z.enum(CONTACT_FILTERS).default('open') }).default({});
export const contactHandledInput = z.object({ id: recordId('contact'), handled: z.boolean().default(true) });

// --- Notifications ---------------------------------------------------------------------------------
export const NOTIFICATION_LIST_LIMIT = 20;
export const notificationIdInput = z.object({ id: recordId('notification') });
export const emailPreferenceInput = z.object({ enabled: z.boolean() });

// --- Bulk notifications ----------------------------------------------------------------------------
export const BULK_AUDIENCES = ['everyone', 'all_users', 'sellers', 'prototype_status', 'admins'] as const;
export type BulkAudience = (typeof BULK_AUDIENCES)[number];
export const BULK_AUDIENCE_LABELS: Record<BulkAudience, string> = {
  everyone: 'Everyone (users and administrators)',
  all_users: 'All users',
  sellers: 'Sellers with at least one prototype',
  prototype_status: 'Sellers with prototypes in a given status',
  admins: 'Administrators',
};

export const audienceInput = z
  .object({ audience: z.enum(BULK_AUDIENCES), prototypeStatus: z.enum(PROTOTYPE_STATUSES).optional() })
  .refine((v) => v.audience !== 'prototype_status' || !!v.prototypeStatus, {
    message: 'Choose a prototype status',
    path: ['prototypeStatus'],
  });
export type AudienceInput = z.infer<typeof audienceInput>;

/** How an audience is stored in bulk_notifications.targetAudience: "sellers", "prototype_status:quoted", ... */
export function audienceKey(input: AudienceInput): string {
  return input.audience === 'prototype_status' ? `prototype_status:${input.prototypeStatus}` : input.audience;
}
export function parseAudienceKey(key: string): AudienceInput | null {
  const [audience, status] = key.split(':');
  const parsed = audienceInput.safeParse({ audience, prototypeStatus: status });
  return parsed.success ? parsed.data : null;
}
export function audienceLabel(key: string): string {
  const parsed = parseAudienceKey(key);
  if (!parsed) return key;
  if (parsed.audience === 'prototype_status') return `Sellers with prototypes in status ${stateInSentence(parsed.prototypeStatus as PrototypeStatus)}`;
  return BULK_AUDIENCE_LABELS[parsed.audience];
}

export const bulkCreateInput = z.object({
  title: text('Title', SUBJECT_MAX),
  message: text('Message', MESSAGE_MAX),
  target: audienceInput,
  /** Absent: send now. A time in the future: scheduled. */
  scheduledFor: storableDate().nullish(),
  /** Keep it as a draft instead of sending. */
  draft: z.boolean().default(false),
});
export const bulkForm = bulkCreateInput.pick({ title: true, message: true });
export type BulkCreateInput = z.input<typeof bulkCreateInput>;
export const bulkIdInput = z.object({ id: recordId('bulk notification') });
export const bulkSendInput = z.object({ id: recordId('bulk notification'), scheduledFor: storableDate().nullish() });

// --- Password reset --------------------------------------------------------------------------------
export const forgotPasswordInput = z.object({ email: emailField });
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works once, for one hour.';
export const resetPasswordInput = z.object({
  token: z.string().min(20, 'This reset link is invalid or has expired.').max(200, 'This reset link is invalid or has expired.'),
  password: newPasswordField,
});
export const resetPasswordForm = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
