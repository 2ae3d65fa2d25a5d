// What live events (NOTIFY payloads, ADR 0020) a piece of work sends, for tests that prove a payload
// carries no confidential content: the pg client's queries are watched while `run` runs.
import pg from 'pg';

export async function livePayloads(run: () => Promise<unknown>): Promise<string[]> {
  const payloads: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first.text;
    const values = typeof first === 'string' ? (args[1] as unknown[] | undefined) : first.values;
    if (text.includes('pg_notify')) payloads.push(JSON.stringify(values ?? []));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
    return payloads;
  } finally {
    pg.Client.prototype.query = query;
  }
}
