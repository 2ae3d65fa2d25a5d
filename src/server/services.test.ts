// Services reach procedures through the context: tests build safe ones (test/services.ts: documents in
// a temporary directory, never ./data), and createApp builds the services from env.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createContextInner } from './context.ts';
import { configFromEnv } from './services.ts';
import { fixedClock, temporaryDocumentsDir, testServices } from './test/services.ts';
import { createPrototype, createUser } from './test/factories.ts';
import { testEnv, useTestDatabase } from './test/harness.ts';
import { parseEnv } from './env.ts';

const t = useTestDatabase();

describe('services on the context', () => {
  it('the test services store documents in a temporary directory, not under DATA_DIR', async () => {
    const ctx = createContextInner({ ...testServices(t.db.prisma), db: t.db.prisma });
    const seller = await createUser(t.db.prisma);
    const prototype = await createPrototype(t.db.prisma, seller.id);
    const key = `prototypes/${prototype.id}/${randomUUID()}`;
    await ctx.documentStore.save(key, Readable.from([Buffer.from('%PDF-1.4 test')]), (tx, fileSize) =>
      tx.prototypeDocument.create({
        data: { prototypeId: prototype.id, fileName: 'a.pdf', fileType: 'application/pdf', fileSize, storageKey: key },
      }),
    );
    const file = path.join(temporaryDocumentsDir(), ...key.split('/'));
    expect(fs.existsSync(file)).toBe(true);
    expect(file.startsWith(os.tmpdir())).toBe(true);
    expect(fs.existsSync(path.join(testEnv.DATA_DIR, 'documents', ...key.split('/')))).toBe(false);
    await ctx.documentStore.delete(key);
  });

  it('config carries what procedures need from the environment', () => {
    const env = parseEnv({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: '12.5', PUBLIC_URL: 'https://atomix.example/', PORT: '4000' });
    expect(configFromEnv(env)).toMatchObject({ platformFeePercent: 12.5, publicUrl: 'https://atomix.example' });
    expect(configFromEnv(parseEnv({ NODE_ENV: 'test', PORT: '4000' })).publicUrl).toBe('http://localhost:4000');
  });

  it('a fixed clock stands still until moved', () => {
    const clock = fixedClock(new Date('2026-11-23T10:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-23T10:00:00.000Z');
    clock.set(new Date('2026-11-24T10:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });
});
