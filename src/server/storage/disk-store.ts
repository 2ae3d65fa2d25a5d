// The document store on local disk (`${DATA_DIR}/documents`), for the embedded mode (one instance):
// bytes go to a temporary file in `.incoming/` and are renamed into place only when complete, so a
// failed or aborted upload never leaves a partial object; a row that fails to commit removes it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/index.ts';
import { type DocumentStore, assertValidKey } from './document-store.ts';

export function createDiskDocumentStore(root: string, db: Db): DocumentStore {
  const incoming = path.join(root, '.incoming');
  let incomingReady = false;
  const fileFor = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function put(key: string, body: Readable) {
    const target = fileFor(key);
    // Synchronous on purpose (once): the body must be consumed from this tick on, so that a
    // check failing in the stream is always seen by the pipeline below.
    if (!incomingReady) {
      fs.mkdirSync(incoming, { recursive: true });
      incomingReady = true;
    }
    const temporary = path.join(incoming, randomUUID());
    const writer = fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(body, writer);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(temporary, target);
    } catch (error) {
      // The file is opened asynchronously: a body refused at its first bytes can fail the pipeline
      // before the open completes, and the file would appear after the rm below.
      if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
      await fsp.rm(temporary, { force: true });
      throw error;
    }
    return { size: writer.bytesWritten };
  }

  const remove = (key: string) => fsp.rm(fileFor(key), { force: true });

  return {
    async save(key, body, record) {
      const { size } = await put(key, body);
      try {
        return await db.$transaction((tx) => record(tx, size));
      } catch (error) {
        await remove(key);
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      try {
        const handle = await fsp.open(file, 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await remove(key);
    },
  };
}
