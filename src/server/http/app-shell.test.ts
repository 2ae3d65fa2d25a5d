// The loader script of pre-rendered pages, run in a bare VM: it holds clicks on [data-replay-click]
// controls until <html data-hydrated>, then clicks each once; its hash is the one the CSP allows.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAppShell } from './app-shell.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-shell-test-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  `<html><head></head><body><div id="root"></div>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</body></html>`,
);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

function loaderOf(html: string): string {
  const match = /<script>([\s\S]*?)<\/script>\s*<\/body>/.exec(html);
  if (!match?.[1]) throw new Error('no inline loader before </body>');
  return match[1];
}

interface FakeControl {
  isConnected: boolean;
  clicks: number;
  click(): void;
}

/** Runs the loader with a fake document; returns a way to click and to mark the app live. */
function runLoader(script: string) {
  const attributes = new Set<string>();
  const clickListeners = new Set<(event: unknown) => void>();
  let onAttributes: (() => void) | null = null;
  const imports: string[] = [];
  const document = {
    documentElement: { hasAttribute: (name: string) => attributes.has(name) },
    addEventListener: (type: string, listener: (event: unknown) => void, capture: boolean) => {
      if (type === 'click' && capture) clickListeners.add(listener);
    },
    removeEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'click') clickListeners.delete(listener);
    },
  };
  class MutationObserver {
    constructor(private readonly callback: (records: unknown[], observer: MutationObserver) => void) {}
    observe() {
      onAttributes = () => this.callback([], this);
    }
    disconnect() {
      onAttributes = null;
    }
  }
  const context = {
    document,
    MutationObserver,
    PerformanceObserver: class {
      observe() {}
    },
    setTimeout: () => 0,
    import: (url: string) => imports.push(url),
  };
  // `import()` is syntax, not a function: route it to the fake for the VM.
  vm.runInNewContext(script.replace(/\bimport\(/g, 'this.import('), context);

  /** A click on a target inside `control` (or on nothing that needs the app); the event as left by the listeners. */
  function click(control: FakeControl | null) {
    const event = {
      defaultPrevented: false,
      propagationStopped: false,
      target: { closest: (selector: string) => (selector === '[data-replay-click]' ? control : null) },
      preventDefault() {
        this.defaultPrevented = true;
      },
      stopPropagation() {
        this.propagationStopped = true;
      },
    };
    for (const listener of [...clickListeners]) listener(event);
    if (control && !event.propagationStopped) control.clicks++;
    return event;
  }
  function control(): FakeControl {
    const self: FakeControl = { isConnected: true, clicks: 0, click: () => void click(self) };
    return self;
  }
  function markLive() {
    attributes.add('data-hydrated');
    onAttributes?.();
  }
  return { click, control, markLive, listeners: () => clickListeners.size };
}

describe('the loader of pre-rendered pages', () => {
  const shell = loadAppShell(clientDir);
  const page = shell.loadAfterPaint(shell.html);
  const loader = loaderOf(page);

  it('replaces the entry script and is allowed by its hash', () => {
    expect(page).not.toContain('type="module"');
    expect(loader).toContain('"/assets/index-abc.js"');
    expect(shell.scriptHashes).toContain(createHash('sha256').update(loader).digest('base64'));
  });

  it('holds clicks on controls that need the app until it is live, then clicks each once, in order', () => {
    const app = runLoader(loader);
    const send = app.control();
    const menu = app.control();
    const gone = app.control();

    const held = app.click(send);
    // Cancelled (no plain HTML form submission) and kept from the app's own handlers.
    expect(held).toMatchObject({ defaultPrevented: true, propagationStopped: true });
    app.click(menu);
    app.click(menu);
    app.click(gone);
    gone.isConnected = false;
    expect([send.clicks, menu.clicks, gone.clicks]).toEqual([0, 0, 0]);

    app.markLive();
    expect([send.clicks, menu.clicks, gone.clicks]).toEqual([1, 2, 0]);
    expect(app.listeners()).toBe(0);
    // Live: clicks go straight to the app.
    app.click(send);
    expect(send.clicks).toBe(2);
  });

  it('leaves other clicks alone', () => {
    const app = runLoader(loader);
    expect(app.click(null)).toMatchObject({ defaultPrevented: false, propagationStopped: false });
  });
});
