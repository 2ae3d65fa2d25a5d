// Confidentiality terms (issue 31, point 1, ADR 0045): each publication is a new version; every admin
// accepts the current one (when, from where, which text) before a prototype's confidential content
// opens. A new installation, or one whose terms were never written, starts from version 1 below.
import { createHash } from 'node:crypto';
import { fullName } from '~/shared/format.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { Db } from '../db/index.ts';
import { appendAccessRecord } from './access-record.ts';
import { logActivity } from './activity-log.ts';
import type { ConfidentialAccessCheck, ConfidentialDenial } from './confidential-access.ts';
import { ConflictError } from './errors.ts';
import { personName } from './views/person-name.ts';
import type { DomainDeps } from './deps.ts';

export const DEFAULT_TERMS = {
  title: 'Mutual confidentiality for evaluation',
  text: [
    'These terms bind everyone at Atomix Energy who opens a prototype’s confidential content: its description and notes, its documents, and the answers and documents sent with information requests.',
    '1. Purpose. Confidential content is received solely to evaluate the prototype for the marketplace: review, scoring, quoting and the decisions that follow.',
    '2. No other use. You will not use, copy, disclose or build on confidential content for any other purpose, for yourself or for anyone else, and you will not try to reverse-engineer it.',
    '3. Care. You keep confidential content at least as safe as your own confidential information, share it only with team members who have accepted these terms and need it for the evaluation, and never outside Atomix Energy.',
    '4. Mutual. The seller likewise keeps confidential what Atomix Energy shares with them about its evaluation (scores, comments, quotes) unless it is released to them for that purpose.',
    '5. Return or deletion. On the seller’s request, or when the evaluation ends, you return or delete every copy of confidential content in your possession and confirm that you have done so.',
    '6. Duration. These obligations continue after your access ends, for as long as the content remains confidential.',
  ].join('\n\n'),
} as const;

export const TERMS_NOT_CURRENT = 'These are not the current confidentiality terms: read the current version and accept it';

/** Publications are numbered one at a time across every instance. */
const TERMS_LOCK_ID = 31_0001;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const termsSelect = { version: true, title: true, text: true, textSha256: true, publishedAt: true } as const;

/**
 * The current version. Version 1 (the default text) is written on first need, by whichever request
 * or instance gets there first; a second insert of version 1 does nothing.
 */
export async function currentTerms(db: Db) {
  const latest = await db.confidentialityTerms.findFirst({ orderBy: { version: 'desc' }, select: termsSelect });
  if (latest) return latest;
  await db.confidentialityTerms.createMany({
    data: [{ version: 1, title: DEFAULT_TERMS.title, text: DEFAULT_TERMS.text, textSha256: sha256(DEFAULT_TERMS.text) }],
    skipDuplicates: true,
  });
  return db.confidentialityTerms.findFirstOrThrow({ orderBy: { version: 'desc' }, select: termsSelect });
}

/** The current terms and when the caller accepted this version (null: not yet). */
export async function termsForViewer(db: Db, userId: string) {
  const terms = await currentTerms(db);
  const acceptance = await db.termsAcceptance.findUnique({
    where: { userId_version: { userId, version: terms.version } },
    select: { acceptedAt: true },
  });
  return { version: terms.version, title: terms.title, text: terms.text, acceptedAt: acceptance?.acceptedAt ?? null };
}

export interface TermsDeps extends DomainDeps {
  actorId: string;
  now: Date;
}

/** A new version (the next number): from now on every admin must accept it. */
export async function publishTerms(deps: TermsDeps, input: { title: string; text: string }) {
  const { db, meta, actorId, now } = deps;
  await currentTerms(db);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${TERMS_LOCK_ID})`;
    const latest = await tx.confidentialityTerms.findFirst({ orderBy: { version: 'desc' }, select: { version: true } });
    const version = (latest?.version ?? 0) + 1;
    await tx.confidentialityTerms.create({
      data: { version, title: input.title, text: input.text, textSha256: sha256(input.text), publishedAt: now, publishedBy: actorId },
      select: { version: true },
    });
    await logActivity(tx, meta, { userId: actorId, action: 'confidentiality.terms_published', targetType: 'terms', targetId: version });
    return { version };
  });
}

/**
 * The caller accepts `version`, which must be the current one (409 otherwise: they read an older
 * text). Accepting again keeps the first acceptance. Recorded in the access record.
 */
export async function acceptTerms(deps: TermsDeps, version: number) {
  const { db, meta, actorId, now } = deps;
  const current = await currentTerms(db);
  if (version !== current.version) throw new ConflictError(TERMS_NOT_CURRENT);
  const acceptance = { where: { userId_version: { userId: actorId, version } }, select: { acceptedAt: true } } as const;
  const accepted = (acceptedAt: Date) => ({ version, acceptedAt });
  try {
    return await db.$transaction(async (tx) => {
      const existing = await tx.termsAcceptance.findUnique(acceptance);
      if (existing) return accepted(existing.acceptedAt);
      const created = await tx.termsAcceptance.create({
        data: { userId: actorId, version, textSha256: current.textSha256, acceptedAt: now, ip: meta.ip, userAgent: meta.userAgent },
        select: { acceptedAt: true },
      });
      await appendAccessRecord(tx, {
        at: now,
        kind: 'terms_acceptance',
        userId: actorId,
        details: { version, textSha256: current.textSha256, ip: meta.ip, userAgent: meta.userAgent },
      });
      return accepted(created.acceptedAt);
    });
  } catch (error) {
    // Accepted twice at once: the other request wrote the acceptance (and its access record); this one answers the same.
    if (!isUniqueViolation(error)) throw error;
    const existing = await db.termsAcceptance.findUnique(acceptance);
    if (!existing) throw error;
    return accepted(existing.acceptedAt);
  }
}

/** Has the admin accepted the current version? One query (the version with their acceptance of it). */
export async function hasAcceptedCurrentTerms(db: Db, userId: string) {
  const latest = await db.confidentialityTerms.findFirst({
    orderBy: { version: 'desc' },
    select: { version: true, acceptances: { where: { userId }, select: { id: true } } },
  });
  // None published yet: version 1 is written now, and nobody can have accepted it.
  if (!latest) return { version: (await currentTerms(db)).version, accepted: false };
  return { version: latest.version, accepted: latest.acceptances.length > 0 };
}

export function termsDenial(version: number): ConfidentialDenial {
  return {
    reason: 'terms_not_accepted',
    message: `Accept the confidentiality terms (version ${version}) to open this prototype's confidential content.`,
  };
}

/** The gate's rule: nothing confidential opens before the current terms are accepted. */
export const termsNotAcceptedCheck: ConfidentialAccessCheck = async (facts, prototypeIds) => {
  const { version, accepted } = await facts.terms();
  return new Map(accepted ? [] : prototypeIds.map((id) => [id, termsDenial(version)]));
};

/** The terms page: every version, newest first, with who accepted it and when. */
export async function termsHistory(db: Db) {
  await currentTerms(db);
  const versions = await db.confidentialityTerms.findMany({
    orderBy: { version: 'desc' },
    take: 100,
    select: {
      ...termsSelect,
      publisher: { select: personName },
      acceptances: {
        orderBy: [{ acceptedAt: 'asc' }, { id: 'asc' }],
        take: 1000,
        select: { acceptedAt: true, user: { select: { id: true, firstName: true, lastName: true, email: true } } },
      },
    },
  });
  return versions.map(({ publisher, acceptances, ...v }) => ({
    ...v,
    publishedBy: publisher ? fullName(publisher) || null : null,
    acceptances: acceptances.map((a) => ({
      userId: a.user.id,
      name: fullName(a.user) || a.user.email,
      email: a.user.email,
      acceptedAt: a.acceptedAt,
    })),
  }));
}
