// The data room's inputs (issue 31, points 1, 2 and 5; ADR 0045), shared with the forms.
import { z } from 'zod';
import { INT4_MAX, recordId, uuidId } from './bounds.ts';
import { requiredText } from './text.ts';

export const TERMS_TITLE_MAX = 200;
export const TERMS_TEXT_MAX = 20_000;
export const NO_CONFLICT_REQUIRED = 'Confirm that you have no conflict of interest and will keep the content confidential';

/** PUT /api/admin/confidentiality/terms */
export const publishTermsInput = z.object({
  title: requiredText('Title', TERMS_TITLE_MAX),
  text: requiredText('Text', TERMS_TEXT_MAX),
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
