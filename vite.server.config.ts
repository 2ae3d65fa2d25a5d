// The production server compiled to plain JavaScript (dist/server/server.js), so `npm run serve` runs
// node without a transpiler (ADR 0021). Packages stay in node_modules (imported at run time); the
// project's own TypeScript and the generated Prisma client are bundled. The public pages are rendered
// at build time (scripts/prerender.ts), so no React code is part of the server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  // public/ belongs to the browser build.
  publicDir: false,
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      // The workers are entries of their own: a worker thread loads each beside server.js
      // (documents/document-jobs.ts, db/embedded.ts).
      input: {
        server: 'server.ts',
        'document-worker': 'src/server/documents/document-worker.mjs',
        'embedded-worker': 'src/server/db/embedded-worker.mjs',
      },
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
