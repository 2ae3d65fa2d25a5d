// The document store in PostgreSQL (table document_chunks), used with DATABASE_URL so that every app
// instance reaches every document. An upload streams in ~256 KB chunks inside the transaction that
// then creates the document's row: a failed upload rolls back to nothing, and the chunks are deleted
// with their row (ON DELETE CASCADE). A download reads one chunk per query, as the client takes them.
import { Readable } from 'node:stream';
import type { Db } from '../db/index.ts';
import { type DocumentStore, assertValidKey } from './document-store.ts';

/** Few rows per document, little memory per upload or download. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * The transaction stays open while the body streams in. Node ends a request whose body takes longer
 * than 5 minutes (http.Server#requestTimeout), so this only catches a stuck transaction.
 */
const UPLOAD_TRANSACTION_MS = 6 * 60_000;

export function createPostgresDocumentStore(db: Db): DocumentStore {
  return {
    async save(key, body, record) {
      assertValidKey(key);
      // Until the transaction starts, a check failing in the stream must not be an unhandled 'error'
      // event; the loop below still sees it (an errored stream throws when iterated).
      body.on('error', () => {});
      try {
        return await db.$transaction(
          async (tx) => {
            let seq = 0;
            let size = 0;
            let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
            let filled = 0;
            const writeChunk = async () => {
              await tx.documentChunk.create({ data: { storageKey: key, seq, data: chunk.subarray(0, filled) }, select: { seq: true } });
              seq += 1;
              chunk = Buffer.allocUnsafe(CHUNK_BYTES);
              filled = 0;
            };
            for await (const piece of body as AsyncIterable<Buffer>) {
              for (let offset = 0; offset < piece.length; ) {
                const copied = piece.copy(chunk, filled, offset);
                offset += copied;
                filled += copied;
                size += copied;
                if (filled === CHUNK_BYTES) await writeChunk();
              }
            }
            if (filled > 0) await writeChunk();
            return record(tx, size);
          },
          { timeout: UPLOAD_TRANSACTION_MS },
        );
      } catch (error) {
        body.destroy();
        throw error;
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
