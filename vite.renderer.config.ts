import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/lib/precompress.ts';

// The React app for web and desktop. `npm run build:web` writes dist/web, which the
// conversation server serves; `npm run dev` serves it with hot reload and proxies the API and
// socket to a server on HEARKEN_PORT (default 8080).
const serverPort = Number(process.env.HEARKEN_PORT ?? 8080);

export default defineConfig({
  root: 'src/renderer',
  base: '/',
  // Brotli and gzip copies of every text file, made once here (scripts/lib/precompress.ts).
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunk holds which module (the e2e test checks what a guest loads).
    manifest: true,
    // The first page's code is one chunk on purpose (below); what it costs a guest on the wire
    // (about 180 KB as brotli) is what `npm run bench:web` watches, not this minified size.
    chunkSizeWarningLimit: 750,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one chunk: without this, each module that a lazy
          // screen shares with the entry became a chunk of its own (50 requests of 1-2 KB on a
          // guest's phone). The lazy screens and the SDKs they load keep their own chunks.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});
