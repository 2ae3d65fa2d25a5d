// The embedded PostgreSQL (PGlite) in a worker thread of its own (ADR 0054): PGlite is PostgreSQL
// compiled to WebAssembly and runs on the thread that calls it, so on the app's own thread every query
// would wait for the app's JavaScript and the app for every query. Here it has a core of its own,
// served over the same private Unix socket as before (db/embedded.ts starts, asks and stops it).
// Plain JavaScript so that a worker thread loads it as it is, under tsx, Vitest and the built server.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ pgdata: string | null; image: ArrayBuffer | null; socketPath: string; maxConnections: number }} */
const { pgdata, image, socketPath, maxConnections } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

// How this app opens PGlite. The extensions the migrations use (a PostgreSQL server has them as
// standard contrib modules). Shared buffers live in the process's own memory, and PostgreSQL's
// default (128 MB) is sized for a server: 32 MB keeps the process lean without slower screens
// (docs/benchmarks.md); the operating system still caches the data files.
const options = { extensions: { pg_trgm }, postgresqlconf: ['shared_buffers=32MB'] };
const db = pgdata ? await PGlite.create(pgdata, options) : await PGlite.create({ ...options, ...(image ? { loadDataDir: new Blob([image]) } : {}) });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
await server.start();

/** @param {'dump' | 'stop'} message */
async function answer(message) {
  try {
    if (message === 'dump') {
      const dumped = await (await db.dumpDataDir('none')).arrayBuffer();
      port.postMessage({ dumped }, [dumped]);
    } else if (message === 'stop') {
      await server.stop();
      await db.close();
      port.postMessage({ stopped: true });
      port.close();
    }
  } catch (error) {
    port.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (/** @type {'dump' | 'stop'} */ message) => void answer(message));
port.postMessage({ ready: true });
