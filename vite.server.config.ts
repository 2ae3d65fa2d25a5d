// The production server compiled to plain JavaScript (dist/server/server.js), so `npm run serve` runs
// node without a transpiler (ADR 0021). Packages stay in node_modules (imported at run time); the
// project's own TypeScript, the generated Prisma client and the pre-rendered public pages' React code
// are bundled.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // public/ belongs to the browser build.
  publicDir: false,
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The public pages' code (pre-rendered at start-up) imports styles and images the browser build
  // handles; on the server only their URLs matter.
  build: {
    ssr: 'server.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    // The client's hashed file names must match the browser build's (manifest.json there).
    ssrEmitAssets: false,
    rollupOptions: { output: { format: 'esm', entryFileNames: 'server.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
});
