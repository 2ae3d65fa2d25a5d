// Forgot password: the same answer for every address, a single-use link valid one hour of which only
// the hash is stored, the new password set and every session ended, throttling, and no token in logs.
import { createHash } from 'node:crypto';
import { Argon2id } from 'oslo/password';
import { describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '~/shared/schemas/messages.ts';
import { verifyPassword } from '../auth/password.ts';
import { DEFAULT_PASSWORD, createUser } from '../test/factories.ts';
import { callerAs, restClient, useTestDatabase } from '../test/harness.ts';
import { DEFAULT_RATE_LIMITS } from '../domain/rate-limit.ts';

const t = useTestDatabase();

/** The token from the queued e-mail (the outbox), as the user's mail program would show it. */
async function tokenFromMail(userId: string) {
  const mail = await t.db.prisma.emailMessage.findFirstOrThrow({ where: { userId, template: 'password_reset' }, orderBy: { id: 'desc' } });
  const match = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  expect(match, mail.textBody).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

describe('forgot password', () => {
  it('answers the same for a known and an unknown address; only the known one gets a mail', async () => {
    const user = await createUser(t.db.prisma);
    const guest = await callerAs(t.db, null);
    const known = await guest.passwordReset.request({ email: user.email.toUpperCase() });
    const unknown = await guest.passwordReset.request({ email: 'nobody@example.test' });
    expect(known).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown).toEqual(known);
    const mails = await t.db.prisma.emailMessage.findMany();
    expect(mails.map((m) => [m.toAddress, m.template, m.sensitive])).toEqual([[user.email, 'password_reset', true]]);
  });

  it('stores only the SHA-256 of the token, valid one hour', async () => {
    const user = await createUser(t.db.prisma);
    await (await callerAs(t.db, null)).passwordReset.request({ email: user.email });
    const token = await tokenFromMail(user.id);
    const [row] = await t.db.prisma.passwordResetToken.findMany();
    expect(row!.id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.id).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
  });

  it('the link sets the new password once, ends every session, and cannot be used again', async () => {
    const user = await createUser(t.db.prisma);
    // Two signed-in sessions (two devices).
    const device1 = restClient(t.db);
    const device2 = restClient(t.db);
    for (const d of [device1, device2]) expect((await d.request('POST', '/api/login', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    const guest = await callerAs(t.db, null);
    await guest.passwordReset.request({ email: user.email });
    const token = await tokenFromMail(user.id);

    await expect(guest.passwordReset.reset({ token, password: '12345' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await guest.passwordReset.reset({ token, password: 'brand-new-pass' })).toEqual({ success: true });
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.password, 'brand-new-pass')).toBe(true);
    expect(await t.db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await device1.request('GET', '/api/auth/user')).status).toBe(401);
    expect((await device2.request('GET', '/api/auth/user')).status).toBe(401);
    await expect(guest.passwordReset.reset({ token, password: 'another-pass' })).rejects.toMatchObject({ message: RESET_LINK_INVALID });
    expect((await t.db.prisma.emailMessage.findMany({ where: { template: 'password_changed' } })).length).toBe(1);
  });

  it('refuses an expired or made-up token', async () => {
    const user = await createUser(t.db.prisma);
    const guest = await callerAs(t.db, null);
    await guest.passwordReset.request({ email: user.email });
    const token = await tokenFromMail(user.id);
    await t.db.prisma.passwordResetToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(guest.passwordReset.reset({ token, password: 'brand-new-pass' })).rejects.toMatchObject({ message: RESET_LINK_INVALID });
    await expect(guest.passwordReset.reset({ token: 'x'.repeat(43), password: 'brand-new-pass' })).rejects.toMatchObject({ message: RESET_LINK_INVALID });
    const stored = await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.password, DEFAULT_PASSWORD)).toBe(true);
  });

  it('looks the token up before hashing the new password', async () => {
    const user = await createUser(t.db.prisma);
    const guest = await callerAs(t.db, null);
    await guest.passwordReset.request({ email: user.email });
    const token = await tokenFromMail(user.id);
    // Counts Argon2 hashing (the real function still runs): a useless reset link must not cost one.
    const hashing = vi.spyOn(Argon2id.prototype, 'hash');
    try {
      await expect(guest.passwordReset.reset({ token: 'y'.repeat(43), password: 'brand-new-pass' })).rejects.toMatchObject({ message: RESET_LINK_INVALID });
      expect(hashing).toHaveBeenCalledTimes(0);
      await guest.passwordReset.reset({ token, password: 'brand-new-pass' });
      await expect(guest.passwordReset.reset({ token, password: 'other-new-pass' })).rejects.toMatchObject({ message: RESET_LINK_INVALID });
      expect(hashing).toHaveBeenCalledTimes(1);
    } finally {
      hashing.mockRestore();
    }
  });

  it('throttles per address silently and per IP with 429', async () => {
    const user = await createUser(t.db.prisma);
    const guest = await callerAs(t.db, null, { ip: '192.0.2.50', userAgent: 'vitest' });
    const perEmail = DEFAULT_RATE_LIMITS.forgotPasswordEmail.limit;
    for (let i = 0; i < perEmail + 2; i++) {
      expect(await guest.passwordReset.request({ email: user.email })).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    expect(await t.db.prisma.emailMessage.count()).toBe(perEmail);
    for (let i = perEmail + 2; i < DEFAULT_RATE_LIMITS.forgotPassword.limit; i++) {
      await guest.passwordReset.request({ email: `other${i}@example.test` });
    }
    await expect(guest.passwordReset.request({ email: 'last@example.test' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('the request log of the whole flow never holds the token', async () => {
    const user = await createUser(t.db.prisma);
    // Served over HTTP and logging every request, as in production (http/serve-app.ts).
    const { createApp } = await import('../app.ts');
    const { serveApp } = await import('../http/serve-app.ts');
    const { testEnv } = await import('../test/harness.ts');
    const logs: Record<string, unknown>[] = [];
    const log = (line: Record<string, unknown>) => logs.push(line);
    const app = createApp({ db: t.db.prisma, env: testEnv, log });
    let port = 0;
    const server = serveApp({ app, hostname: '127.0.0.1', port: 0, log, logRequests: true, trustProxy: false }, (p) => (port = p));
    await new Promise((resolve) => server.once('listening', resolve));
    const post = (path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      expect((await post('/trpc/passwordReset.request', { json: { email: user.email } })).status).toBe(200);
      const token = await tokenFromMail(user.id);
      expect((await post('/trpc/passwordReset.reset', { json: { token, password: 'brand-new-pass' } })).status).toBe(200);
      expect(logs.filter((line) => line.msg === 'request')).toHaveLength(2);
      expect(JSON.stringify(logs)).not.toContain(token);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
