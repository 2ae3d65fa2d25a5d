// Conflicts of interest and reviewer suggestions (conflicts-of-interest.ts, reviewer-load.ts).
import { z } from 'zod';
import { id, timestamp, uuid } from './common.ts';

export const conflictReason = z.strictObject({ kind: z.enum(['email_domain', 'organization', 'declared']), message: z.string() });

/** A conflict the caller declared with a seller. */
export const declaredConflict = z.strictObject({
  id,
  sellerId: uuid,
  sellerName: z.string(),
  sellerEmail: z.string(),
  sellerBusiness: z.string().nullable(),
  reason: z.string(),
  createdAt: timestamp,
});

/** One admin's conflicts with a prototype's seller. */
export const prototypeConflict = z.strictObject({ adminId: uuid, reasons: z.array(conflictReason) });

/** An admin who may review the prototype, with the figures the ranking used. */
export const reviewerSuggestion = z.strictObject({
  adminId: uuid,
  name: z.string(),
  /** The prototype's energy type is among the admin's expertise. */
  expertiseMatch: z.boolean(),
  /** Their open assignments on other prototypes not yet decided. */
  openLoad: z.number().int().nonnegative(),
});
