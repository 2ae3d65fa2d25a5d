// Support procedures (issue 15, point 4) through createCaller: the status tables, the queue's
// oldest-unanswered age under a controlled clock, the admin-only procedures, and one user's tickets.
import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '~/shared/moderation.ts';
import { STATUS_AFTER_MESSAGE, TICKET_TRANSITIONS, canMoveTicket } from '../domain/support-tickets.ts';
import { createAdmin, createUser } from '../test/factories.ts';
import { callerAs, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();

describe('the status tables', () => {
  it('closed is final for admins and for messages; a user’s word reopens waiting and resolved tickets', () => {
    for (const status of TICKET_STATUSES) expect(canMoveTicket('closed', status)).toBe(false);
    expect(TICKET_TRANSITIONS.closed).toEqual([]);
    expect(STATUS_AFTER_MESSAGE.closed).toEqual({ user: null, admin: null });
    expect(STATUS_AFTER_MESSAGE.waiting_on_user.user).toBe('open');
    expect(STATUS_AFTER_MESSAGE.resolved.user).toBe('open');
    expect(STATUS_AFTER_MESSAGE.in_progress.user).toBe('in_progress');
    expect(canMoveTicket('resolved', 'in_progress')).toBe(false);
    expect(canMoveTicket('open', 'open')).toBe(true);
  });
});

describe('support procedures', () => {
  it('queueSummary: counts and the age of the oldest unanswered ticket, by the clock; the answer moves it on', async () => {
    let now = new Date('2026-11-20T10:00:00.000Z');
    const clock = { now: () => now };
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const user = await callerAs(t.db, seller.id, undefined, { clock });
    const team = await callerAs(t.db, admin.id, undefined, { clock });
    expect((await team.support.queueSummary()).oldestUnanswered).toBeNull();

    const first = await user.support.open({ category: 'account', subject: 'Cannot change e-mail', description: 'It says taken.' });
    now = new Date('2026-11-20T12:00:00.000Z');
    const second = await user.support.open({ category: 'technical', subject: 'Upload fails', description: 'PDF rejected.' });
    now = new Date('2026-11-20T13:30:00.000Z');
    let summary = await team.support.queueSummary();
    expect(summary).toMatchObject({ counts: { open: 2, in_progress: 0, waiting_on_user: 0 }, unassigned: 2 });
    expect(summary.oldestUnanswered).toMatchObject({ id: first.id, since: new Date('2026-11-20T10:00:00.000Z'), ageSeconds: 3.5 * 3600 });

    await team.support.adminReply({ id: first.id, body: 'Which address?' });
    summary = await team.support.queueSummary();
    expect(summary.oldestUnanswered).toMatchObject({ id: second.id, ageSeconds: 1.5 * 3600 });
    await team.support.update({ id: second.id, status: 'waiting_on_user', assignedAdminId: admin.id });
    summary = await team.support.queueSummary();
    expect(summary).toMatchObject({ oldestUnanswered: null, counts: { open: 1, waiting_on_user: 1 }, unassigned: 1 });
  });

  it('admin-only procedures refuse sellers; forUser lists one user’s tickets; adminById reads any ticket', async () => {
    const admin = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma, { firstName: 'Ann', lastName: 'Lee' });
    const other = await createUser(t.db.prisma);
    const user = await callerAs(t.db, seller.id);
    const team = await callerAs(t.db, admin.id);
    const ticket = await user.support.open({ category: 'payout', subject: 'Late', description: 'Still waiting.' });
    await (await callerAs(t.db, other.id)).support.open({ category: 'other', subject: 'Other', description: 'x' });

    await expect(user.support.queue({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(user.support.forUser({ userId: seller.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(user.support.adminReply({ id: ticket.id, body: 'x' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(user.support.update({ id: ticket.id, status: 'closed' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const listed = await team.support.forUser({ userId: seller.id });
    expect(listed.map((x) => x.id)).toEqual([ticket.id]);
    expect(listed[0]).toMatchObject({ user: { name: 'Ann Lee' } });
    expect(await team.support.forUser({ userId: admin.id })).toEqual([]);
    expect((await team.support.adminById({ id: ticket.id })).user.id).toBe(seller.id);
    await expect(team.support.adminById({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await team.support.assignees()).map((a) => a.id)).toEqual([admin.id]);
  });

  it('an admin whose users.manage is revoked cannot answer someone else’s ticket (403) but keeps their own', async () => {
    const admin = await createAdmin(t.db.prisma);
    const boss = await createAdmin(t.db.prisma);
    const seller = await createUser(t.db.prisma);
    const ticket = await (await callerAs(t.db, seller.id)).support.open({ category: 'payout', subject: 'Late', description: 'x' });
    await t.db.prisma.userPermission.create({ data: { userId: admin.id, permission: 'users.manage', granted: false, grantedBy: boss.id } });
    const narrowed = await callerAs(t.db, admin.id);
    await expect(narrowed.support.reply({ id: ticket.id, body: 'Hi' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(narrowed.support.byId({ id: ticket.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const own = await narrowed.support.open({ category: 'technical', subject: 'Mine', description: 'My own problem' });
    expect((await narrowed.support.reply({ id: own.id, body: 'More detail' })).fromAdmin).toBe(false);
  });
});
