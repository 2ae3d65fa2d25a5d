// Test data builders: real rows through Prisma. Users and prototypes come from the demo seed's
// builders (demo/factories.ts); the rest are for tests only.
import type { Prisma } from '~/generated/prisma/client.ts';
import type { Db } from '../db/index.ts';
import { currentTerms } from '../domain/confidentiality-terms.ts';

export { DEFAULT_PASSWORD, createAdmin, createPrototype, createUser } from '../demo/factories.ts';

/** A message in a seller's conversation with the team (admin_to_user unless said otherwise). */
export function createAdminMessage(db: Db, userId: string, overrides: Partial<Prisma.AdminMessageUncheckedCreateInput> = {}) {
  return db.adminMessage.create({
    data: { userId, subject: 'A message from the team', message: 'Hello from the Atomix team.', messageType: 'admin_to_user', ...overrides },
  });
}

export function createNotification(db: Db, userId: string, overrides: Partial<Prisma.NotificationUncheckedCreateInput> = {}) {
  return db.notification.create({ data: { userId, type: 'announcement', title: 'A notice', message: 'Something happened.', ...overrides } });
}

/** A message from the public contact form. */
export function createContact(db: Db, overrides: Partial<Prisma.ContactCreateInput> = {}) {
  return db.contact.create({
    data: { name: 'Ivy Investor', email: 'ivy@example.test', subject: 'investment', message: 'We would like to talk.', ...overrides },
  });
}

/** An e-mail in the outbox (sent through the in-app outbox unless said otherwise). */
export function createEmailMessage(db: Db, overrides: Partial<Prisma.EmailMessageUncheckedCreateInput> & { toAddress: string }) {
  return db.emailMessage.create({
    data: {
      subject: 'Atomix Energy: a notice',
      textBody: 'A notice.',
      template: 'announcement',
      status: 'sent',
      transport: 'outbox',
      sentAt: new Date(),
      ...overrides,
    },
  });
}

/** A transaction for an accepted quote (amounts as decimal strings). */
export function createTransaction(db: Db, prototypeId: number, sellerId: string, overrides: Partial<Prisma.TransactionUncheckedCreateInput> = {}) {
  return db.transaction.create({
    data: { prototypeId, sellerId, amount: '1000.00', platformFee: '100.00', sellerPayout: '900.00', ...overrides },
  });
}

/** Reviewers of a prototype, with their scorecards when given. */
export async function createReviewers(db: Db, prototypeId: number, reviewerIds: string[]) {
  await db.prototypeReviewer.createMany({ data: reviewerIds.map((reviewerId) => ({ prototypeId, reviewerId })) });
}

export function createScorecard(db: Db, prototypeId: number, reviewerId: string, overrides: Partial<Prisma.ScorecardUncheckedCreateInput> = {}) {
  return db.scorecard.create({
    data: {
      prototypeId,
      reviewerId,
      technicalFeasibility: 70,
      commercialViability: 60,
      riskLevel: 'medium',
      marketPotential: 'high',
      trl: 4,
      estimatedValue: 500_000,
      investmentRequired: 100_000,
      timelineWeeks: 30,
      confidence: 'medium',
      strengths: 'Solid measurements.',
      concerns: 'Supply chain.',
      ...overrides,
    },
  });
}

export function createEvaluationRelease(db: Db, prototypeId: number, overrides: Partial<Prisma.EvaluationReleaseUncheckedCreateInput> = {}) {
  return db.evaluationRelease.create({ data: { prototypeId, summary: 'A released evaluation.', includeScores: false, ...overrides } });
}

/**
 * The admin has accepted the current confidentiality terms and attested for the prototype, so its
 * confidential content is open to them (issue 31, ADR 0045). Rows only: no access-record entries.
 */
export async function attestAdmin(db: Db, adminId: string, prototypeId: number) {
  const terms = await currentTerms(db);
  await db.termsAcceptance.upsert({
    where: { userId_version: { userId: adminId, version: terms.version } },
    create: { userId: adminId, version: terms.version, textSha256: terms.textSha256, acceptedAt: new Date() },
    update: {},
  });
  await db.prototypeAttestation.upsert({
    where: { prototypeId_adminId: { prototypeId, adminId } },
    create: { prototypeId, adminId, termsVersion: terms.version, noConflict: true, attestedAt: new Date() },
    update: {},
  });
}
