// One JSON line per request: id, method, path (never the query string), status, duration.
// Bodies, cookies and headers are never logged, so no password or token can reach the logs.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export type Logger = (line: Record<string, unknown>) => void;

export const jsonLogger: Logger = (line) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', ...line })}\n`);
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestLog(log: Logger, enabled: boolean): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId' as never, requestId as never);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.res.headers.set('X-Request-Id', requestId);
      if (enabled) {
        log({
          msg: 'request',
          requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        });
      }
    }
  };
}
