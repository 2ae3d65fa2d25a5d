// No input costs more than linear time (issue 12): the string handling a client can reach grows ~30x
// when its input grows 30x (a quadratic regex grows ~900x), and oversized paths and file names are
// refused at once. Ratios of the best of several timed rounds, so a busy machine cannot fail them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyAmount } from '~/shared/schemas/money.ts';
import { createApp } from '../app.ts';
import { createSession, SESSION_COOKIE } from '../auth/session.ts';
import { FILE_NAME_HEADER_MAX, sanitizeFileName } from '../storage/upload-check.ts';
import { createPrototype, createUser } from '../test/factories.ts';
import { testEnv, useTestDatabase } from '../test/harness.ts';
import { PATH_MAX_BYTES } from './request-path.ts';
import { createRoutePreloader } from './route-preload.ts';

/** Milliseconds per call of `work` in one round: calls repeated until 20 ms have passed. */
function timePerCall(work: () => unknown): number {
  const started = performance.now();
  let calls = 0;
  let elapsed = 0;
  do {
    work();
    calls++;
    elapsed = performance.now() - started;
  } while (elapsed < 20);
  return elapsed / calls;
}

const GROWTH = 30;
/**
 * How much longer `work` takes on an input 30x as long: ~30 when linear, ~900 when quadratic. Rounds
 * of the short and the long input alternate, so that both meet the machine in the same state (a busy
 * spell that fell on the long input's rounds alone once made a linear case look 16x linear), and each
 * side keeps its best round: up to nine pairs, fewer once 3 s are spent (a quadratic case is then
 * obvious already).
 */
function growthOverLongerInput(work: (size: number) => unknown, size = 1000): number {
  const short = () => work(size);
  const long = () => work(size * GROWTH);
  short(); // compile before measuring
  long();
  const started = performance.now();
  let bestShort = Number.POSITIVE_INFINITY;
  let bestLong = Number.POSITIVE_INFINITY;
  for (let pair = 0; pair < 9 && performance.now() - started < 3000; pair++) {
    bestShort = Math.min(bestShort, timePerCall(short));
    bestLong = Math.min(bestLong, timePerCall(long));
  }
  return bestLong / bestShort;
}

/**
 * Ten times linear growth and a tenth of quadratic: garbage collection, caches and a busy machine
 * (seen up to ~2x linear) stay far below it, a quadratic pass far above.
 */
const LINEAR_GROWTH = 300;

let clientDir = '';
beforeAll(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-linear-'));
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'src/routes/about.tsx?tsr-split=component': { file: 'assets/about-1.js' },
    }),
  );
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

describe('linear time', () => {
  it('route preloading: a path of many slashes', () => {
    const preload = createRoutePreloader(clientDir);
    const html = '<head></head>';
    // Still correct: trailing slashes name the same route; an odd path gets nothing.
    expect(preload(html, '/about///')).toContain('assets/about-1.js');
    expect(preload(html, '/a////b')).toBe(html);
    const growth = growthOverLongerInput((n) => preload(html, `/a${'/'.repeat(n)}b`));
    expect(growth).toBeLessThan(LINEAR_GROWTH);
  });

  it('upload file names: runs of dots and spaces', () => {
    expect(sanitizeFileName(` ..report. . .pdf.. `)).toBe('report. . .pdf');
    expect(sanitizeFileName('.'.repeat(50))).toBe('document');
    expect(growthOverLongerInput((n) => sanitizeFileName(`a${'.'.repeat(n)}a`))).toBeLessThan(LINEAR_GROWTH);
    expect(growthOverLongerInput((n) => sanitizeFileName(`a${' .'.repeat(n)}a`))).toBeLessThan(LINEAR_GROWTH);
  });

  it('money amounts: a long run of digits that is not a number', () => {
    expect(moneyAmount.safeParse('12.50').success).toBe(true);
    expect(moneyAmount.safeParse(`${'1'.repeat(50)}x`).error?.issues[0]?.message).toBe('Amount must be a number');
    expect(growthOverLongerInput((n) => moneyAmount.safeParse(`${'1'.repeat(n)}x`))).toBeLessThan(LINEAR_GROWTH);
    expect(growthOverLongerInput((n) => moneyAmount.safeParse(`1${',000'.repeat(n)}x`))).toBeLessThan(LINEAR_GROWTH);
    expect(growthOverLongerInput((n) => moneyAmount.safeParse(`$${' '.repeat(n)}x`))).toBeLessThan(LINEAR_GROWTH);
  });
});

describe('oversized input is refused at once', () => {
  const t = useTestDatabase();

  /** Milliseconds of the fastest of five runs of one request. */
  async function bestRequestTime(send: () => Response | Promise<Response>, expectedStatus: number): Promise<number> {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const response = await send();
      await response.arrayBuffer();
      best = Math.min(best, performance.now() - started);
      expect(response.status).toBe(expectedStatus);
    }
    return best;
  }

  it('paths over 2 KB get 414, on every path, within a few times a normal request', async () => {
    const app = createApp({ db: t.db.prisma, env: testEnv, log: () => {}, clientDir });
    const atLimit = `/${'a'.repeat(PATH_MAX_BYTES - 1)}`;
    expect((await app.request(`http://localhost${atLimit}`)).status).toBe(200);
    for (const tooLong of [`/${'a'.repeat(PATH_MAX_BYTES)}`, `/api/messages/${'9'.repeat(3000)}/thread`, `/trpc/${'x'.repeat(3000)}`]) {
      const res = await app.request(`http://localhost${tooLong}?q=1`);
      expect(res.status, tooLong.slice(0, 20)).toBe(414);
      expect(await res.json()).toEqual({ message: 'The requested path is too long' });
    }
    const normal = await bestRequestTime(() => app.request('http://localhost/about'), 200);
    const slashes = await bestRequestTime(() => app.request(`http://localhost/a${'/'.repeat(15_000)}b`), 414);
    expect(slashes).toBeLessThan(normal * 5 + 5);
  });

  it('an x-file-name over 1 KB gets 400, within a few times a normal upload', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-linear-docs-'));
    try {
      const app = createApp({ db: t.db.prisma, env: { ...testEnv, DATA_DIR: dataDir }, log: () => {} });
      const seller = await createUser(t.db.prisma);
      const prototype = await createPrototype(t.db.prisma, seller.id);
      const cookie = `${SESSION_COOKIE}=${(await createSession(t.db.prisma, seller.id, 30)).token}`;
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(256, 0x20)]);
      const upload = (fileName: string) => () =>
        app.request(`http://localhost/api/prototypes/${prototype.id}/documents`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/octet-stream', 'x-file-name': fileName },
          body: pdf,
        });

      const tooLong = await upload(`${'.'.repeat(FILE_NAME_HEADER_MAX)}.pdf`)();
      expect(tooLong.status).toBe(400);
      expect((await tooLong.json()).message).toContain('File name is too long');
      // At the limit the name is read, and cleaned in linear time.
      const dotty = await upload(`a${'.'.repeat(FILE_NAME_HEADER_MAX - 6)}a.pdf`)();
      expect(dotty.status).toBe(201);

      const normal = await bestRequestTime(upload('report.pdf'), 201);
      const dots = await bestRequestTime(upload(`a${'.'.repeat(15_000)}a.pdf`), 400);
      expect(dots).toBeLessThan(normal * 5 + 5);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
