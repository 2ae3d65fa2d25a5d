// Who counts as the admin team, and who may review, written once (user-status.ts) beside the status
// rule: each where-clause agrees with its check, and every place that picks admins follows them.
import { describe, expect, it } from 'vitest';
import type { UserStatus } from '~/shared/constants.ts';
import { createAdmin, createPrototype, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';
import { prototypeConflicts } from './conflicts-of-interest.ts';
import { notifyAdmins } from './notifications.ts';
import { reviewerSuggestions } from './reviewer-load.ts';
import { BANNED_ADMIN_NOT_ASSIGNABLE, effectiveStatus, effectiveStatusWhere, reviewersWhere, teamWhere } from './user-status.ts';

const t = useTestDatabase();
const NOW = new Date('2026-11-20T12:00:00.000Z');
const HOUR = 3600_000;

/** One admin in each state: active, restricted with no end, restricted until later, restricted until earlier (lapsed), banned. */
async function adminsInEveryState() {
  const [active, restricted, restrictedLater, lapsed, banned] = await Promise.all([
    createAdmin(t.db.prisma, { firstName: 'Active' }),
    createAdmin(t.db.prisma, { firstName: 'Restricted', status: 'restricted' }),
    createAdmin(t.db.prisma, { firstName: 'Later', status: 'restricted', restrictedUntil: new Date(NOW.getTime() + HOUR) }),
    createAdmin(t.db.prisma, { firstName: 'Lapsed', status: 'restricted', restrictedUntil: new Date(NOW.getTime() - HOUR) }),
    createAdmin(t.db.prisma, { firstName: 'Banned', status: 'banned', banReason: 'Left the company' }),
  ]);
  return { active, restricted, restrictedLater, lapsed, banned };
}
const idsOf = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));

describe('the status rule and its where-clause', () => {
  it('effectiveStatusWhere finds exactly the users whose effectiveStatus it names', async () => {
    const admins = Object.values(await adminsInEveryState());
    const ids = admins.map((admin) => admin.id);
    for (const status of ['active', 'restricted', 'banned'] satisfies UserStatus[]) {
      const found = await t.db.prisma.user.findMany({ where: { id: { in: ids }, ...effectiveStatusWhere(status, NOW) }, select: { id: true } });
      const expected = admins.filter((admin) => effectiveStatus(admin, NOW) === status);
      expect(idsOf(found)).toEqual(idsOf(expected));
    }
  });
});

describe('the admin team', () => {
  it('is every administrator but the banned ones; reviewers are the active ones, a lapsed restriction included', async () => {
    const a = await adminsInEveryState();
    const seller = await createUser(t.db.prisma);
    const ids = [...Object.values(a), seller].map((user) => user.id);
    const team = await t.db.prisma.user.findMany({ where: { id: { in: ids }, ...teamWhere }, select: { id: true } });
    expect(idsOf(team)).toEqual(new Set([a.active.id, a.restricted.id, a.restrictedLater.id, a.lapsed.id]));
    const reviewers = await t.db.prisma.user.findMany({ where: { id: { in: ids }, ...reviewersWhere(NOW) }, select: { id: true } });
    expect(idsOf(reviewers)).toEqual(new Set([a.active.id, a.lapsed.id]));
  });

  it('notifications for the team reach no banned admin (they carry admin data)', async () => {
    const a = await adminsInEveryState();
    await notifyAdmins(
      t.db.prisma,
      { publicUrl: 'http://localhost' },
      { type: 'prototype_submitted', title: 'New submission', message: 'A prototype arrived' },
    );
    const notified = await t.db.prisma.notification.findMany({
      where: { userId: { in: Object.values(a).map((admin) => admin.id) } },
      select: { userId: true },
    });
    expect(new Set(notified.map((n) => n.userId))).toEqual(new Set([a.active.id, a.restricted.id, a.restrictedLater.id, a.lapsed.id]));
  });

  it('a banned admin is neither offered nor accepted as a prototype lead or a ticket assignee', async () => {
    const a = await adminsInEveryState();
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const team = await callerAs(t.db, a.active.id);
    expect(idsOf(await team.admin.admins()).has(a.banned.id)).toBe(false);
    expect(idsOf(await team.admin.admins()).has(a.restricted.id)).toBe(true);
    await expect(team.admin.assign({ id: prototype.id, assignedTo: a.banned.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: BANNED_ADMIN_NOT_ASSIGNABLE,
    });
    expect((await t.db.prisma.prototype.findUniqueOrThrow({ where: { id: prototype.id } })).assignedTo).toBeNull();

    const ticket = await (await callerAs(t.db, seller.id)).support.open({ category: 'account', subject: 'Help', description: 'Please.' });
    expect(idsOf(await team.support.assignees()).has(a.banned.id)).toBe(false);
    await expect(team.support.update({ id: ticket.id, assignedAdminId: a.banned.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: BANNED_ADMIN_NOT_ASSIGNABLE,
    });
    await expect(team.support.update({ id: ticket.id, assignedAdminId: seller.id })).rejects.toMatchObject({
      message: 'The assignee must be an administrator',
    });
    expect((await t.db.prisma.supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).assignedAdminId).toBeNull();
  });

  it("a lead or assignee off the team: their record's notices go to the team, and the team may take over the panel", async () => {
    const a = await adminsInEveryState();
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id, { assignedTo: a.banned.id });
    const sellerCaller = await callerAs(t.db, seller.id);
    const ticket = await sellerCaller.support.open({ category: 'account', subject: 'Help', description: 'Please.' });
    await t.db.prisma.supportTicket.update({ where: { id: ticket.id }, data: { assignedAdminId: a.banned.id } });
    await t.db.prisma.notification.deleteMany({});
    await sellerCaller.support.reply({ id: ticket.id, body: 'Any news?' });
    const notified = await t.db.prisma.notification.findMany({ where: { type: 'ticket_reply' }, select: { userId: true } });
    expect(notified.map((n) => n.userId)).toContain(a.active.id);
    expect(notified.map((n) => n.userId)).not.toContain(a.banned.id);
    // A banned lead no longer holds the panel: another admin names a new lead.
    expect((await (await callerAs(t.db, a.active.id)).admin.assign({ id: prototype.id, assignedTo: a.active.id })).assignedTo).toBe(a.active.id);
    // A lead on the team does: the panel is theirs to change.
    await expect((await callerAs(t.db, a.lapsed.id)).admin.assign({ id: prototype.id, assignedTo: a.lapsed.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('reviewer suggestions and the conflicts list consider the admins who may review now', async () => {
    const a = await adminsInEveryState();
    const seller = await createUser(t.db.prisma, { organization: 'Fusion Lab' });
    await t.db.prisma.user.updateMany({ where: { id: { in: Object.values(a).map((admin) => admin.id) } }, data: { organization: 'Fusion Lab' } });
    const prototype = await createPrototype(t.db.prisma, seller.id);
    // Everyone shares the seller's organization: the conflicts list names each admin who may review.
    const conflicted = (await prototypeConflicts(t.db.prisma, prototype.id, NOW)).map((c) => c.adminId);
    expect(conflicted.filter((id) => Object.values(a).some((admin) => admin.id === id)).sort()).toEqual([a.active.id, a.lapsed.id].sort());
    await t.db.prisma.user.updateMany({ where: { id: { in: Object.values(a).map((admin) => admin.id) } }, data: { organization: null } });
    const suggested = (await reviewerSuggestions(t.db.prisma, prototype.id, NOW)).map((s) => s.adminId);
    expect(suggested).toEqual(expect.arrayContaining([a.active.id, a.lapsed.id]));
    expect(suggested).not.toContain(a.restricted.id);
    expect(suggested).not.toContain(a.banned.id);
  });
});
