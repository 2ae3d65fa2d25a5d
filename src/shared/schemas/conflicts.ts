// Conflicts of interest and reviewer suggestions (issue 33, points 1 and 3): the declaration form and
// the profile's organization and expertise. Shared by the procedures, the REST contract and the forms.
import { z } from 'zod';
import { ENERGY_TYPES } from '../constants.ts';
import { recordId, uuidId } from './bounds.ts';
import { requiredText } from './text.ts';

export const CONFLICT_REASON_MAX = 500;
export const ORGANIZATION_MAX = 200;

export const declareConflictInput = z.object({
  sellerId: uuidId('seller'),
  reason: requiredText('Reason', CONFLICT_REASON_MAX),
});
export type DeclareConflictForm = z.input<typeof declareConflictInput>;

export const conflictIdInput = z.object({ id: recordId('conflict') });

/** Absent: unchanged; empty or null: cleared. */
export const organizationField = z
  .string({ invalid_type_error: 'Organization must be text' })
  .trim()
  .max(ORGANIZATION_MAX, `Organization must be at most ${ORGANIZATION_MAX} characters`)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** An administrator's energy types (absent: unchanged). */
export const expertiseField = z
  .array(z.enum(ENERGY_TYPES, { errorMap: () => ({ message: 'Expertise must be energy types from the list' }) }), {
    invalid_type_error: 'Expertise must be a list of energy types',
  })
  .max(ENERGY_TYPES.length, 'Each energy type only once')
  .refine((types) => new Set(types).size === types.length, 'Each energy type only once')
  .optional();
