// A fresh database for a benchmark on the PostgreSQL server DATABASE_URL names: `<name>_<suffix>`,
// dropped first if a crashed run left it, then created; never the database the URL names itself.
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  /** The database's name on the server. */
  name: string;
  drop(): Promise<void>;
}

async function onServer(base: string, sql: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createBenchDatabase(base: string, suffix: string): Promise<BenchDatabase> {
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'postgres'}_${suffix}`;
  const dropSql = `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`;
  await onServer(base, dropSql);
  await onServer(base, `CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onServer(base, dropSql) };
}
