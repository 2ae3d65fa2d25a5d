// `npm run documents:rotate-key` (ADR 0042): every document key not yet under the current master key
// is unwrapped with the earlier one it names and wrapped again under the current one. The documents'
// bytes are not touched. Each row is rewritten only if it still names the key it was read under, so
// two runs at once, or a run beside instances uploading, do not undo each other.
import type { Db } from '../db/index.ts';
import { type Keyring, unwrapKey, wrapKey } from './document-encryption.ts';

/** The number of keys re-wrapped; throws (rewriting nothing more) at a key no master key here unwraps. */
export async function rewrapDocumentKeys(db: Db, ring: Keyring): Promise<number> {
  let rewrapped = 0;
  for (;;) {
    const rows = await db.documentKey.findMany({
      where: { masterKeyId: { not: ring.current.id } },
      select: { storageKey: true, masterKeyId: true, wrappedKey: true },
      orderBy: { storageKey: 'asc' },
      take: 500,
    });
    if (rows.length === 0) return rewrapped;
    await db.$transaction(async (tx) => {
      for (const row of rows) {
        const documentKey = unwrapKey(ring, row.storageKey, { masterKeyId: row.masterKeyId, wrapped: Buffer.from(row.wrappedKey) });
        const { masterKeyId, wrapped } = wrapKey(ring, row.storageKey, documentKey);
        const { count } = await tx.documentKey.updateMany({
          where: { storageKey: row.storageKey, masterKeyId: row.masterKeyId },
          data: { masterKeyId, wrappedKey: new Uint8Array(wrapped) },
        });
        rewrapped += count;
      }
    });
  }
}
