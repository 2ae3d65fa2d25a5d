// The content security policies, and the check that refuses cross-site writes.
import type { MiddlewareHandler } from 'hono';

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
 * ~600 bytes shorter on every API answer (ADR 0021). Set with the other headers every answer carries
 * in serve-app.ts; a page overrides it with `pageHeaders`.
 */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers a page (HTML) answer sets itself: the page policy, with its inline scripts' hashes. */
export function pageHeaders(scriptHashes: string[] = []): Record<string, string> {
  return { 'Content-Security-Policy': contentSecurityPolicy(scriptHashes) };
}

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

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
