// One database handle for the process: PrismaClient over a pg Pool, on PGlite or a PostgreSQL server.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '~/generated/prisma/client.ts';
import type { EmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

export type Db = PrismaClient;
export { Prisma } from '~/generated/prisma/client.ts';

export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  /**
   * NOTIFY messages that arrive on the pool's own connections. A PostgreSQL server sends them only to
   * a connection that LISTENs (the live hub's own); PGlite is one session shared by every connection
   * and hands each one back on the connection that committed it, so both ways are heard (ADR 0020).
   */
  onNotification(handler: (notification: pg.Notification) => void): () => void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded database lives; null keeps it in memory. */
  dataDir: string | null;
  /** With `dataDir` null: start from this dumped, already migrated data directory (tests). */
  embeddedImage?: Blob;
  /** Pool size for a PostgreSQL server (the embedded database always uses one connection). */
  poolMax?: number;
  /** How often the embedded database is vacuumed and analysed (it has no autovacuum); hourly by default. */
  embeddedVacuumEveryMs?: number;
  log?: (line: string) => void;
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  embeddedImage,
  poolMax = 10,
  embeddedVacuumEveryMs = 60 * 60_000,
  log = () => {},
}: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | null = null;
  let poolConfig: pg.PoolConfig;
  if (databaseUrl) {
    poolConfig = { connectionString: databaseUrl, max: poolMax };
  } else {
    // Loaded only here: a process on a PostgreSQL server never loads PGlite (~250 MB of memory once started).
    const { startEmbeddedPostgres } = await import('./embedded.ts');
    embedded = await startEmbeddedPostgres(dataDir, {
      ...(embeddedImage ? { image: embeddedImage } : {}),
      onFailure: (error) => log(`embedded database thread failed: ${error.message}`),
    });
    poolConfig = embedded.poolConfig;
  }
  const pool = new pg.Pool({ ...poolConfig, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => log(`database pool error: ${error.message}`));
  const notificationHandlers = new Set<(notification: pg.Notification) => void>();
  pool.on('connect', (client) => {
    client.on('notification', (notification) => {
      for (const handler of notificationHandlers) handler(notification);
    });
  });
  try {
    await migrate(pool, undefined, log);
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool),
    // PGlite runs one transaction at a time, so under load a transaction may wait its turn for a
    // while; Prisma's defaults (2 s to start, 5 s to finish) would fail such requests needlessly.
    transactionOptions: embedded ? { maxWait: 15_000, timeout: 20_000 } : { maxWait: 5_000, timeout: 10_000 },
  });
  // A PostgreSQL server's autovacuum clears dead rows (a session touched, a job done) and keeps the
  // planner's statistics current; PGlite has none, so the app does it. Its one connection is busy
  // meanwhile (well under a second for a database of this size), so other queries wait their turn.
  const vacuum = embedded
    ? setInterval(() => void pool.query('VACUUM (ANALYZE)').catch((error: Error) => log(`embedded vacuum failed: ${error.message}`)), embeddedVacuumEveryMs)
    : null;
  vacuum?.unref();
  return {
    prisma,
    pool,
    kind: embedded ? 'embedded' : 'postgres',
    onNotification(handler) {
      notificationHandlers.add(handler);
      return () => notificationHandlers.delete(handler);
    },
    async close() {
      if (vacuum) clearInterval(vacuum);
      await prisma.$disconnect();
      await pool.end();
      await embedded?.stop();
    },
  };
}
