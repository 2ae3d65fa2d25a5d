// Warnings, suspensions, appeals and a user's moderation history (moderation-view.ts).
import { z } from 'zod';
import { APPEAL_OUTCOMES, MEASURE_TYPES, TICKET_STATUSES, WARNING_SEVERITIES } from '~/shared/moderation.ts';
import { id, timestamp, uuid } from './common.ts';

const ticketStatus = z.enum(TICKET_STATUSES);
export const warning = z.strictObject({
  id,
  userId: uuid,
  warningType: z.string(),
  severity: z.enum(WARNING_SEVERITIES),
  title: z.string(),
  description: z.string().nullable(),
  /** active, resolved or expired (an active warning past its expiry reads expired). */
  status: z.enum(['active', 'resolved', 'expired']),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
  resolvedAt: timestamp.nullable(),
  acknowledgedAt: timestamp.nullable(),
});
export const suspension = z.strictObject({
  id,
  userId: uuid,
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  startDate: timestamp,
  endDate: timestamp,
  isActive: z.boolean(),
  liftedAt: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export const appeal = z.strictObject({
  /** The support ticket that holds the appeal. */
  ticketId: id,
  measureType: z.enum(MEASURE_TYPES),
  measureId: id,
  status: ticketStatus,
  message: z.string(),
  resolution: z.string().nullable(),
  outcome: z.enum(APPEAL_OUTCOMES).nullable(),
  createdAt: timestamp,
  resolvedAt: timestamp.nullable(),
});
export const moderationEntry = z.strictObject({
  kind: z.enum([...MEASURE_TYPES, 'appeal']),
  id,
  at: timestamp,
  title: z.string(),
  description: z.string().nullable(),
  /** active, resolved, expired, acknowledged (warnings); running, lifted, ended (suspensions, restrictions, bans); appeals: their ticket status. */
  status: z.string(),
  severity: z.string().nullable(),
  warningType: z.string().nullable(),
  /** A warning's expiry, a suspension's end date, a restriction's end. */
  until: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  byAdmin: z.string().nullable(),
  /** For a measure: its appeal, if any. For an appeal: itself. */
  appeal: appeal.nullable(),
});
export const myMeasure = z.strictObject({
  measureType: z.enum(MEASURE_TYPES),
  measureId: id,
  title: z.string(),
  takenAt: timestamp,
  appealDeadline: timestamp,
  canAppeal: z.boolean(),
  appeal: appeal.nullable(),
});
