// The capability check on every procedure a capability governs (ADR 0019's table): with the
// capability revoked the call is 403 naming it, before its input is even read; with it, the same
// call reaches the procedure (a 400 for the empty input, or a read's answer). And permissions.mine.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY_CAPABILITIES, type Capability, grantChoices, isGrantedOnly } from '~/shared/capabilities.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
type Caller = Awaited<ReturnType<typeof callerAs>>;
type Call = (caller: Caller) => Promise<unknown>;
const empty = {} as never;

/** ADR 0019's table: the procedures each capability governs. */
const GOVERNED: Record<Capability, Record<string, Call>> = {
  'prototypes.submit': { 'prototypes.create': (c) => c.prototypes.create(empty) },
  'documents.upload': {},
  'messages.reply': {
    'messages.reply': (c) => c.messages.reply(empty),
    'messages.messageTeam': (c) => c.messages.messageTeam(empty),
    'infoRequests.answer': (c) => c.infoRequests.answer(empty),
  },
  'tickets.open': {},
  'reports.file': {},
  'prototypes.review': {
    'admin.startReview': (c) => c.admin.startReview(empty),
    'admin.approve': (c) => c.admin.approve(empty),
    'admin.reject': (c) => c.admin.reject(empty),
    'admin.moveStage': (c) => c.admin.moveStage(empty),
    'admin.startDevelopment': (c) => c.admin.startDevelopment(empty),
    'admin.markDeployed': (c) => c.admin.markDeployed(empty),
    'admin.setPriority': (c) => c.admin.setPriority(empty),
    'admin.assign': (c) => c.admin.assign(empty),
    'admin.setReviewerComments': (c) => c.admin.setReviewerComments(empty),
    'evaluation.setReviewers': (c) => c.evaluation.setReviewers(empty),
    'evaluation.submitScorecard': (c) => c.evaluation.submitScorecard(empty),
    'evaluation.finalise': (c) => c.evaluation.finalise(empty),
    'evaluation.release': (c) => c.evaluation.release(empty),
    'infoRequests.ask': (c) => c.infoRequests.ask(empty),
  },
  'prototypes.quote': {
    'admin.quote': (c) => c.admin.quote(empty),
    'admin.acceptQuote': (c) => c.admin.acceptQuote(empty),
    'admin.rejectQuote': (c) => c.admin.rejectQuote(empty),
    'admin.reviseQuote': (c) => c.admin.reviseQuote(empty),
  },
  'users.manage': {
    'admin.updateUserStatus': (c) => c.admin.updateUserStatus(empty),
    'admin.verifyUser': (c) => c.admin.verifyUser(empty),
    'admin.resetPassword': (c) => c.admin.resetPassword(empty),
    'admin.deleteUser': (c) => c.admin.deleteUser(empty),
    'admin.sendMessage': (c) => c.admin.sendMessage(empty),
    'messages.start': (c) => c.messages.start(empty),
    'messages.setContactHandled': (c) => c.messages.setContactHandled(empty),
  },
  'payouts.manage': {
    'payouts.list': (c) => c.payouts.list(empty),
    'payouts.totals': (c) => c.payouts.totals(),
    'payouts.mode': (c) => c.payouts.mode(),
    'payouts.pay': (c) => c.payouts.pay(empty),
    'payouts.recordManual': (c) => c.payouts.recordManual(empty),
  },
  'notifications.bulk': {
    'notifications.bulkList': (c) => c.notifications.bulkList(),
    'notifications.bulkPreview': (c) => c.notifications.bulkPreview(empty),
    'notifications.bulkCreate': (c) => c.notifications.bulkCreate(empty),
    'notifications.bulkSend': (c) => c.notifications.bulkSend(empty),
    'notifications.bulkCancel': (c) => c.notifications.bulkCancel(empty),
  },
  'permissions.manage': {
    'permissions.forUser': (c) => c.permissions.forUser(empty),
    'permissions.change': (c) => c.permissions.change(empty),
    'permissions.remove': (c) => c.permissions.remove(empty),
    'adminTeam.invite': (c) => c.adminTeam.invite(empty),
    'adminTeam.invitations': (c) => c.adminTeam.invitations(),
    'adminTeam.revokeInvitation': (c) => c.adminTeam.revokeInvitation(empty),
    'adminTeam.removeAdminRole': (c) => c.adminTeam.removeAdminRole(empty),
  },
  'compliance.manage': {
    'compliance.forPrototype': (c) => c.compliance.forPrototype(empty),
    'compliance.classify': (c) => c.compliance.classify(empty),
    'compliance.importList': (c) => c.compliance.importList(empty),
    'compliance.imports': (c) => c.compliance.imports(),
    'compliance.hits': (c) => c.compliance.hits(empty),
    'compliance.decideHit': (c) => c.compliance.decideHit(empty),
    'compliance.dashboard': (c) => c.compliance.dashboard(),
  },
};

async function codeOf(call: Promise<unknown>) {
  try {
    await call;
    return { code: 'OK', message: '' };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('every governed procedure goes through the capability check', () => {
  for (const [capability, procedures] of Object.entries(GOVERNED) as [Capability, Record<string, Call>][]) {
    if (Object.keys(procedures).length === 0) continue;
    it(`${capability}: 403 naming it when revoked, the procedure itself (400) when held`, async () => {
      const holder = await createAdmin(t.db.prisma);
      const narrowed = await createAdmin(t.db.prisma);
      // No role holds compliance.manage: the holder is granted it (ADR 0050).
      if (isGrantedOnly(capability))
        await t.db.prisma.userPermission.create({ data: { userId: holder.id, permission: capability, granted: true, reason: 'test' } });
      await t.db.prisma.userPermission.create({ data: { userId: narrowed.id, permission: capability, granted: false, reason: 'test', grantedBy: holder.id } });
      const allowed = await callerAs(t.db, holder.id);
      const refused = await callerAs(t.db, narrowed.id);
      for (const [name, call] of Object.entries(procedures)) {
        expect({ name, ...(await codeOf(call(refused))) }).toEqual({ name, code: 'FORBIDDEN', message: `You do not have the "${capability}" permission.` });
        // Reaches the procedure: its input check refuses the empty input (or a read answers).
        expect({ name, code: (await codeOf(call(allowed))).code }).toEqual({ name, code: expect.stringMatching(/^(BAD_REQUEST|OK)$/) });
      }
    });
  }

  it('a seller is refused the seller capabilities the same way (prototypes.submit, messages.reply)', async () => {
    const seller = await createUser(t.db.prisma);
    await t.db.prisma.userPermission.createMany({
      data: [
        { userId: seller.id, permission: 'prototypes.submit', granted: false, reason: 'test' },
        { userId: seller.id, permission: 'messages.reply', granted: false, reason: 'test' },
      ],
    });
    const caller = await callerAs(t.db, seller.id);
    expect((await codeOf(caller.prototypes.create(empty))).message).toContain('"prototypes.submit"');
    expect((await codeOf(caller.messages.reply(empty))).message).toContain('"messages.reply"');
    // Reading stays open.
    expect(await caller.prototypes.mine()).toEqual([]);
  });
});

describe('permissions.mine', () => {
  it("lists every capability with the caller's effective value and its source", async () => {
    const seller = await createUser(t.db.prisma);
    const until = new Date(Date.now() + 86_400_000);
    await t.db.prisma.userPermission.create({ data: { userId: seller.id, permission: 'documents.upload', granted: false, reason: 'test', expiresAt: until } });
    const mine = await (await callerAs(t.db, seller.id)).permissions.mine();
    expect(mine).toHaveLength(12);
    expect(mine.find((c) => c.permission === 'documents.upload')).toMatchObject({ allowed: false, source: 'override', until });
    expect(mine.find((c) => c.permission === 'prototypes.submit')).toMatchObject({ allowed: true, source: 'role', until: null });
    expect(mine.find((c) => c.permission === 'payouts.manage')).toMatchObject({ allowed: false, source: 'role' });
    await expect((await callerAs(t.db, null)).permissions.mine()).rejects.toThrow('Unauthorized');
  });
});

describe('a revoked capability, read by its user (issue 34, point 4)', () => {
  it("permissions.mine gives the deciding override's reason and end, so screens explain before the user tries", async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const until = new Date(Date.now() + 3 * 86_400_000);
    const adminCaller = await callerAs(t.db, admin.id);
    await adminCaller.permissions.change({ id: seller.id, permission: 'messages.reply', granted: false, reason: 'Abusive replies', expiresAt: until });
    await adminCaller.permissions.change({ id: seller.id, permission: 'tickets.open', granted: false, reason: 'Ticket spam' });
    const caller = await callerAs(t.db, seller.id);
    const mine = await caller.permissions.mine();
    expect(mine.find((c) => c.permission === 'messages.reply')).toMatchObject({ allowed: false, source: 'override', until, reason: 'Abusive replies' });
    expect(mine.find((c) => c.permission === 'tickets.open')).toMatchObject({ allowed: false, until: null, reason: 'Ticket spam' });
    expect(mine.find((c) => c.permission === 'reports.file')).toMatchObject({ allowed: true, source: 'role', reason: null });
    // The server still refuses, in the same words as before.
    await expect(caller.support.open({ category: 'account', subject: 'Help', description: 'Please', priority: 'medium' })).rejects.toThrow(
      'You do not have the "tickets.open" permission.',
    );
    // A grant that lifts it decides from then on: allowed, with the grant's own reason.
    await adminCaller.permissions.change({ id: seller.id, permission: 'tickets.open', granted: true, reason: 'Talked it through' });
    expect((await caller.permissions.mine()).find((c) => c.permission === 'tickets.open')).toMatchObject({ allowed: true, reason: 'Talked it through' });
  });
});

describe('what can be granted to whom (issue 34, point 9; ADR 0036)', () => {
  it('administrator capabilities are refused for a seller (400), as the form never offers them; a seller gets back a revoked seller capability', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const caller = await callerAs(t.db, admin.id);
    for (const permission of ADMIN_ONLY_CAPABILITIES) {
      for (const granted of [true, false]) {
        const refused = await codeOf(caller.permissions.change({ id: seller.id, permission, granted, reason: 'test' }));
        expect({ permission, granted, ...refused }).toEqual({
          permission,
          granted,
          code: 'BAD_REQUEST',
          message: `"${permission}" is an administrator capability: it can only be granted to or revoked from administrators`,
        });
      }
    }
    // Nothing to grant while the seller holds every seller capability; a revocation makes it grantable.
    const held = async () => (await caller.permissions.forUser({ id: seller.id })).capabilities;
    expect(grantChoices('user', await held())).toEqual([]);
    await caller.permissions.change({ id: seller.id, permission: 'documents.upload', granted: false, reason: 'Malware upload' });
    expect(grantChoices('user', await held())).toEqual(['documents.upload']);
    await caller.permissions.change({
      id: seller.id,
      permission: 'documents.upload',
      granted: true,
      reason: 'Cleared',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await held()).find((c) => c.permission === 'documents.upload')).toMatchObject({ allowed: true, reason: 'Cleared' });
    expect(grantChoices('user', await held())).toEqual([]);
  });

  it('an administrator capability is granted back to an administrator whose one was revoked, and the procedure opens again', async () => {
    const [admin, treasurer] = [await createAdmin(t.db.prisma), await createAdmin(t.db.prisma)];
    const caller = await callerAs(t.db, admin.id);
    await caller.permissions.change({ id: treasurer.id, permission: 'payouts.manage', granted: false, reason: 'Separation of duties' });
    const treasurerCaller = await callerAs(t.db, treasurer.id);
    expect((await codeOf(treasurerCaller.payouts.totals())).code).toBe('FORBIDDEN');
    expect(grantChoices('admin', (await caller.permissions.forUser({ id: treasurer.id })).capabilities)).toEqual(['payouts.manage', 'compliance.manage']);
    await caller.permissions.change({ id: treasurer.id, permission: 'payouts.manage', granted: true, reason: 'Month-end close' });
    expect((await codeOf(treasurerCaller.payouts.totals())).code).toBe('OK');
  });
});
