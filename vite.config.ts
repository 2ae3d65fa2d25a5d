import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

/**
 * Writes .br and .gz next to each built text asset, once, at build time; the server sends them to
 * browsers that accept them (serveStatic's `precompressed`), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist/client';
  return {
    name: 'atomix-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [
    // Must come before react(): generates src/routes/routeTree.gen.ts and splits each route's code.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The manifest lets the server preload each page's route chunks (src/server/http/route-preload.ts).
  build: { outDir: 'dist/client', manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    // `npm run dev`: the API runs on API_PORT, Vite serves the client with hot reload.
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/trpc': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
      '/readyz': `http://127.0.0.1:${apiPort}`,
    },
  },
});
