// The process's log: JSON lines on stdout (the per-request line is written in serve-app.ts).

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
