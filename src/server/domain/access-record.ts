// The data room's access record (issue 31, point 7): an append-only chain of rows, each carrying the
// SHA-256 of the row before it and of itself, so that changing or deleting any row shows on `verify`.
import { createHash } from 'node:crypto';
import type { Prisma } from '~/generated/prisma/client.ts';
import type { Db } from '../db/index.ts';

export const ACCESS_RECORD_KINDS = ['download', 'page_view', 'terms_acceptance', 'attestation', 'revocation', 'restoration', 'denied'] as const;
export type AccessRecordKind = (typeof ACCESS_RECORD_KINDS)[number];

/** The first row's predecessor. */
export const GENESIS_HASH = '0'.repeat(64);

/** Appends are taken one at a time across every instance, so the chain never forks. */
export const ACCESS_RECORD_LOCK_ID = 31_0007;

/** The head's one row (access_record_head). */
const HEAD_ID = 1;

export type AccessRecordEntry = {
  at: Date;
  kind: AccessRecordKind;
  userId: string | null;
  prototypeId?: number | null;
  documentId?: number | null;
  page?: number | null;
  /** What else the row says (a terms version, a copy's kind, a denial's reason); plain JSON. */
  details?: Record<string, unknown>;
};

type HashedFields = Required<Omit<AccessRecordEntry, 'details'>> & { details: Record<string, unknown>; prevHash: string };

/** JSON with object keys sorted, so the hash does not depend on how PostgreSQL's jsonb orders keys. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function accessRecordHash(row: HashedFields): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        at: row.at.toISOString(),
        kind: row.kind,
        userId: row.userId,
        prototypeId: row.prototypeId,
        documentId: row.documentId,
        page: row.page,
        details: row.details,
        prevHash: row.prevHash,
      }),
    )
    .digest('hex');
}

/**
 * Appends one row in the caller's transaction (so a copy is served only if its row is written).
 * Takes the chain's lock for the rest of that transaction: keep the transaction short. The new row
 * follows the head, not the highest id: a deleted last row then breaks the chain for good.
 */
export async function appendAccessRecord(tx: Prisma.TransactionClient, entry: AccessRecordEntry) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ACCESS_RECORD_LOCK_ID})`;
  const head = await tx.accessRecordHead.findUnique({ where: { id: HEAD_ID }, select: { lastHash: true } });
  // No head: an empty record, or a head someone removed (verify says so until the next append).
  const last = head ? null : await tx.accessRecord.findFirst({ orderBy: { id: 'desc' }, select: { hash: true } });
  const fields: HashedFields = {
    at: entry.at,
    kind: entry.kind,
    userId: entry.userId,
    prototypeId: entry.prototypeId ?? null,
    documentId: entry.documentId ?? null,
    page: entry.page ?? null,
    details: entry.details ?? {},
    prevHash: head?.lastHash ?? last?.hash ?? GENESIS_HASH,
  };
  const row = await tx.accessRecord.create({
    data: { ...fields, details: fields.details as Prisma.InputJsonObject, hash: accessRecordHash(fields) },
    select: { id: true, hash: true },
  });
  const rows = head ? { increment: 1 } : await tx.accessRecord.count();
  await tx.accessRecordHead.upsert({
    where: { id: HEAD_ID },
    create: { id: HEAD_ID, lastId: row.id, lastHash: row.hash, rows: typeof rows === 'number' ? rows : 1 },
    update: { lastId: row.id, lastHash: row.hash, rows },
  });
  return row;
}

export type AccessRecordVerdict = { ok: true; rows: number } | { ok: false; firstBrokenId: number };

const VERIFY_BATCH = 2000;

function hashedFields(row: {
  at: Date;
  kind: string;
  userId: string | null;
  prototypeId: number | null;
  documentId: number | null;
  page: number | null;
  details: unknown;
  prevHash: string;
}): HashedFields {
  return {
    at: row.at,
    kind: row.kind as AccessRecordKind,
    userId: row.userId,
    prototypeId: row.prototypeId,
    documentId: row.documentId,
    page: row.page,
    details: (row.details ?? {}) as Record<string, unknown>,
    prevHash: row.prevHash,
  };
}

/**
 * Walks the chain in id order up to the head read first (rows appended meanwhile lie past it): each
 * row must hash to its own `hash` and name the row before it, and the walk must end at the head with
 * the head's count. A changed row breaks at itself; a deleted one at its successor; a deleted last
 * row (or several) at the head's id; a row slipped in after the head at itself. No transaction: on
 * the embedded database a long one would hold every other request.
 */
export async function verifyAccessRecord(db: Db): Promise<AccessRecordVerdict> {
  const head = await db.accessRecordHead.findUnique({ where: { id: HEAD_ID } });
  const bound = head?.lastId ?? 2_147_483_647;
  let prevHash = GENESIS_HASH;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db.accessRecord.findMany({
      where: { id: { gt: afterId, lte: bound } },
      orderBy: { id: 'asc' },
      take: VERIFY_BATCH,
    });
    for (const row of batch) {
      if (row.prevHash !== prevHash || accessRecordHash(hashedFields(row)) !== row.hash) return { ok: false, firstBrokenId: row.id };
      prevHash = row.hash;
      rows += 1;
    }
    const lastRow = batch.at(-1);
    if (lastRow) afterId = lastRow.id;
    if (!lastRow || batch.length < VERIFY_BATCH) break;
  }
  if (!head) return rows === 0 ? { ok: true, rows } : { ok: false, firstBrokenId: afterId };
  if (afterId !== head.lastId || prevHash !== head.lastHash || rows !== head.rows) return { ok: false, firstBrokenId: head.lastId };
  const next = await db.accessRecord.findFirst({ where: { id: { gt: head.lastId } }, orderBy: { id: 'asc' }, select: { id: true, prevHash: true } });
  if (next && next.prevHash !== head.lastHash) return { ok: false, firstBrokenId: next.id };
  return { ok: true, rows };
}
