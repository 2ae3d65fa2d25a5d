// The embedded PostgreSQL (PGlite) used when no DATABASE_URL is set: data on disk under DATA_DIR,
// served to the ordinary `pg` driver over a private Unix socket so that one code path serves both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { PoolConfig } from 'pg';

export interface EmbeddedPostgres {
  poolConfig: PoolConfig;
  /** The private Unix socket the database is served on (tools put their own proxy in front of it). */
  socketPath: string;
  /** The whole data directory as one uncompressed tarball, which `image` starts another from. */
  dumpImage(): Promise<Blob>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Start an in-memory database from a dumped data directory (tests: migrated once per run, loaded per file). */
  image?: Blob;
}

/** Extensions the migrations use (a PostgreSQL server has them as standard contrib modules). */
const extensions = { pg_trgm };

/**
 * PGlite's shared buffers live in the process's own memory, and PostgreSQL's default (128 MB) is
 * sized for a server: 32 MB keeps the process lean without slower screens (docs/benchmarks.md); the
 * operating system still caches the data files.
 */
const postgresqlconf = ['shared_buffers=32MB'];

/** How this app opens PGlite. */
export const PGLITE_OPTIONS = { extensions, postgresqlconf };

/** Connections the socket accepts: the app's pool uses one; tools (tests, scripts) may add their own. */
const MAX_CONNECTIONS = 12;

/** `dataDir` null keeps the database in memory (tests). */
export async function startEmbeddedPostgres(dataDir: string | null, { image }: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  let releaseLock = () => {};
  let db: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(dataDir, 'embedded-db.lock'));
    db = await PGlite.create(path.join(dataDir, 'pgdata'), PGLITE_OPTIONS);
  } else {
    db = await PGlite.create({ ...PGLITE_OPTIONS, ...(image ? { loadDataDir: image } : {}) });
  }
  // mkdtemp gives a 0700 directory: only this user can reach the socket.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-pg-'));
  // Also when the process ends without stop() (a test worker keeps its database until it exits).
  const removeSocketDir = () => fs.rmSync(socketDir, { recursive: true, force: true });
  process.once('exit', removeSocketDir);
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const server = new PGLiteSocketServer({
    db,
    path: socketPath,
    maxConnections: MAX_CONNECTIONS,
  });
  await server.start();
  return {
    socketPath,
    poolConfig: {
      host: socketDir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      // One connection: PGlite is a single backend session, and the socket server interleaves the
      // protocol messages of concurrent connections, so one connection's unnamed prepared statement
      // can be replaced by another's ("unnamed prepared statement does not exist"). PGlite runs one
      // query at a time anyway; the pool queues them instead.
      max: 1,
      // Kept open while idle: it is the only one, and the next query needs it again.
      idleTimeoutMillis: 0,
    },
    dumpImage: () => db.dumpDataDir('none'),
    async stop() {
      await server.stop();
      await db.close();
      process.off('exit', removeSocketDir);
      removeSocketDir();
      releaseLock();
    },
  };
}

const heldLocks = new Set<string>();

/** PGlite must not be opened twice at once: a pid lock file says which process holds it. */
function acquireLock(lockFile: string): () => void {
  if (heldLocks.has(lockFile)) {
    throw new Error(`The embedded database in ${path.dirname(lockFile)} is in use by process ${process.pid} (this one).`);
  }
  // Created exclusively: of two processes starting together, exactly one gets the file.
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(lockFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    // Empty: another process has just created it and not yet written its pid.
    if (!holder || (holder !== process.pid && isAlive(holder))) {
      throw new Error(
        `The embedded database in ${path.dirname(lockFile)} is in use by ${holder ? `process ${holder}` : 'another process'}. ` +
          'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
      );
    }
    // Left by a process that is gone (or by an earlier life of this pid, as in a restarted container).
    fs.rmSync(lockFile, { force: true });
  }
  heldLocks.add(lockFile);
  return () => {
    heldLocks.delete(lockFile);
    fs.rmSync(lockFile, { force: true });
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
