// Attestation per prototype (issue 31, point 2, ADR 0045): before an admin first opens a prototype's
// confidential content they attest, for it, no conflict of interest with its seller and
// confidentiality under the terms version they accepted. The seller sees who attested, when, and
// under which version.
import type { Db } from '../db/index.ts';
import { firstNameAndInitial } from '~/shared/format.ts';
import { appendAccessRecord } from './access-record.ts';
import { logActivity } from './activity-log.ts';
import type { ConfidentialAccessCheck } from './confidential-access.ts';
import { hasAcceptedCurrentTerms } from './confidentiality-terms.ts';
import { ConflictError, NotFoundError } from './errors.ts';
import { PROTOTYPE_NOT_FOUND } from './prototype-access.ts';
import type { DomainDeps } from './deps.ts';

export const ACCEPT_TERMS_FIRST = (version: number) => `Accept the confidentiality terms (version ${version}) before attesting for a prototype.`;

export const NOT_ATTESTED_MESSAGE =
  "Attest that you have no conflict of interest with this prototype's seller and will keep its content confidential to open it.";

export interface AttestationDeps extends DomainDeps {
  actorId: string;
  now: Date;
}

/**
 * The admin attests for the prototype (404 unknown; 409 before the current terms are accepted).
 * Attesting again renews it under the version accepted now. Recorded in the access record.
 */
export async function attest(deps: AttestationDeps, prototypeId: number) {
  const { db, meta, actorId, now } = deps;
  const prototype = await db.prototype.findUnique({ where: { id: prototypeId }, select: { id: true } });
  if (!prototype) throw new NotFoundError(PROTOTYPE_NOT_FOUND);
  const terms = await hasAcceptedCurrentTerms(db, actorId);
  if (!terms.accepted) throw new ConflictError(ACCEPT_TERMS_FIRST(terms.version));
  return db.$transaction(async (tx) => {
    const data = { termsVersion: terms.version, noConflict: true, attestedAt: now };
    const row = await tx.prototypeAttestation.upsert({
      where: { prototypeId_adminId: { prototypeId, adminId: actorId } },
      create: { prototypeId, adminId: actorId, ...data },
      update: data,
      select: { prototypeId: true, termsVersion: true, attestedAt: true },
    });
    await appendAccessRecord(tx, {
      at: now,
      kind: 'attestation',
      userId: actorId,
      prototypeId,
      details: { termsVersion: terms.version, noConflict: true },
    });
    await logActivity(tx, meta, {
      userId: actorId,
      action: 'prototype.attested',
      targetType: 'prototype',
      targetId: prototypeId,
      details: { termsVersion: terms.version },
    });
    return row;
  });
}

/** Which of `prototypeIds` the admin has attested for. */
export async function attestedPrototypes(db: Db, adminId: string, prototypeIds: readonly number[]) {
  const rows = await db.prototypeAttestation.findMany({
    where: { adminId, prototypeId: { in: [...prototypeIds] } },
    select: { prototypeId: true },
  });
  return new Set(rows.map((r) => r.prototypeId));
}

/** The gate's rule: nothing confidential of a prototype opens before the admin attested for it. */
export const notAttestedCheck: ConfidentialAccessCheck = async (facts, prototypeIds) => {
  const attested = await facts.attested(prototypeIds);
  return new Map(prototypeIds.filter((id) => !attested.has(id)).map((id) => [id, { reason: 'not_attested' as const, message: NOT_ATTESTED_MESSAGE }]));
};

/** The seller's view: who attested (as "Dana K."), when, under which version; newest first. */
export async function attestationsOf(db: Db, prototypeId: number) {
  const rows = await db.prototypeAttestation.findMany({
    where: { prototypeId },
    orderBy: [{ attestedAt: 'desc' }, { id: 'desc' }],
    take: 500,
    select: { adminId: true, termsVersion: true, attestedAt: true, admin: { select: { firstName: true, lastName: true } } },
  });
  return rows.map((r) => ({ adminId: r.adminId, name: firstNameAndInitial(r.admin), termsVersion: r.termsVersion, attestedAt: r.attestedAt }));
}
