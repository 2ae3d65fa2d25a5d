// The data room's one gate (issues 31, 32, 33): may this admin open these prototypes' confidential
// content (description, notes, documents, information-request answers and documents)? Each rule is
// one check in CONFIDENTIAL_ACCESS_CHECKS; every path that carries that content asks here.
import type { Db } from '../db/index.ts';
import { conflictOfInterestCheck } from './conflicts-of-interest.ts';
import { accessRevokedCheck } from './data-room-revocations.ts';
import { retentionEndedCheck } from './data-room-retention.ts';
import { notAttestedCheck } from './attestations.ts';
import { termsNotAcceptedCheck } from './confidentiality-terms.ts';
import { ForbiddenError } from './errors.ts';
import { exportClearanceCheck } from './export-clearance.ts';
import { exportHoldCheck } from './export-control.ts';
import { type ViewerFacts, viewerFacts } from './viewer-facts.ts';

export type ConfidentialDenialReason =
  'conflict_of_interest' | 'export_hold' | 'export_not_cleared' | 'access_revoked' | 'retention_ended' | 'terms_not_accepted' | 'not_attested';

/** Why the content stays closed, and a message that says what to do (or that nothing will open it). */
export type ConfidentialDenial = { reason: ConfidentialDenialReason; message: string };

export type ConfidentialViewer = { id: string; role: string };

/** The installation's settings the checks read (AppConfig's; the defaults are the environment's). */
export type DataRoomPolicy = { retentionDays: number };
export const DEFAULT_DATA_ROOM_POLICY: DataRoomPolicy = { retentionDays: 30 };

/** One rule: for each of `prototypeIds` the viewer may not open, the denial. */
export type ConfidentialAccessCheck = (facts: ViewerFacts, prototypeIds: readonly number[], policy: DataRoomPolicy) => Promise<Map<number, ConfidentialDenial>>;

/** In order: a denial no action can lift comes before one the viewer can act on. */
const CONFIDENTIAL_ACCESS_CHECKS: readonly ConfidentialAccessCheck[] = [
  // No action of the viewer's lifts a conflict of interest with the seller (issue 33, ADR 0049).
  conflictOfInterestCheck,
  // Only a compliance officer opens a held item until it is classified (issue 32, ADR 0050).
  exportHoldCheck,
  // A controlled item opens only to U.S. persons and people authorized for it (issue 32, ADR 0051).
  exportClearanceCheck,
  accessRevokedCheck,
  retentionEndedCheck,
  termsNotAcceptedCheck,
  notAttestedCheck,
];

/**
 * The first denial per prototype the viewer may not open. Only admins are gated: a seller reads
 * their own prototypes (which prototypes they see at all is `visiblePrototypes`).
 */
export async function confidentialDenials(
  facts: ViewerFacts,
  prototypeIds: readonly number[],
  policy: DataRoomPolicy = DEFAULT_DATA_ROOM_POLICY,
): Promise<Map<number, ConfidentialDenial>> {
  const denials = new Map<number, ConfidentialDenial>();
  if (facts.viewer.role !== 'admin' || prototypeIds.length === 0) return denials;
  const ids = [...new Set(prototypeIds)];
  // The rules ask at once (each fact is read once for all of them); the first in the table's order decides.
  const found = await Promise.all(CONFIDENTIAL_ACCESS_CHECKS.map((check) => check(facts, ids, policy)));
  for (const id of ids) {
    const denial = found.find((byCheck) => byCheck.has(id))?.get(id);
    if (denial) denials.set(id, denial);
  }
  return denials;
}

export async function confidentialDenial(db: Db, viewer: ConfidentialViewer, prototypeId: number, now: Date, policy?: DataRoomPolicy) {
  return (await confidentialDenials(viewerFacts(db, viewer, now), [prototypeId], policy)).get(prototypeId) ?? null;
}

/** Refuses with the denial's message (403). Callers that must record the denial do so before. */
export async function assertConfidentialAccess(db: Db, viewer: ConfidentialViewer, prototypeId: number, now: Date, policy?: DataRoomPolicy) {
  const denial = await confidentialDenial(db, viewer, prototypeId, now, policy);
  if (denial) throw new ForbiddenError(denial.message);
}
