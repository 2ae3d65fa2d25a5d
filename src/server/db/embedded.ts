// The embedded PostgreSQL (PGlite) used when no DATABASE_URL is set: data on disk under DATA_DIR,
// served to the ordinary `pg` driver over a private Unix socket so that one code path serves both.
// PGlite runs in a worker thread of its own (embedded-worker.mjs, ADR 0054); this side holds the data
// directory's lock and the socket's directory, and starts, asks and stops the worker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PoolConfig } from 'pg';
import { workerFile } from '../worker-file.ts';

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
  /** Told when the database's thread fails after it started (its queries fail from then on). */
  onFailure?: (error: Error) => void;
}

/** Connections the socket accepts: the app's pool uses one; tools (tests, scripts) may add their own. */
const MAX_CONNECTIONS = 12;

type Reply = { ready?: true; dumped?: ArrayBuffer; stopped?: true; failed?: string };

/**
 * The worker's next reply. It keeps the process alive only while a reply is awaited: an idle database
 * thread must not hold a process open that has nothing else to do (a test file that never closes its
 * database, a script that ends).
 */
function nextReply(worker: Worker, message?: 'dump' | 'stop'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // A thread that has already ended would never answer (threadId is -1 once it has exited).
    if (worker.threadId === -1) {
      reject(new Error('embedded database thread has ended'));
      return;
    }
    const done = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      worker.unref();
    };
    const onMessage = (reply: Reply) => {
      done();
      if (reply.failed) reject(new Error(`embedded database: ${reply.failed}`));
      else resolve(reply);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`embedded database thread exited (${code})`));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.ref();
    if (message) worker.postMessage(message);
  });
}

/** `dataDir` null keeps the database in memory (tests). */
export async function startEmbeddedPostgres(dataDir: string | null, { image, onFailure = () => {} }: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  let releaseLock = () => {};
  let pgdata: string | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(path.join(dataDir, 'embedded-db.lock'));
    pgdata = path.join(dataDir, 'pgdata');
  }
  // mkdtemp gives a 0700 directory: only this user can reach the socket.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-pg-'));
  // Also when the process ends without stop() (a test worker keeps its database until it exits).
  const removeSocketDir = () => fs.rmSync(socketDir, { recursive: true, force: true });
  process.once('exit', removeSocketDir);
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const cleanUp = () => {
    process.off('exit', removeSocketDir);
    removeSocketDir();
    releaseLock();
  };
  const imageBytes = image ? await image.arrayBuffer() : null;
  const worker = new Worker(workerFile('embedded-worker', import.meta.url), {
    workerData: { pgdata, image: imageBytes, socketPath, maxConnections: MAX_CONNECTIONS },
    transferList: imageBytes ? [imageBytes] : [],
  });
  try {
    await nextReply(worker);
  } catch (error) {
    await worker.terminate();
    cleanUp();
    throw error;
  }
  // An error the thread throws later must not end the process (an 'error' event nobody hears would).
  worker.on('error', onFailure);
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
    async dumpImage() {
      const { dumped } = await nextReply(worker, 'dump');
      return new Blob([dumped!]);
    },
    async stop() {
      try {
        // A thread that has ended (a failure, an earlier stop) has nothing left to close.
        if (worker.threadId !== -1) await nextReply(worker, 'stop');
      } finally {
        await worker.terminate();
        cleanUp();
      }
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
