// Serving the built client: the app shell for routes, files by name, precompressed assets, 404s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { testDatabase } from './test/database.ts';
import { testEnv } from './test/harness.ts';

let app: ReturnType<typeof createApp>;
let clientDir = '';
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
const script = 'console.log("atomix");'.repeat(100);
const themeScript = "document.documentElement.classList.toggle('dark', false);";

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><script src="/theme-init.js"></script>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, 'theme-init.js'), themeScript);
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      'src/routes/about.tsx?tsr-split=component': { file: 'assets/about-1.js', imports: ['_shared.js'] },
      '_section.js': { file: 'assets/section-1.js' },
      'src/routes/_auth/profile.tsx?tsr-split=component': { file: 'assets/profile-1.js', imports: ['_shared.js', '_section.js'] },
    }),
  );
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc.js'), script);
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
  const db = await testDatabase();
  app = createApp({
    db: db.prisma,
    env: testEnv,
    log: () => {},
    clientDir,
    prerendered: new Map([['/about', { html: '<h1>About us</h1>', head: '<title>About | Atomix Energy</title>' }]]),
  });
});

describe('the built client', () => {
  it('serves the app shell for "/" and every app route, uncached', async () => {
    for (const route of ['/', '/about', '/admin-panel', '/prototypes/12']) {
      const res = await app.request(`http://localhost${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves files by name, hashed assets cached for a year, brotli when accepted', async () => {
    expect((await app.request('http://localhost/favicon.svg')).status).toBe(200);
    const br = await app.request('http://localhost/assets/index-abc.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const plain = await app.request('http://localhost/assets/index-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers a missing file with 404, not the app shell', async () => {
    for (const file of ['/assets/index-old.js', '/missing.png']) {
      const res = await app.request(`http://localhost${file}`);
      expect(res.status, file).toBe(404);
    }
  });

  it('preloads the chunks of the requested page that the entry does not already load', async () => {
    const profile = await (await app.request('http://localhost/profile')).text();
    expect(profile).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-1.js">');
    expect(profile).toContain('href="/assets/section-1.js"');
    expect(profile.match(/shared-1\.js/g)).toHaveLength(1); // index.html's own preload only
    expect(profile).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(await (await app.request('http://localhost/unknown-page')).text()).not.toContain('profile-1.js');
  });

  it('loads the code of a pre-rendered page after first paint, by an inline script the CSP allows', async () => {
    const res = await app.request('http://localhost/about');
    const html = await res.text();
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').find((s) => s.includes('import('));
    expect(loader).toContain('import("/assets/index-abc.js")');
    expect(loader).toContain("'first-contentful-paint'");
    const hash = createHash('sha256')
      .update(loader ?? '')
      .digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('does not serve dot-directories such as the build manifest', async () => {
    expect((await app.request('http://localhost/.vite/manifest.json')).status).toBe(404);
  });

  it('inlines the pre-paint theme script and allows exactly it by hash in the CSP', async () => {
    const res = await app.request('http://localhost/');
    const html = await res.text();
    expect(html).toContain(`<script>${themeScript}</script>`);
    expect(html).not.toContain('src="/theme-init.js"');
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(res.headers.get('content-security-policy')).toContain("style-src 'self'; style-src-attr 'unsafe-inline';");
  });

  it('serves pre-rendered pages inside the shell, with their title in <head>', async () => {
    const html = await (await app.request('http://localhost/about')).text();
    expect(html).toContain('<div id="root"><h1>About us</h1></div>');
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<title>About | Atomix Energy</title>');
    expect(await (await app.request('http://localhost/services')).text()).toContain('<div id="root"></div>');
  });

  it('marks pages requested with a session cookie, so the browser loads the data layer at once', async () => {
    for (const route of ['/about', '/profile']) {
      const guest = await (await app.request(`http://localhost${route}`)).text();
      expect(guest, route).not.toContain('data-session');
      const withCookie = await app.request(`http://localhost${route}`, { headers: { cookie: 'atomix_session=abc' } });
      expect(await withCookie.text(), route).toContain('<html data-session>');
      // Over HTTPS the cookie carries the __Host- prefix.
      const overHttps = await app.request(`https://localhost${route}`, { headers: { cookie: '__Host-atomix_session=abc' } });
      expect(await overHttps.text(), route).toContain('<html data-session>');
    }
  });

  it('keeps unknown /api paths a JSON 404 even with a client mounted', async () => {
    const res = await app.request('http://localhost/api/unknown');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});
