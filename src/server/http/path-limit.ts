// Refuses a path longer than any page or API path of the app (414) before any middleware or handler
// looks at it, so no per-path work (route preloading, static file lookup, logging) scales with it.
import type { MiddlewareHandler } from 'hono';

export const PATH_MAX_BYTES = 2048;
export const PATH_TOO_LONG = 'The requested path is too long';

/** Length of the path part of an absolute URL as received (percent-encoded, so one byte a character). */
export function pathLength(url: string): number {
  const authority = url.indexOf('//');
  const start = url.indexOf('/', authority === -1 ? 0 : authority + 2);
  if (start === -1) return 0;
  const query = url.indexOf('?', start);
  return (query === -1 ? url.length : query) - start;
}

export function pathLengthLimit(maxBytes: number = PATH_MAX_BYTES): MiddlewareHandler {
  return async (c, next) => {
    if (pathLength(c.req.url) > maxBytes) return c.json({ message: PATH_TOO_LONG }, 414);
    await next();
  };
}
