// The storage quota: all of one seller's documents together may take at most `quotaBytes`
// (STORAGE_QUOTA_BYTES). Checked again, under a per-seller lock, where the document row is written,
// so two parallel uploads cannot both fit into the same remaining space.
import type { Prisma } from '~/generated/prisma/client.ts';
import { formatFileSize } from '~/shared/format.ts';
import type { Db } from '../db/index.ts';

type Queryable = Db | Prisma.TransactionClient;

export function quotaExceededMessage(quotaBytes: number, usedBytes: number): string {
  return (
    `This file does not fit in your document storage: your documents may take ${formatFileSize(quotaBytes)} in all ` +
    `and already take ${formatFileSize(usedBytes)}. Please contact us if you need more space.`
  );
}

/** Bytes of every document on the seller's prototypes. */
export async function storedBytesOf(db: Queryable, sellerId: string): Promise<number> {
  const rows = await db.$queryRaw<{ used: number }[]>`
    SELECT COALESCE(SUM(d.file_size), 0)::float8 AS used
    FROM prototype_documents d JOIN prototypes p ON p.id = d.prototype_id
    WHERE p.seller_id = ${sellerId}::uuid`;
  return rows[0]?.used ?? 0;
}

/**
 * Inside a transaction: waits for any other upload of this seller to finish writing its row, then
 * answers how many bytes are stored. Held until the transaction ends.
 */
export async function lockStoredBytesOf(tx: Prisma.TransactionClient, sellerId: string): Promise<number> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`storage-quota:${sellerId}`}, 0))`;
  return storedBytesOf(tx, sellerId);
}
