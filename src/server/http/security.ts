// Response headers and request checks that every path gets.
import type { MiddlewareHandler } from 'hono';
import { isHttps } from '../context.ts';

/** `scriptHashes`: inline scripts allowed by their SHA-256 (the pre-paint theme script). */
export function contentSecurityPolicy(scriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' '),
    "style-src 'self'",
    // style="" attributes in pre-rendered HTML (positions, widths); <style> elements stay refused.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * For every answer that is not a page (JSON, scripts, styles, images): it loads nothing and nobody
 * frames it. Stricter than the page policy where it matters (an API answer opened as a document), and
 * ~600 bytes shorter on every API answer (ADR 0021).
 */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders(trustProxy: boolean, scriptHashes: string[] = []): MiddlewareHandler {
  const pagePolicy = contentSecurityPolicy(scriptHashes);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', headers.get('content-type')?.startsWith('text/html') ? pagePolicy : NON_PAGE_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (isHttps(c, trustProxy)) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}

/** API answers (errors and 404s included) are personal or short-lived: no cache keeps them. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  // A stricter answer of its own (a download's "private, no-store") stays.
  if (!/\bno-store\b/.test(c.res.headers.get('Cache-Control') ?? '')) c.res.headers.set('Cache-Control', 'no-store');
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site (CSRF): a browser always says where a
 * cross-origin write comes from (Origin, Sec-Fetch-Site). Requests without either header are not
 * from a browser page and carry no ambient credentials of a victim, so they pass.
 */
export function sameOriginWrites(allowedOrigins: string[]): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const requestOrigin = new URL(c.req.url).origin;
    const host = c.req.header('host');
    if (origin !== undefined) {
      let allowed = false;
      try {
        const parsed = new URL(origin);
        allowed = parsed.origin === requestOrigin || parsed.host === host || allowedOrigins.includes(parsed.origin);
      } catch {
        allowed = false;
      }
      if (!allowed) return c.json({ message: 'Cross-origin request refused' }, 403);
    } else if (c.req.header('sec-fetch-site') === 'cross-site') {
      return c.json({ message: 'Cross-origin request refused' }, 403);
    }
    return next();
  };
}
