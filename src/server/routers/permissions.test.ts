// The capability check on every procedure a capability governs (ADR 0019's table): with the
// capability revoked the call is 403 naming it, before its input is even read; with it, the same
// call reaches the procedure (a 400 for the empty input, or a read's answer). And permissions.mine.
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { Capability } from '~/shared/capabilities.ts';
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
    expect(mine).toHaveLength(11);
    expect(mine.find((c) => c.permission === 'documents.upload')).toMatchObject({ allowed: false, source: 'override', until });
    expect(mine.find((c) => c.permission === 'prototypes.submit')).toMatchObject({ allowed: true, source: 'role', until: null });
    expect(mine.find((c) => c.permission === 'payouts.manage')).toMatchObject({ allowed: false, source: 'role' });
    await expect((await callerAs(t.db, null)).permissions.mine()).rejects.toThrow('Unauthorized');
  });
});
