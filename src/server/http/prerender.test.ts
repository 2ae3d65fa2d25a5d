// The public pages render on the server to the same content the browser shows.
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, fillShell, prerenderPublicPages } from './prerender.ts';

describe('prerenderPublicPages', () => {
  it('renders every public page with its own title, description and content, as a guest', async () => {
    const errors: unknown[] = [];
    const pages = await prerenderPublicPages((line) => errors.push(line));
    expect(errors).toEqual([]);
    expect([...pages.keys()]).toEqual([...PRERENDERED_PATHS]);
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

  it('fills the shell only when a page was rendered', () => {
    const shell = '<html><head></head><body><div id="root"></div></body></html>';
    expect(fillShell(shell, undefined)).toBe(shell);
    expect(fillShell(shell, { html: '<p>$& literal</p>', head: '<title>T</title>' })).toBe(
      '<html><head><title>T</title>\n  </head><body><div id="root"><p>$& literal</p></div></body></html>',
    );
  });
});
