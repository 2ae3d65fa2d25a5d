// The document store in PostgreSQL (table document_chunks), used with DATABASE_URL so that every app
// instance reaches every document. An upload is first spooled to a private temporary file (a slow
// client must not hold a database connection while it sends), then written in ~256 KB chunks in the
// transaction that creates the document's row: a failed upload leaves nothing, and the chunks are
// deleted with their row (ON DELETE CASCADE). A download reads one chunk per query, as the client
// takes them.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/index.ts';
import { type DocumentStore, assertValidKey } from './document-store.ts';

/** Few rows per document, little memory per upload or download. */
export const CHUNK_BYTES = 256 * 1024;

/** Writing 50 MB takes a second or two; this is room for a busy server, not for a slow client. */
const WRITE_TRANSACTION_MS = 2 * 60_000;

export function createPostgresDocumentStore(db: Db, spoolDir = os.tmpdir()): DocumentStore {
  return {
    async save(key, body, record) {
      assertValidKey(key);
      const spooled = path.join(spoolDir, `atomix-upload-${randomUUID()}`);
      try {
        // Consumed from this tick on, so that a check failing in the stream is always seen here.
        const writer = fs.createWriteStream(spooled, { flags: 'wx', mode: 0o600 });
        await pipeline(body, writer);
        const size = writer.bytesWritten;
        const file = await fsp.open(spooled, 'r');
        try {
          return await db.$transaction(
            async (tx) => {
              for (let seq = 0; seq * CHUNK_BYTES < size; seq++) {
                const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size - seq * CHUNK_BYTES));
                await file.read(chunk, 0, chunk.length, seq * CHUNK_BYTES);
                await tx.documentChunk.create({ data: { storageKey: key, seq, data: chunk }, select: { seq: true } });
              }
              return record(tx, size);
            },
            { timeout: WRITE_TRANSACTION_MS },
          );
        } finally {
          await file.close();
        }
      } finally {
        await fsp.rm(spooled, { force: true });
      }
    },

    async get(key) {
      assertValidKey(key);
      const [found] = await db.$queryRaw<{ chunks: number; size: bigint }[]>`
        SELECT count(*)::int AS chunks, coalesce(sum(octet_length(data)), 0)::bigint AS size
        FROM document_chunks WHERE storage_key = ${key}`;
      if (!found || found.chunks === 0) return null;
      const chunks = found.chunks;
      let seq = 0;
      const stream = new Readable({
        // Called again only after a push: one query in flight, and none while the client is slow.
        read() {
          if (seq === chunks) {
            this.push(null);
            return;
          }
          db.documentChunk
            .findUnique({ where: { storageKey_seq: { storageKey: key, seq: seq++ } }, select: { data: true } })
            .then((row) => {
              // Gone mid-download: the document was deleted meanwhile.
              if (!row) this.destroy(new Error(`Document ${key} was removed while it was being read`));
              else this.push(Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength));
            })
            .catch((error: unknown) => this.destroy(error as Error));
        },
      });
      return { stream, size: Number(found.size) };
    },

    // The chunks went with the row (ON DELETE CASCADE).
    async delete() {},
  };
}
