// Export control inputs (issue 32, ADR 0050): the seller's screening answers, a compliance officer's
// classification, a screening hit's decision and the hits list.
import { z } from 'zod';
import {
  CLASSIFICATION_BASES,
  EXPORT_STATUSES,
  HIT_DECISIONS,
  HIT_STATUSES,
  JURISDICTIONS,
  KNOWN_CLASSIFICATIONS,
  SCREENING_QUESTIONS,
} from '../export-control.ts';
import { recordId, storableDate, uuidId } from './bounds.ts';
import { optionalText } from './text.ts';

const answer = (label: string) => z.boolean({ required_error: `Please answer: ${label}`, invalid_type_error: `Please answer: ${label}` });

/** An ECCN such as 1E201 or 5A002.a.1: a digit, a letter A-E, three digits, an optional paragraph. */
export const ECCN_PATTERN = /^[0-9][A-E][0-9]{3}(\.[a-z0-9]+)*$/i;
export const ECCN_REQUIRED = 'Please give the ECCN (for example 1E201)';
export const ECCN_INVALID = 'An ECCN is a digit, a letter A to E and three digits, for example 1E201';

const eccnText = z
  .string({ invalid_type_error: 'ECCN must be text' })
  .trim()
  .max(40, 'ECCN must be at most 40 characters')
  .nullish()
  .transform((value) => (value ? value.toUpperCase() : null));

const screeningFields = z.object({
  hydrogenIsotopeSeparation: answer(SCREENING_QUESTIONS.hydrogenIsotopeSeparation.question),
  tritium: answer(SCREENING_QUESTIONS.tritium.question),
  enrichment: answer(SCREENING_QUESTIONS.enrichment.question),
  reactorComponents: answer(SCREENING_QUESTIONS.reactorComponents.question),
  militaryOrSpace: answer(SCREENING_QUESTIONS.militaryOrSpace.question),
  knownClassification: z.enum(KNOWN_CLASSIFICATIONS, { errorMap: () => ({ message: 'Please choose the classification you know' }) }),
  eccn: eccnText,
});

function eccnGiven(value: { knownClassification: string; eccn: string | null }, ctx: z.RefinementCtx) {
  if (value.knownClassification !== 'eccn') return;
  if (!value.eccn) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['eccn'], message: ECCN_REQUIRED });
  else if (!ECCN_PATTERN.test(value.eccn)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['eccn'], message: ECCN_INVALID });
}
/** The number is kept only with the answer that names one. */
const eccnOnlyWithEccn = <T extends { knownClassification: string; eccn: string | null }>(value: T): T => ({
  ...value,
  eccn: value.knownClassification === 'eccn' ? value.eccn : null,
});

export const exportScreeningInput = screeningFields.superRefine(eccnGiven).transform(eccnOnlyWithEccn);
export type ExportScreeningInput = z.input<typeof exportScreeningInput>;
export type ExportScreening = z.output<typeof exportScreeningInput>;

/** PUT /api/seller/prototypes/{id}/export-screening */
export const prototypeScreeningInput = screeningFields
  .extend({ id: recordId('prototype') })
  .superRefine(eccnGiven)
  .transform(eccnOnlyWithEccn);

/** An officer's note on a classification, an export status, an authorization or a screening hit. */
export const COMPLIANCE_NOTE_MAX = 2000;
/** A classification as typed: EAR99, part810 or an ECCN. */
export const CLASSIFICATION_MAX = 40;
/** A licence or authorization number. */
export const AUTHORIZATION_REFERENCE_MAX = 100;

const optionalNote = optionalText('Note', COMPLIANCE_NOTE_MAX);

export const CLASSIFICATION_INVALID = 'Classification is EAR99, an ECCN such as 1E201, or part810';

export const exportClassificationInput = z.object({
  id: recordId('prototype'),
  jurisdiction: z.enum(JURISDICTIONS, { errorMap: () => ({ message: `Jurisdiction is one of ${JURISDICTIONS.join(', ')}` }) }),
  classification: z
    .string({ required_error: 'Classification is required', invalid_type_error: 'Classification must be text' })
    .trim()
    .max(CLASSIFICATION_MAX, CLASSIFICATION_INVALID)
    .transform((value) => (value.toLowerCase() === 'part810' ? 'part810' : value.toUpperCase()))
    .refine((value) => value === 'EAR99' || value === 'part810' || ECCN_PATTERN.test(value), CLASSIFICATION_INVALID),
  controlled: z.boolean({ required_error: 'Say whether the item is controlled', invalid_type_error: 'controlled must be true or false' }),
  basis: z.enum(CLASSIFICATION_BASES, { errorMap: () => ({ message: `Basis is one of ${CLASSIFICATION_BASES.join(', ')}` }) }),
  note: optionalNote,
});

export const complianceOfInput = z.object({ id: recordId('prototype') });

/** Two-letter country codes (ISO 3166-1 alpha-2), as the forms and the contract write them. */
const COUNTRY_CODE = /^[A-Z]{2}$/;
export const CITIZENSHIPS_REQUIRED = 'A foreign person needs at least one country of citizenship';
export const COUNTRY_INVALID = 'Countries are two-letter ISO codes, for example DE or IN';

export const exportStatusOfInput = z.object({ id: uuidId('user') });

/** PUT /api/admin/users/{id}/export-status. Citizenships are kept for a foreign person only. */
export const exportStatusInput = z
  .object({
    id: uuidId('user'),
    status: z.enum(EXPORT_STATUSES, { errorMap: () => ({ message: `Status is one of ${EXPORT_STATUSES.join(', ')}` }) }),
    citizenships: z
      .array(
        z
          .string({ invalid_type_error: COUNTRY_INVALID })
          .trim()
          .transform((code) => code.toUpperCase())
          .refine((code) => COUNTRY_CODE.test(code), COUNTRY_INVALID),
        { invalid_type_error: 'Citizenships must be a list of country codes' },
      )
      .max(10, 'At most 10 countries of citizenship')
      .default([]),
    note: optionalNote,
  })
  .superRefine((value, ctx) => {
    if (value.status === 'foreign_person' && value.citizenships.length === 0)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['citizenships'], message: CITIZENSHIPS_REQUIRED });
  })
  .transform((value) => ({
    ...value,
    citizenships: value.status === 'foreign_person' ? [...new Set(value.citizenships)] : [],
  }));

/** POST /api/admin/users/{id}/export-authorizations */
export const exportAuthorizationInput = z.object({
  id: uuidId('user'),
  prototypeId: recordId('prototype'),
  reference: z
    .string({ required_error: 'Licence or authorization number is required', invalid_type_error: 'Reference must be text' })
    .trim()
    .min(1, 'Licence or authorization number is required')
    .max(AUTHORIZATION_REFERENCE_MAX, `Reference must be at most ${AUTHORIZATION_REFERENCE_MAX} characters`),
  expiresAt: storableDate('Expiry must be a date'),
  note: optionalNote,
});

export const removeAuthorizationInput = z.object({ id: recordId('authorization') });

/** GET /api/admin/compliance/releases?prototypeId= (every controlled item's when absent). */
export const releasesInput = z.object({ prototypeId: recordId('prototype').optional() });
/** The same as CSV: `format` is `csv` or absent (anything else is a 400, never a CSV by default). */
export const releasesCsvInput = releasesInput.extend({
  format: z.literal('csv', { errorMap: () => ({ message: 'format must be json or csv' }) }).default('csv'),
});

export const screeningHitsInput = z.object({
  status: z.enum(HIT_STATUSES, { errorMap: () => ({ message: `Status is one of ${HIT_STATUSES.join(', ')}` }) }).optional(),
});

export const hitDecisionInput = z.object({
  id: recordId('screening hit'),
  decision: z.enum(HIT_DECISIONS, { errorMap: () => ({ message: 'Decision is false_positive or confirmed' }) }),
  note: optionalNote,
});

/** The list as published: at most this many bytes of CSV (the adapter's own body limit matches). */
export const SCREENING_LIST_MAX_BYTES = 64 * 1024 * 1024;
export const SCREENING_LIST_NOT_CSV = 'Send the Consolidated Screening List as the body, with Content-Type: text/csv';

export const screeningListInput = z.object({
  contentType: z.string().refine((value) => /^text\/csv(\s*;.*)?$/i.test(value), SCREENING_LIST_NOT_CSV),
  csv: z.string({ invalid_type_error: SCREENING_LIST_NOT_CSV }).min(1, 'The list is empty'),
});

/** The form's answers as its inputs hold them (radio values and text), turned into exportScreeningInput's object. */
const yesNo = z.enum(['yes', 'no'], { errorMap: () => ({ message: 'Please answer yes or no' }) }).transform((value) => value === 'yes');
export const screeningFormInput = z
  .object({
    hydrogenIsotopeSeparation: yesNo,
    tritium: yesNo,
    enrichment: yesNo,
    reactorComponents: yesNo,
    militaryOrSpace: yesNo,
    knownClassification: screeningFields.shape.knownClassification,
    eccn: eccnText,
  })
  .superRefine(eccnGiven)
  .transform(eccnOnlyWithEccn);

export const emptyScreeningForm = {
  hydrogenIsotopeSeparation: '',
  tritium: '',
  enrichment: '',
  reactorComponents: '',
  militaryOrSpace: '',
  knownClassification: '',
  eccn: '',
};

/**
 * The classification screen's fields as its inputs hold them (radio values and text), turned into
 * exportClassificationInput's object without the prototype id (the screen adds it).
 */
export const classificationFormInput = exportClassificationInput.omit({ id: true }).extend({
  jurisdiction: z.enum(JURISDICTIONS, { errorMap: () => ({ message: 'Please choose the jurisdiction' }) }),
  controlled: z.enum(['yes', 'no'], { errorMap: () => ({ message: 'Please say whether the item is controlled' }) }).transform((value) => value === 'yes'),
  basis: z.enum(CLASSIFICATION_BASES, { errorMap: () => ({ message: 'Please choose the basis' }) }),
});

export const emptyClassificationForm = { jurisdiction: '', classification: '', controlled: '', basis: '', note: '' };

/** Country codes as an officer types them: separated by commas or spaces, any case. */
const countryList = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The export status form (the admin user page): the user's id travels with the fields. */
export const exportStatusFormInput = z
  .object({ id: z.string(), status: z.string(), citizenships: z.string(), note: z.string() })
  .transform((value) => ({ ...value, citizenships: countryList(value.citizenships) }))
  .pipe(exportStatusInput);

/** The day an authorization is valid through, as a date input holds it (YYYY-MM-DD): it ends with that day (UTC). */
export const endOfDayUtc = (day: string) => new Date(`${day}T23:59:59.999Z`);

/** The add-authorization form: a prototype chosen, the reference, the last valid day, a note. */
export const authorizationFormInput = z
  .object({
    id: z.string(),
    prototypeId: z.string().min(1, 'Please choose the prototype'),
    reference: z.string(),
    expiresAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give the last day it is valid'),
    note: z.string(),
  })
  .transform((value) => ({ ...value, expiresAt: endOfDayUtc(value.expiresAt) }))
  .pipe(exportAuthorizationInput);
