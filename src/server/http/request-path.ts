// Checks every request's path before any middleware or handler looks at it: longer than any page or
// API path of the app is a 414 (so no per-path work scales with it), and malformed percent-encoding
// is a 400 (the tRPC adapter would throw decoding it).
import type { MiddlewareHandler } from 'hono';

export const PATH_MAX_BYTES = 2048;
export const PATH_TOO_LONG = 'The requested path is too long';
export const PATH_MALFORMED = 'The requested path is malformed';

/** The path part of an absolute URL as received (percent-encoded, so one byte a character). */
export function rawPath(url: string): string {
  const authority = url.indexOf('//');
  const start = url.indexOf('/', authority === -1 ? 0 : authority + 2);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  return url.slice(start, query === -1 ? url.length : query);
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function requestPathChecks(maxBytes: number = PATH_MAX_BYTES): MiddlewareHandler {
  return async (c, next) => {
    const path = rawPath(c.req.url);
    if (path.length > maxBytes) return c.json({ message: PATH_TOO_LONG }, 414);
    if (path.includes('%') && !decodes(path)) return c.json({ message: PATH_MALFORMED }, 400);
    await next();
  };
}
