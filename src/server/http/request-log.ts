// One JSON line per request: id, method, path (never the query string), status, duration.
// Bodies, cookies and headers are never logged, so no password or token can reach the logs.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export type Logger = (line: Record<string, unknown>) => void;

/**
 * Lines written together once the current burst of work is done: a write to a pipe or file is
 * synchronous in Node, and one per request would hold up every request behind it (ADR 0021).
 */
export function createJsonLogger(write: (text: string) => void = (text) => process.stdout.write(text)): Logger & { flush(): void } {
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const text = pending;
    pending = '';
    write(text);
  };
  const logger = (line: Record<string, unknown>) => {
    if (!pending) setImmediate(flush);
    pending += `${JSON.stringify({ time: new Date().toISOString(), level: 'info', ...line })}\n`;
  };
  return Object.assign(logger, { flush });
}

/** The process's logger; whatever is pending is written before the process exits. */
export const jsonLogger = createJsonLogger();
process.on('exit', () => jsonLogger.flush());

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
