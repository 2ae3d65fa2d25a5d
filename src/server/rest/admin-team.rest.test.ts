// Admins join by invitation (issue 30, point 9; ADR 0039), over REST: invite (201), list, revoke
// (204), accept (201, signed in as an admin; at the enrolment step with ADMIN_REQUIRE_2FA), a
// single-use hashed link valid 7 days (a moved clock), 409 for a seller's address, and the removal of
// an admin's role (never one's own, never the last manager of permissions; sessions end). All audited.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TWO_FACTOR_REQUIRED } from '~/shared/schemas/security.ts';
import { ADMIN_EMAIL_TAKEN, INVITATION_LINK_INVALID, SELLER_EMAIL_REFUSED } from '~/shared/schemas/admin-team.ts';
import { verifyPassword } from '../auth/password.ts';
import { INVITATION_ALREADY_ACCEPTED, INVITED_EMAIL_TAKEN } from '../domain/admin-invitations.ts';
import { NOT_AN_ADMIN, NOT_YOUR_OWN_ROLE } from '../domain/admin-role.ts';
import { LAST_PERMISSION_MANAGER } from '../domain/permission-overrides.ts';
import { parseEnv } from '../env.ts';
import { DEFAULT_PASSWORD, createAdmin, createUser } from '../test/factories.ts';
import { type RestClient, callerAs, restClient, setTestServices, signedInClient, useTestDatabase } from '../test/harness.ts';

const t = useTestDatabase();
afterEach(() => setTestServices(null));

const START = new Date('2026-11-26T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

/** A clock the test moves (never sleeps). */
function movableClock() {
  let now = START;
  setTestServices({ clock: { now: () => now } });
  return { set: (date: Date) => void (now = date) };
}

const invitee = { email: 'Nadia.Okafor@Example.test', firstName: 'Nadia', lastName: 'Okafor' };

/** The token from the queued e-mail, as the invitee's mail program shows it. */
async function tokenFromMail(email: string) {
  const mail = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { toAddress: email, template: 'admin_invitation' }, orderBy: { id: 'desc' } });
  const match = /\/invitation#token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  expect(match, mail.textBody).not.toBeNull();
  expect(mail.sensitive).toBe(true);
  return decodeURIComponent(match![1]!);
}

async function invite(client: RestClient, body: Record<string, unknown> = invitee) {
  const res = await client.request('POST', '/api/admin/invitations', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { invitation: res.json, token: await tokenFromMail(res.json.email) };
}

const accept = (client: RestClient, body: Record<string, unknown>) => client.request('POST', '/api/invitations/accept', body);

describe('POST /api/admin/invitations', () => {
  it('201: a pending invitation, e-mailed with a link whose token is stored only as its SHA-256, valid 7 days; audited', async () => {
    movableClock();
    const admin = await signedInClient(t.db, 'admin', { fields: { firstName: 'Dana', lastName: 'Kowalski' } });
    const { invitation, token } = await invite(admin);
    expect(invitation).toMatchObject({
      email: 'nadia.okafor@example.test',
      firstName: 'Nadia',
      lastName: 'Okafor',
      status: 'pending',
      invitedByName: 'Dana Kowalski',
      createdAt: START.toISOString(),
      expiresAt: new Date(START.getTime() + 7 * DAY).toISOString(),
      acceptedAt: null,
      revokedAt: null,
    });
    const row = await t.db.prisma.adminInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const mail = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { template: 'admin_invitation' } });
    expect(mail.textBody).toContain('Dana Kowalski invited you');
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'admin.invitation.send' } });
    expect(audit).toMatchObject({ userId: admin.user.id, targetType: 'invitation', targetId: String(invitation.id) });

    const list = await admin.request('GET', '/api/admin/invitations');
    expect(list.status).toBe(200);
    expect(list.json).toEqual([expect.objectContaining({ id: invitation.id, status: 'pending' })]);
  });

  it('409 for an address that already has a seller account ("ask them to use another address"): nobody is promoted', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const seller = await createUser(t.db.prisma, { email: 'amara@example.test' });
    const refused = await admin.request('POST', '/api/admin/invitations', { email: 'AMARA@example.test', firstName: 'Amara', lastName: 'Diallo' });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ message: SELLER_EMAIL_REFUSED });
    expect(refused.json.message).toContain('ask them to use another address');
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).role).toBe('user');
    expect(await t.db.prisma.adminInvitation.count()).toBe(0);
    expect(await t.db.prisma.emailMessage.count()).toBe(0);

    const other = await createAdmin(t.db.prisma, { email: 'boss@example.test' });
    const taken = await admin.request('POST', '/api/admin/invitations', { email: other.email, firstName: 'B', lastName: 'C' });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ message: ADMIN_EMAIL_TAKEN });
  });

  it('400 for a missing name or a bad address; 403 for an admin without permissions.manage and for a seller', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const bad = await admin.request('POST', '/api/admin/invitations', { email: 'not-an-address', firstName: '', lastName: 'X' });
    expect(bad.status).toBe(400);
    const narrowed = await signedInClient(t.db, 'admin');
    await t.db.prisma.userPermission.create({ data: { userId: narrowed.user.id, permission: 'permissions.manage', granted: false, reason: 'test' } });
    for (const [method, path] of [
      ['POST', '/api/admin/invitations'],
      ['GET', '/api/admin/invitations'],
      ['DELETE', '/api/admin/invitations/1'],
    ] as const) {
      const res = await narrowed.request(method, path, method === 'POST' ? invitee : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.message).toBe('You do not have the "permissions.manage" permission.');
    }
    const seller = await signedInClient(t.db, 'user');
    expect((await seller.request('POST', '/api/admin/invitations', invitee)).status).toBe(403);
    expect(await t.db.prisma.adminInvitation.count()).toBe(0);
  });

  it('a newer invitation to the same address revokes the pending one: only the newest link works', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const first = await invite(admin);
    const second = await invite(admin, { ...invitee, firstName: 'Nadia B.' });
    const list = (await admin.request('GET', '/api/admin/invitations')).json;
    expect(list.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [second.invitation.id, 'pending'],
      [first.invitation.id, 'revoked'],
    ]);
    const guest = restClient(t.db);
    expect((await accept(guest, { token: first.token, password: 'a-long-password' })).status).toBe(400);
    const accepted = await accept(guest, { token: second.token, password: 'a-long-password' });
    expect(accepted.status).toBe(201);
    expect(accepted.json.user.firstName).toBe('Nadia B.');
  });
});

describe('POST /api/invitations/accept', () => {
  it('201: an admin account with the invited name, signed in (session cookie), the admin area open; audited', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { invitation, token } = await invite(admin);
    const browser = restClient(t.db);
    const res = await accept(browser, { token, password: 'nadia-chooses-this' });
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toMatch(/^atomix_session=[^;]+;.*HttpOnly/i);
    expect(res.json.user).toMatchObject({
      email: 'nadia.okafor@example.test',
      firstName: 'Nadia',
      lastName: 'Okafor',
      role: 'admin',
      isVerified: true,
      twoFactorSetupRequired: false,
    });
    expect((await browser.request('GET', '/api/auth/user')).json).toMatchObject({ id: res.json.user.id, role: 'admin' });
    expect((await browser.request('GET', '/api/admin/users')).status).toBe(200);
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: res.json.user.id } });
    expect(await verifyPassword(stored.password, 'nadia-chooses-this')).toBe(true);
    // The new admin can sign in with that password later.
    expect((await restClient(t.db).request('POST', '/api/login', { email: 'nadia.okafor@example.test', password: 'nadia-chooses-this' })).status).toBe(200);

    const list = (await admin.request('GET', '/api/admin/invitations')).json;
    expect(list[0]).toMatchObject({ id: invitation.id, status: 'accepted', acceptedUserId: res.json.user.id });
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'admin.invitation.accept' } });
    expect(audit).toMatchObject({ userId: res.json.user.id, targetType: 'invitation', targetId: String(invitation.id) });
    // An accepted invitation cannot be revoked.
    const revoke = await admin.request('DELETE', `/api/admin/invitations/${invitation.id}`);
    expect(revoke.status).toBe(409);
    expect(revoke.json).toEqual({ message: INVITATION_ALREADY_ACCEPTED });
  });

  it('the invitee may write another name; the required fields are the token and the password', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { token } = await invite(admin);
    const guest = restClient(t.db);
    const missing = await accept(guest, { token });
    expect(missing.status).toBe(400);
    const res = await accept(guest, { token, password: 'nadia-chooses-this', firstName: 'Nadia-Grace', lastName: 'Okafor-Ben' });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ firstName: 'Nadia-Grace', lastName: 'Okafor-Ben' });
  });

  it('single use: the second acceptance of the same link is 400 and changes nothing', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { token } = await invite(admin);
    expect((await accept(restClient(t.db), { token, password: 'first-password' })).status).toBe(201);
    const again = await accept(restClient(t.db), { token, password: 'second-password' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ message: INVITATION_LINK_INVALID });
    const user = await t.db.prisma.user.findUniqueOrThrow({ where: { email: 'nadia.okafor@example.test' } });
    expect(await verifyPassword(user.password, 'first-password')).toBe(true);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('valid 7 days by the clock: a moment before the end it works, at the end it is refused', async () => {
    const clock = movableClock();
    const admin = await signedInClient(t.db, 'admin');
    const early = await invite(admin);
    const late = await invite(admin, { ...invitee, email: 'second@example.test' });
    clock.set(new Date(START.getTime() + 7 * DAY - 1));
    expect((await accept(restClient(t.db), { token: early.token, password: 'a-long-password' })).status).toBe(201);
    clock.set(new Date(START.getTime() + 7 * DAY));
    const expired = await accept(restClient(t.db), { token: late.token, password: 'a-long-password' });
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual({ message: INVITATION_LINK_INVALID });
    expect(await t.db.prisma.user.count({ where: { email: 'second@example.test' } })).toBe(0);
    expect((await admin.request('GET', '/api/admin/invitations')).json[0]).toMatchObject({ email: 'second@example.test', status: 'expired' });
  });

  it('a revoked link is refused (DELETE 204, idempotent); a made-up one too', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { invitation, token } = await invite(admin);
    const revoked = await admin.request('DELETE', `/api/admin/invitations/${invitation.id}`);
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');
    expect((await admin.request('DELETE', `/api/admin/invitations/${invitation.id}`)).status).toBe(204);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.invitation.revoke' } })).toBe(1);
    expect((await admin.request('DELETE', '/api/admin/invitations/999999')).status).toBe(404);
    expect((await accept(restClient(t.db), { token, password: 'a-long-password' })).json).toEqual({ message: INVITATION_LINK_INVALID });
    expect((await accept(restClient(t.db), { token: 'x'.repeat(43), password: 'a-long-password' })).status).toBe(400);
    expect(await t.db.prisma.user.count({ where: { email: 'nadia.okafor@example.test' } })).toBe(0);
    expect((await admin.request('GET', '/api/admin/invitations')).json[0]).toMatchObject({ status: 'revoked' });
  });

  it('409 when the address got an account meanwhile (a seller registered with it): no promotion', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { token } = await invite(admin);
    const seller = await createUser(t.db.prisma, { email: 'nadia.okafor@example.test' });
    const res = await accept(restClient(t.db), { token, password: 'a-long-password' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: INVITED_EMAIL_TAKEN });
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).role).toBe('user');
  });

  it('with ADMIN_REQUIRE_2FA the new admin arrives at the two-factor enrolment step', async () => {
    const strict = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', ADMIN_REQUIRE_2FA: 'true' });
    const admin = await signedInClient(t.db, 'admin');
    const { token } = await invite(admin);
    const browser = restClient(t.db, { env: strict });
    const res = await accept(browser, { token, password: 'a-long-password' });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ role: 'admin', twoFactorSetupRequired: true });
    expect((await browser.request('GET', '/api/auth/user')).json.twoFactorSetupRequired).toBe(true);
    const closed = await browser.request('GET', '/api/admin/users');
    expect(closed.status).toBe(403);
    expect(closed.json.message).toBe(ADMIN_TWO_FACTOR_REQUIRED);
  });

  it('two parallel acceptances of one link: exactly one wins, one account, one session', { tags: ['engine'] }, async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { token } = await invite(admin);
    const answers = await Promise.all([
      accept(restClient(t.db, { ip: '198.51.100.20' }), { token, password: 'password-one' }),
      accept(restClient(t.db, { ip: '198.51.100.21' }), { token, password: 'password-two' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)!.json).toEqual({ message: INVITATION_LINK_INVALID });
    const users = await t.db.prisma.user.findMany({ where: { email: 'nadia.okafor@example.test' } });
    expect(users).toHaveLength(1);
    expect(await t.db.prisma.session.count({ where: { userId: users[0]!.id } })).toBe(1);
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.invitation.accept' } })).toBe(1);
  });

  it('a revocation racing an acceptance: either the account exists and the invitation is accepted, or neither', { tags: ['engine'] }, async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { invitation, token } = await invite(admin);
    const [revoked, accepted] = await Promise.all([
      admin.request('DELETE', `/api/admin/invitations/${invitation.id}`),
      accept(restClient(t.db), { token, password: 'a-long-password' }),
    ]);
    const row = await t.db.prisma.adminInvitation.findUniqueOrThrow({ where: { id: invitation.id } });
    const account = await t.db.prisma.user.count({ where: { email: 'nadia.okafor@example.test' } });
    if (accepted.status === 201) {
      expect([revoked.status, row.revokedAt, account]).toEqual([409, null, 1]);
    } else {
      expect([revoked.status, accepted.status, row.acceptedAt, account]).toEqual([204, 400, null, 0]);
    }
  });
});

describe('the invitation page and the link limit', () => {
  it('adminTeam.invitation shows who was invited (to prefill the name) while the link works', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { token } = await invite(admin);
    const guest = await callerAs(t.db, null);
    expect(await guest.adminTeam.invitation({ token })).toEqual({
      email: 'nadia.okafor@example.test',
      firstName: 'Nadia',
      lastName: 'Okafor',
      expiresAt: expect.any(Date),
    });
    await expect(guest.adminTeam.invitation({ token: 'z'.repeat(43) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVITATION_LINK_INVALID });
  });

  it('uses of invitation links are counted per address before the lookup: over the limit, 429 with Retry-After', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const { token } = await invite(admin);
    const env = parseEnv({ NODE_ENV: 'test', LOG_REQUESTS: 'false', RATE_LIMIT_INVITATION_LINKS: '2/1h' });
    const guest = restClient(t.db, { env, ip: '192.0.2.77' });
    for (let i = 0; i < 2; i++) expect((await accept(guest, { token: `${'w'.repeat(40)}${i}`, password: 'a-long-password' })).status).toBe(400);
    const limited = await accept(guest, { token, password: 'a-long-password' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.db.prisma.user.count({ where: { email: 'nadia.okafor@example.test' } })).toBe(0);
    // Another address is not held back.
    expect((await accept(restClient(t.db, { env, ip: '192.0.2.78' }), { token, password: 'a-long-password' })).status).toBe(201);
  });
});

describe('DELETE /api/admin/users/:id/admin-role', () => {
  it('200: the admin becomes a seller, their sessions end, their admin-only overrides and pending invitations go; audited', async () => {
    const admin = await signedInClient(t.db, 'admin');
    const other = await signedInClient(t.db, 'admin');
    await t.db.prisma.userPermission.create({ data: { userId: other.user.id, permission: 'payouts.manage', granted: false, reason: 'test' } });
    const { invitation } = await invite(other);
    const res = await admin.request('DELETE', `/api/admin/users/${other.user.id}/admin-role`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: other.user.id, role: 'user' });
    expect((await other.request('GET', '/api/auth/user')).status).toBe(401);
    expect(await t.db.prisma.session.count({ where: { userId: other.user.id } })).toBe(0);
    expect(await t.db.prisma.userPermission.count({ where: { userId: other.user.id } })).toBe(0);
    expect((await t.db.prisma.adminInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).revokedAt).not.toBeNull();
    const audit = await t.db.prisma.userActivityLog.findFirstOrThrow({ where: { action: 'admin.user.admin_role_removed' } });
    expect(audit).toMatchObject({
      userId: admin.user.id,
      targetType: 'user',
      targetId: other.user.id,
      details: { overridesRemoved: 1, invitationsRevoked: 1 },
    });
    // Signing in again gives a seller's session: the admin area is closed.
    const again = restClient(t.db);
    expect((await again.request('POST', '/api/login', { email: other.user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    expect((await again.request('GET', '/api/admin/users')).status).toBe(403);
  });

  it('never their own (403), a seller is 409, an unknown user 404; a seller cannot call it', async () => {
    const admin = await signedInClient(t.db, 'admin');
    await createAdmin(t.db.prisma);
    const own = await admin.request('DELETE', `/api/admin/users/${admin.user.id}/admin-role`);
    expect(own.status).toBe(403);
    expect(own.json).toEqual({ message: NOT_YOUR_OWN_ROLE });
    const seller = await createUser(t.db.prisma);
    const notAdmin = await admin.request('DELETE', `/api/admin/users/${seller.id}/admin-role`);
    expect(notAdmin.status).toBe(409);
    expect(notAdmin.json).toEqual({ message: NOT_AN_ADMIN });
    expect((await admin.request('DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000/admin-role')).status).toBe(404);
    const sellerClient = await signedInClient(t.db, seller);
    expect((await sellerClient.request('DELETE', `/api/admin/users/${admin.user.id}/admin-role`)).status).toBe(403);
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: admin.user.id } })).role).toBe('admin');
    expect(await t.db.prisma.userActivityLog.count({ where: { action: 'admin.user.admin_role_removed' } })).toBe(0);
  });

  it('never the last holder of permissions.manage for good (409, ADR 0033)', async () => {
    const holder = await createAdmin(t.db.prisma);
    // The actor manages permissions only until tomorrow (a grant with an end over a lasting revocation).
    const actor = await signedInClient(t.db, 'admin');
    await t.db.prisma.userPermission.create({ data: { userId: actor.user.id, permission: 'permissions.manage', granted: false, reason: 'test' } });
    await t.db.prisma.userPermission.create({
      data: { userId: actor.user.id, permission: 'permissions.manage', granted: true, reason: 'test', expiresAt: new Date(Date.now() + DAY) },
    });
    const res = await actor.request('DELETE', `/api/admin/users/${holder.id}/admin-role`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: LAST_PERMISSION_MANAGER });
    expect((await t.db.prisma.user.findUniqueOrThrow({ where: { id: holder.id } })).role).toBe('admin');
  });

  it('two admins removing each other at once: one wins, the other is refused, an admin remains', { tags: ['engine'] }, async () => {
    const a = await signedInClient(t.db, 'admin');
    const b = await signedInClient(t.db, 'admin');
    const answers = await Promise.all([
      a.request('DELETE', `/api/admin/users/${b.user.id}/admin-role`),
      b.request('DELETE', `/api/admin/users/${a.user.id}/admin-role`),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    // The loser either finds they are no longer an admin under the lock (403), or lost their session first (401).
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    expect(await t.db.prisma.user.count({ where: { role: 'admin' } })).toBe(1);
  });
});
