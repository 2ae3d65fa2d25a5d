// The process's log: JSON lines on stdout (the per-request line is written in serve-app.ts).

export type Logger = (line: Record<string, unknown>) => void;

/**
 * How long lines wait to be written together. A write to a pipe or file is synchronous in Node and,
 * under load, one write per burst of requests still cost /healthz a tenth of its speed (ADR 0023);
 * a line can wait this long, and whatever is pending is written before the process exits.
 */
export const LOG_FLUSH_MS = 50;
/** Written at once past this many characters, so a flood of lines never waits in memory. */
const LOG_FLUSH_CHARS = 64 * 1024;

/** The line's time: one ISO string per millisecond, however many lines share it. */
function timestamp(): string {
  const now = Date.now();
  if (now !== timestamp.ms) {
    timestamp.ms = now;
    timestamp.iso = new Date(now).toISOString();
  }
  return timestamp.iso;
}
timestamp.ms = NaN;
timestamp.iso = '';

export function createJsonLogger(
  write: (text: string) => void = (text) => process.stdout.write(text),
  flushAfterMs = LOG_FLUSH_MS,
): Logger & { flush(): void } {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const text = pending;
    pending = '';
    write(text);
  };
  const logger = (line: Record<string, unknown>) => {
    pending += `${JSON.stringify({ time: timestamp(), level: 'info', ...line })}\n`;
    if (pending.length >= LOG_FLUSH_CHARS) flush();
    else if (!timer) timer = setTimeout(flush, flushAfterMs).unref();
  };
  return Object.assign(logger, { flush });
}

/**
 * The process's logger; whatever is pending is written before the process exits (a kill that skips
 * Node's exit, such as SIGKILL, loses at most the last LOG_FLUSH_MS of lines).
 */
export const jsonLogger = createJsonLogger();
process.on('exit', () => jsonLogger.flush());
