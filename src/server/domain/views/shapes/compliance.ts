// Export control answers (issue 32, ADR 0050): a prototype's compliance record, the screening list's
// imports and the denied-party screening hits.
import { z } from 'zod';
import { USER_STATUSES } from '~/shared/constants.ts';
import { CLASSIFICATION_BASES, COMPLIANCE_STATES, HIT_STATUSES, JURISDICTIONS, KNOWN_CLASSIFICATIONS, SCREENING_OCCASIONS } from '~/shared/export-control.ts';
import { id, timestamp, uuid } from './common.ts';

export const exportScreening = z.strictObject({
  hydrogenIsotopeSeparation: z.boolean(),
  tritium: z.boolean(),
  enrichment: z.boolean(),
  reactorComponents: z.boolean(),
  militaryOrSpace: z.boolean(),
  knownClassification: z.enum(KNOWN_CLASSIFICATIONS),
  eccn: z.string().nullable(),
  answeredAt: timestamp,
});

export const exportClassification = z.strictObject({
  id,
  jurisdiction: z.enum(JURISDICTIONS),
  classification: z.string(),
  controlled: z.boolean(),
  basis: z.enum(CLASSIFICATION_BASES),
  note: z.string().nullable(),
  recordedAt: timestamp,
  recordedBy: uuid.nullable(),
  recordedByName: z.string().nullable(),
});

export const complianceState = z.enum(COMPLIANCE_STATES);

/** What any admin sees on the prototype's page: the state and the seller's answers. */
export const prototypeScreening = z.strictObject({ state: complianceState, screening: exportScreening.nullable() });

export const prototypeCompliance = z.strictObject({
  state: complianceState,
  screening: exportScreening.nullable(),
  /** The classification on record (the newest), or null. */
  classification: exportClassification.nullable(),
  /** Every classification, newest first. */
  history: z.array(exportClassification),
});

export const sellerScreeningAnswer = z.strictObject({ notice: z.enum(['action_needed', 'in_progress']).nullable() });

export const screeningListImport = z.strictObject({
  entries: z.number().int().nonnegative(),
  importId: id,
  sha256: z.string(),
});

export const screeningListImportRow = z.strictObject({
  id,
  entryCount: z.number().int().nonnegative(),
  sha256: z.string(),
  importedAt: timestamp,
  importedByName: z.string().nullable(),
});

export const screeningHit = z.strictObject({
  id,
  userId: uuid,
  userEmail: z.string(),
  userName: z.string(),
  userStatus: z.enum(USER_STATUSES),
  screenedName: z.string(),
  entryName: z.string(),
  matchedName: z.string(),
  entrySource: z.string(),
  entryCountries: z.string(),
  occasion: z.enum(SCREENING_OCCASIONS),
  status: z.enum(HIT_STATUSES),
  note: z.string().nullable(),
  decidedAt: timestamp.nullable(),
  decidedByName: z.string().nullable(),
  createdAt: timestamp,
});
