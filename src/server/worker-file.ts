// Where a worker thread's file is: beside the module that starts it in the sources (`<name>.mjs`,
// plain JavaScript that tsx, Vitest and Node load as it is), or beside server.js once built
// (vite.server.config.ts emits each worker as an entry of its own, `<name>.js`; the module that starts
// it may sit one level down, in chunks/).
import fs from 'node:fs';

/** `from`: the starting module's `import.meta.url`. */
export function workerFile(name: string, from: string): URL {
  for (const candidate of [`./${name}.mjs`, `./${name}.js`, `../${name}.js`]) {
    const url = new URL(candidate, from);
    if (fs.existsSync(url)) return url;
  }
  throw new Error(`${name} not found beside the server`);
}
