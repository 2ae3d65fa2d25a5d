// The tRPC context: built by the Hono wrapper for /trpc and the REST adapters alike, and by tests directly.
import type { Context as HonoContext } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { type SessionInfo, sessionCookieName, validateSessionToken } from './auth/session.ts';
import { twoFactorCookieName } from './auth/two-factor.ts';
import type { SessionUser } from './auth/session-user.ts';
import type { Db } from './db/index.ts';
import { ENDED_SESSION_PROOF_MS } from './domain/moderation-notices.ts';
import type { RateLimits } from './domain/rate-limit.ts';
import type { Env } from './env.ts';
import type { Services } from './services.ts';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** How procedures set or clear the session cookie (and the two-factor sign-in challenge's) without knowing about HTTP. */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
  setTwoFactorChallenge(token: string, expiresAt: Date): void;
  clearTwoFactorChallenge(): void;
  /** The restricted proof of a suspended or banned user: it opens their measure page and appeal only (ADR 0035). */
  setStanding(token: string, expiresAt: Date): void;
}

/** The standing cookie's name (over HTTPS with the __Host- prefix, as the session's). */
export const standingCookieName = (https: boolean) => (https ? '__Host-atomix_standing' : 'atomix_standing');

export interface AppConfig {
  sessionDays: number;
  /** Every throttle's rule (src/server/domain/rate-limit.ts). */
  limits: RateLimits;
  /** Total document bytes one seller may store. */
  storageQuotaBytes: number;
  sessionMaxDays: number;
  adminRequireTwoFactor: boolean;
  /** Days after a prototype closes during which admins still open its confidential content (issue 31, point 5). */
  dataRoomRetentionDays: number;
  /** The platform's share of an accepted quote, in percent. */
  platformFeePercent: number;
  /** Open review assignments one reviewer may hold (REVIEW_LOAD_MAX). */
  reviewLoadMax: number;
  /** The site's public origin (PUBLIC_URL), for links that leave the site. */
  publicUrl: string;
}

/** The request's own data beside the process's services (services.ts: config, clock, documentStore, mailer, payments, limiter). */
export interface ContextInner extends Services {
  db: Db;
  user: SessionUser | null;
  session: SessionInfo | null;
  meta: RequestMeta;
  cookie: SessionCookie;
  /** The token of a pending two-factor sign-in (its cookie), between the password and the code. */
  twoFactorChallenge: string | null;
  /** The standing cookie's token, or an ended session's (which may prove a measure taken on that session): moderation.standing reads it. */
  standingToken: string | null;
}

/** A context outside a request (tests, scripts): the services are the caller's (test/services.ts has safe ones). */
export function createContextInner(input: Partial<ContextInner> & Services & { db: Db }): ContextInner {
  return {
    user: null,
    session: null,
    meta: { ip: null, userAgent: null },
    cookie: { set() {}, clear() {}, setTwoFactorChallenge() {}, clearTwoFactorChallenge() {}, setStanding() {} },
    twoFactorChallenge: null,
    standingToken: null,
    ...input,
  };
}
export type Context = ContextInner;

/** The context of a procedure behind sign-in (protected, admin and capability procedures). */
export type SignedInContext = Context & { user: NonNullable<Context['user']> };

/** What a signed-in caller's action hands the domain: the database, the request, the mailer, who acts and when. */
export const actionDeps = (ctx: SignedInContext) => ({ db: ctx.db, meta: ctx.meta, mailer: ctx.mailer, actor: ctx.user, now: ctx.clock.now() });

/**
 * The client's address. Behind `trustProxy`, each of the `hops` proxies appends the address it was
 * reached from to X-Forwarded-For, so the client is `hops` entries from the right; anything further
 * left was written by the client itself and may be forged.
 */
export function clientIp(c: HonoContext, trustProxy: boolean, hops = 1): string | null {
  if (trustProxy) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than hops: the left-most is the farthest address any proxy saw.
    const client = forwarded[Math.max(0, forwarded.length - hops)];
    if (client) return client.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

export function isHttps(c: HonoContext, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return c.req.url.startsWith('https:');
}

/**
 * Reads the session cookie; a renewed session gets a fresh cookie, an invalid one is cleared.
 * `resHeaders` is the response tRPC builds itself (headers set on the Hono context would be lost
 * there); REST adapters answer through the Hono context.
 */
export async function createContextFromHono(c: HonoContext, db: Db, env: Env, resHeaders: Headers | undefined, services: Services): Promise<Context> {
  const secure = isHttps(c, env.TRUST_PROXY);
  const write = (header: string) => {
    if (resHeaders) resHeaders.append('Set-Cookie', header);
    else c.header('Set-Cookie', header, { append: true });
  };
  // Over HTTPS the names carry the __Host- prefix (Secure, Path=/, no Domain); only that name is read there.
  const sessionName = sessionCookieName(secure);
  const challengeName = twoFactorCookieName(secure);
  const standingName = standingCookieName(secure);
  const cookie: SessionCookie = {
    set(token, expiresAt) {
      write(generateCookie(sessionName, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires: expiresAt }));
    },
    clear() {
      write(generateCookie(sessionName, '', { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: 0 }));
    },
    setTwoFactorChallenge(token, expiresAt) {
      write(generateCookie(challengeName, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires: expiresAt }));
    },
    clearTwoFactorChallenge() {
      write(generateCookie(challengeName, '', { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: 0 }));
    },
    setStanding(token, expiresAt) {
      write(generateCookie(standingName, token, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires: expiresAt }));
    },
  };
  const meta: RequestMeta = { ip: clientIp(c, env.TRUST_PROXY, env.TRUST_PROXY_HOPS), userAgent: c.req.header('user-agent') ?? null };
  let user: SessionUser | null = null;
  let session: SessionInfo | null = null;
  const cookies = getCookie(c);
  const token = cookies[sessionName];
  let standingToken = cookies[standingName] ?? null;
  if (token) {
    const lifetime = { days: services.config.sessionDays, maxDays: services.config.sessionMaxDays };
    const now = services.clock.now();
    const result = await validateSessionToken(db, token, lifetime, meta, now);
    if (result) {
      ({ user, session } = result);
      if (result.renewed) cookie.set(token, result.session.expiresAt);
    } else {
      // A session ended by a suspension or ban left its token as a proof of that measure (ADR 0035):
      // the tab keeps it in the standing cookie, which opens nothing but the measure page.
      cookie.clear();
      cookie.setStanding(token, new Date(now.getTime() + ENDED_SESSION_PROOF_MS));
      standingToken = token;
    }
  }
  return { ...services, db, user, session, meta, cookie, twoFactorChallenge: cookies[challengeName] ?? null, standingToken };
}
