// The start-up step that seals documents stored before encryption at rest (ADR 0042): each is
// copied, sealed, under a new storage key in one transaction that moves its row there, then its
// plaintext is removed. Safe to run on several instances at once: the row moves once, and the loser's
// copy goes with its refused transaction.
import type { Db } from '../db/index.ts';
import type { Logger } from '../services.ts';
import { newStorageKey } from './choose-store.ts';
import type { DocumentStore } from './document-store.ts';

class MovedMeanwhile extends Error {}

async function movedMeanwhile(db: Db, document: { id: number; storageKey: string }) {
  return (await db.prototypeDocument.count({ where: { id: document.id, storageKey: document.storageKey } })) === 0;
}

/** Seals every document that has no key yet through `store` (the encrypted store); the number sealed. */
export async function encryptExistingDocuments(db: Db, store: DocumentStore, log: Logger): Promise<number> {
  let sealed = 0;
  let after = 0;
  for (;;) {
    const batch = await db.prototypeDocument.findMany({
      where: { id: { gt: after }, key: null },
      select: { id: true, prototypeId: true, storageKey: true },
      orderBy: { id: 'asc' },
      take: 50,
    });
    if (batch.length === 0) return sealed;
    for (const document of batch) {
      after = document.id;
      try {
        // The store serves a document without a key as it was stored.
        const plain = await store.get(document.storageKey);
        if (!plain) {
          if (!(await movedMeanwhile(db, document))) log({ level: 'error', msg: 'document bytes missing: not encrypted', documentId: document.id });
          continue;
        }
        const storageKey = newStorageKey(document.prototypeId);
        await store.save(storageKey, plain.stream, async (tx) => {
          // Chunks of the plaintext (PostgreSQL store) go in the same transaction as the row's move.
          await tx.documentChunk.deleteMany({ where: { storageKey: document.storageKey } });
          const { count } = await tx.prototypeDocument.updateMany({ where: { id: document.id, storageKey: document.storageKey }, data: { storageKey } });
          if (count === 0) throw new MovedMeanwhile();
        });
        await store.delete(document.storageKey);
        sealed++;
      } catch (error) {
        // Another instance sealed it first (its plaintext may have gone while this one read it).
        if (error instanceof MovedMeanwhile || (await movedMeanwhile(db, document))) continue;
        log({ level: 'error', msg: 'document not encrypted', documentId: document.id, error: String(error) });
      }
    }
  }
}
