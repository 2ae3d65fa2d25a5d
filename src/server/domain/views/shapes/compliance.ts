// Export control answers (issue 32, ADR 0050): a prototype's compliance record, the screening list's
// imports and the denied-party screening hits.
import { z } from 'zod';
import { USER_STATUSES } from '~/shared/constants.ts';
import {
  CLASSIFICATION_BASES,
  COMPLIANCE_STATES,
  EXPORT_STATUSES,
  HIT_STATUSES,
  JURISDICTIONS,
  KNOWN_CLASSIFICATIONS,
  REFUSAL_REASONS,
  RELEASE_BASES,
  RELEASE_CHANNELS,
  SCREENING_OCCASIONS,
} from '~/shared/export-control.ts';
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

/** Cleared people (point 4, ADR 0051). */
export const exportStatusRow = z.strictObject({
  status: z.enum(EXPORT_STATUSES),
  citizenships: z.array(z.string()),
  note: z.string().nullable(),
  recordedAt: timestamp,
  recordedByName: z.string().nullable(),
});

export const exportAuthorization = z.strictObject({
  id,
  prototypeId: id,
  prototypeName: z.string(),
  reference: z.string(),
  expiresAt: timestamp,
  note: z.string().nullable(),
  recordedAt: timestamp,
  recordedByName: z.string().nullable(),
  /** True once expiresAt has passed: it no longer clears anyone. */
  expired: z.boolean(),
});

export const newExportAuthorization = exportAuthorization.omit({ recordedByName: true }).extend({ userId: uuid });

export const exportRecord = z.strictObject({
  userId: uuid,
  status: z.enum(EXPORT_STATUSES),
  citizenships: z.array(z.string()),
  note: z.string().nullable(),
  recordedAt: timestamp.nullable(),
  recordedByName: z.string().nullable(),
  /** Every status recorded, newest first. */
  history: z.array(exportStatusRow),
  /** Current and expired authorizations (removed ones are not listed), soonest expiry first. */
  authorizations: z.array(exportAuthorization),
});

export const expiringAuthorization = z.strictObject({
  id,
  userId: uuid,
  userName: z.string(),
  prototypeId: id,
  prototypeName: z.string(),
  reference: z.string(),
  expiresAt: timestamp,
});

export const exportRelease = z.strictObject({
  id,
  at: timestamp,
  prototypeId: id,
  userId: uuid,
  userEmail: z.string(),
  channel: z.enum(RELEASE_CHANNELS),
  outcome: z.enum(['released', 'refused']),
  /** The person's export status at that moment. */
  status: z.enum(EXPORT_STATUSES),
  citizenships: z.array(z.string()),
  /** Released: `us_person` or `authorization` (with its id and reference). */
  basis: z.enum(RELEASE_BASES).nullable(),
  authorizationId: id.nullable(),
  reference: z.string().nullable(),
  /** Refused: why. */
  reason: z.enum(REFUSAL_REASONS).nullable(),
  documentId: id.nullable(),
  page: z.number().int().positive().nullable(),
});
