// Prisma's WebAssembly schema engine over an in-memory PGlite: computes migration SQL offline
// (Prisma's native engine cannot be downloaded on our machines; docs/decisions/0002).
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import { type DiffTarget, SchemaEngine } from '@prisma/schema-engine-wasm';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';

type DiffSource = { kind: 'empty' } | { kind: 'schema'; path: string; content: string };

function toTarget(source: DiffSource): DiffTarget {
  return source.kind === 'empty' ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: source.path, content: source.content }] };
}

/** SQL that turns the `from` schema into the `to` schema (empty string when they agree). */
export async function diffSchemas(from: DiffSource, to: DiffSource): Promise<string> {
  const embedded = await startEmbeddedPostgres(null);
  const pool = new pg.Pool(embedded.poolConfig);
  try {
    const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
    const engine = await SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
    try {
      const result = await engine.diff({
        from: toTarget(from),
        to: toTarget(to),
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      });
      const sql = result.stdout ?? '';
      return sql.includes('This is an empty migration.') ? '' : sql;
    } finally {
      engine.free();
    }
  } finally {
    await pool.end();
    await embedded.stop();
  }
}
