// The one place that decides where documents live, called once at start-up (server.ts): PostgreSQL
// with DATABASE_URL, so that every instance reaches every document; the disk in embedded mode.
import path from 'node:path';
import type { Database } from '../db/index.ts';
import { createDiskDocumentStore } from './disk-store.ts';
import type { DocumentStore } from './document-store.ts';
import { createPostgresDocumentStore } from './postgres-store.ts';

export const documentsDir = (dataDir: string) => path.join(dataDir, 'documents');

export function createDocumentStore(database: Pick<Database, 'prisma' | 'kind'>, dataDir: string): DocumentStore {
  return database.kind === 'postgres' ? createPostgresDocumentStore(database.prisma) : createDiskDocumentStore(documentsDir(dataDir), database.prisma);
}
