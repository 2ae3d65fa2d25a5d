// Names of the test databases on a PostgreSQL server: `<name>_vitest_template`, migrated once per
// run, and `<name>_vitest_<worker>`, cloned from it for each test file. Never `<name>` itself.
import pg from 'pg';

function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function baseName(baseUrl: string): string {
  return new URL(baseUrl).pathname.slice(1) || 'postgres';
}

export function templateDatabaseUrl(baseUrl: string): string {
  return withDatabase(baseUrl, `${baseName(baseUrl)}_vitest_template`);
}

export function workerDatabaseUrl(baseUrl: string, worker: string): string {
  return withDatabase(baseUrl, `${baseName(baseUrl)}_vitest_${worker}`);
}

/** Runs `work` on a connection to the server's database named by `baseUrl` (CREATE and DROP DATABASE run outside the target). */
export async function withServerConnection<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops the template and every worker database of `baseUrl`'s test runs. */
export function dropTestDatabases(baseUrl: string): Promise<void> {
  return withServerConnection(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${baseName(baseUrl).replaceAll('_', '\\_')}\\_vitest\\_%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
