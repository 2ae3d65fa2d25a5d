// Every document store, encrypted at rest (issue 31, ADR 0042): bytes are sealed on their way in
// under a new key per document, whose wrapped form is written with the document's row; on the way
// out the whole object is checked first, then served as it is opened, so bytes that fail their
// check are never sent. The inner store (disk or PostgreSQL) only ever sees sealed bytes.
import { Writable, pipeline } from 'node:stream';
import { pipeline as pipelinePromise } from 'node:stream/promises';
import type { Db } from '../db/index.ts';
import {
  DocumentIntegrityError,
  type Keyring,
  decryptingStream,
  encryptingStream,
  newDocumentKey,
  plaintextSize,
  unwrapKey,
  wrapKey,
} from './document-encryption.ts';
import type { DocumentStore } from './document-store.ts';

/** `keys` is read at the first save or read (a store built for tests that never store touches no key file). */
export function createEncryptedDocumentStore(inner: DocumentStore, db: Db, keys: () => Keyring): DocumentStore {
  let ring: Keyring | undefined;
  const keyringOf = () => (ring ??= keys());
  return {
    async save(key, body, record) {
      const documentKey = newDocumentKey();
      const { masterKeyId, wrapped } = wrapKey(keyringOf(), key, documentKey);
      // An error of the body (a refused type, a size over the limit) reaches the inner store as it is.
      const sealed = pipeline(body, encryptingStream(documentKey), () => {});
      return inner.save(key, sealed, async (tx, sealedSize) => {
        const result = await record(tx, plaintextSize(sealedSize) ?? 0);
        await tx.documentKey.create({ data: { storageKey: key, masterKeyId, wrappedKey: new Uint8Array(wrapped) }, select: { storageKey: true } });
        return result;
      });
    },

    async get(key) {
      const row = await db.documentKey.findUnique({ where: { storageKey: key }, select: { masterKeyId: true, wrappedKey: true } });
      const stored = await inner.get(key);
      // Stored before encryption: served as it is until the start-up step has sealed it.
      if (!stored || !row) return stored;
      let documentKey: Buffer;
      let size: number | null;
      try {
        documentKey = unwrapKey(keyringOf(), key, { masterKeyId: row.masterKeyId, wrapped: Buffer.from(row.wrappedKey) });
        size = plaintextSize(stored.size);
        if (size === null) throw new DocumentIntegrityError(key);
        // Checked whole before a byte is served; read again and opened as the client takes it (a
        // change in between still fails its segment and cuts the answer short).
        await pipelinePromise(stored.stream, decryptingStream(documentKey, key), discard());
      } catch (error) {
        stored.stream.destroy();
        throw error;
      }
      const again = await inner.get(key);
      if (!again) return null;
      return { stream: pipeline(again.stream, decryptingStream(documentKey, key), () => {}), size };
    },

    delete: (key) => inner.delete(key),
  };
}

function discard() {
  return new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
}
