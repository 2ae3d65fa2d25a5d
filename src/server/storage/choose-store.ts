// The one place that decides where documents live, called once at start-up (server.ts): PostgreSQL
// with DATABASE_URL, so that every instance reaches every document; the disk in embedded mode. Both
// hold only sealed bytes (encrypted-store.ts, ADR 0042).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../db/index.ts';
import type { Keyring } from './document-encryption.ts';
import { createDiskDocumentStore } from './disk-store.ts';
import type { DocumentStore } from './document-store.ts';
import { createEncryptedDocumentStore } from './encrypted-store.ts';
import { createPostgresDocumentStore } from './postgres-store.ts';

export const documentsDir = (dataDir: string) => path.join(dataDir, 'documents');

/** A new document's storage key: server-made, never from a file name. */
export const newStorageKey = (prototypeId: number) => `prototypes/${prototypeId}/${randomUUID()}`;

export function createDocumentStore(database: Pick<Database, 'prisma' | 'kind'>, dataDir: string, ring: Keyring): DocumentStore {
  const inner = database.kind === 'postgres' ? createPostgresDocumentStore(database.prisma) : createDiskDocumentStore(documentsDir(dataDir), database.prisma);
  return createEncryptedDocumentStore(inner, database.prisma, () => ring);
}
