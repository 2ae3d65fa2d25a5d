// The data room's inputs (issue 31, points 1, 2 and 5; ADR 0045), shared with the forms.
import { z } from 'zod';
import { INT4_MAX, recordId, uuidId } from './bounds.ts';

export const TERMS_TITLE_MAX = 200;
export const TERMS_TEXT_MAX = 20_000;
export const NO_CONFLICT_REQUIRED = 'Confirm that you have no conflict of interest and will keep the content confidential';

/** PUT /api/admin/confidentiality/terms */
export const publishTermsInput = z.object({
  title: z
    .string({ required_error: 'Title is required', invalid_type_error: 'Title must be text' })
    .trim()
    .min(1, 'Title is required')
    .max(TERMS_TITLE_MAX, `Title must be at most ${TERMS_TITLE_MAX} characters`),
  text: z
    .string({ required_error: 'Text is required', invalid_type_error: 'Text must be text' })
    .trim()
    .min(1, 'Text is required')
    .max(TERMS_TEXT_MAX, `Text must be at most ${TERMS_TEXT_MAX} characters`),
});

/** POST /api/confidentiality/terms/accept */
export const acceptTermsInput = z.object({
  version: z
    .number({ required_error: 'Version is required', invalid_type_error: 'Version must be a number' })
    .int('Version must be a whole number')
    .min(1)
    .max(INT4_MAX),
});

/** POST /api/admin/prototypes/{id}/attestation: `noConflict` must be exactly true. */
export const attestInput = z.object({
  id: recordId('prototype'),
  noConflict: z.literal(true, { errorMap: () => ({ message: NO_CONFLICT_REQUIRED }) }),
});

export const dataRoomPrototypeInput = z.object({ id: recordId('prototype') });

/** POST /api/seller/prototypes/{id}/access-revocations; DELETE …/{adminId} */
export const accessRevocationInput = z.object({ id: recordId('prototype'), adminId: uuidId('administrator') });
