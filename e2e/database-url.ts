// Where the end-to-end server's database is, for the server script and the tests alike.
export function e2eDatabaseUrl(): string {
  const base = process.env.DATABASE_URL;
  if (base) {
    const url = new URL(base);
    url.pathname = `/${url.pathname.slice(1) || 'postgres'}_e2e`;
    return url.toString();
  }
  return `postgresql://postgres@127.0.0.1:${process.env.E2E_DB_PORT ?? 54329}/postgres`;
}
