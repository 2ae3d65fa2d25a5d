// The built index.html as served: the tiny pre-paint theme script inlined (one blocking request
// fewer before first paint), allowed by its hash in the Content-Security-Policy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

export interface AppShell {
  html: string;
  /** SHA-256 (base64) of each inline script, for `script-src`. */
  scriptHashes: string[];
}

export function loadAppShell(clientDir: string): AppShell {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const themeScriptFile = path.join(clientDir, 'theme-init.js');
  if (!html.includes(THEME_SCRIPT_TAG) || !fs.existsSync(themeScriptFile)) return { html, scriptHashes: [] };
  const script = fs.readFileSync(themeScriptFile, 'utf8');
  return {
    html: html.replace(THEME_SCRIPT_TAG, () => `<script>${script}</script>`),
    scriptHashes: [createHash('sha256').update(script).digest('base64')],
  };
}
