// Demo moderation (issue 15, ADR 0016): a warning on Kenji's dashboard waiting to be acknowledged
// and one he appealed; an ended restriction; Sofia's past suspension with its upheld appeal. Nobody
// is suspended now, so every demo seller can still sign in.
import type { Db } from '../db/index.ts';
import { DAY_MS } from '~/shared/days.ts';

export async function seedModerationDemo(db: Db, input: { adminId: string; kenjiId: string; sofiaId: string; now: Date }) {
  const { adminId, kenjiId, sofiaId, now } = input;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await db.userWarning.create({
    data: {
      userId: kenjiId,
      adminId,
      warningType: 'content',
      severity: 'medium',
      title: 'Unverified efficiency claims',
      description: 'Your listing states 62% efficiency without test data. Please attach the measurement report or correct the figure.',
      createdAt: ago(2),
      expiresAt: new Date(now.getTime() + 30 * DAY_MS),
    },
  });
  const appealed = await db.userWarning.create({
    data: {
      userId: kenjiId,
      adminId,
      warningType: 'conduct',
      severity: 'low',
      title: 'Repeated follow-up messages',
      description: 'Please allow the evaluation team the promised review time before writing again.',
      createdAt: ago(6),
      acknowledgedAt: ago(5),
    },
  });
  await db.supportTicket.create({
    data: {
      userId: kenjiId,
      category: 'appeal',
      subject: `Appeal: warning #${appealed.id}`,
      description: 'I wrote twice because the first message bounced. I have the bounce notice if needed.',
      measureType: 'warning',
      measureId: appealed.id,
      awaitingReplySince: ago(4),
      createdAt: ago(4),
    },
  });
  await db.accountMeasure.create({
    data: { userId: kenjiId, adminId, kind: 'restriction', reason: 'Payout details under review', until: ago(30), createdAt: ago(40), endedAt: ago(30) },
  });
  const suspension = await db.userSuspension.create({
    data: {
      userId: sofiaId,
      adminId,
      reason: 'Shared account credentials with a third party',
      notes: 'Confirmed by the security review.',
      startDate: ago(15),
      endDate: ago(8),
      isActive: false,
      endedAt: ago(8),
      createdAt: ago(15),
    },
  });
  await db.supportTicket.create({
    data: {
      userId: sofiaId,
      category: 'appeal',
      status: 'resolved',
      subject: `Appeal: suspension #${suspension.id}`,
      description: 'My co-founder used my account for one upload. We now have separate accounts.',
      measureType: 'suspension',
      measureId: suspension.id,
      appealOutcome: 'upheld',
      resolution: 'Sharing credentials breaks the terms of use; the suspension stands. Thank you for setting up separate accounts.',
      resolvedAt: ago(12),
      createdAt: ago(14),
    },
  });
}
