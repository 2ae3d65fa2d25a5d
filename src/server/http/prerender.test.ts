// The public pages render ahead of time to the same content the browser shows, and the server reads
// what the build wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prerender } from '~/client/prerender.tsx';
import { PRERENDERED_PATHS, fillShell, prerenderedFile, readPrerenderedPages } from './prerender.ts';

describe('pre-rendered public pages', () => {
  it('renders every public page with its own title, description and content, as a guest', async () => {
    const pages = new Map<string, { html: string; head: string }>();
    for (const p of PRERENDERED_PATHS) pages.set(p, await prerender(p));
    const home = pages.get('/')!;
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    expect(text(home.html)).toContain('Powering Tomorrow&#x27;s Energy Solutions');
    expect(text(home.html)).toContain('HomeAboutServicesTechnologyContact'); // the navbar
    expect(home.head).toContain('<title data-prerendered="">Atomix Energy</title>');
    // The whole page, lazy sections below the fold included: nothing left pending for the browser.
    expect(text(home.html)).toContain('Atomic Fusion Process');
    for (const page of pages.values()) expect(page.html).not.toMatch(/<!--\$[?!]-->|<template/);
    expect(text(pages.get('/contact')!.html)).toContain('Get In Touch');
    expect(pages.get('/technology')!.head).toContain('Innovation Timeline | Atomix Energy');
    for (const [path, page] of pages) {
      expect(page.html, path).not.toContain('<title');
      expect(page.html, path).not.toContain('<script');
      expect(page.head.match(/<title/g), path).toHaveLength(1);
    }
  }, 60_000);

  it('are read from beside the client build; without them the server serves the plain shell and says why', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atomix-prerendered-'));
    const clientDir = path.join(dist, 'client');
    const errors: unknown[] = [];
    expect(readPrerenderedPages(clientDir, (line) => errors.push(line)).size).toBe(0);
    expect(JSON.stringify(errors)).toContain('no pre-rendered public pages');
    fs.writeFileSync(
      prerenderedFile(clientDir),
      JSON.stringify({ '/about': { html: '<h1>About</h1>', head: '<title>A</title>' }, '/x': { html: '', head: '' } }),
    );
    expect([...readPrerenderedPages(clientDir, () => {}).entries()]).toEqual([['/about', { html: '<h1>About</h1>', head: '<title>A</title>' }]]);
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('fills the shell only when a page was rendered', () => {
    const shell = '<html><head></head><body><div id="root"></div></body></html>';
    expect(fillShell(shell, undefined)).toBe(shell);
    expect(fillShell(shell, { html: '<p>$& literal</p>', head: '<title>T</title>' })).toBe(
      '<html><head><title>T</title>\n  </head><body><div id="root"><p>$& literal</p></div></body></html>',
    );
  });
});
