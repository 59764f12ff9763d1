import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The React app for web and desktop. `npm run build:web` writes dist/web, which the
// conversation server serves; `npm run dev` serves it with hot reload and proxies the API and
// socket to a server on HEARKEN_PORT (default 8080).
const serverPort = Number(process.env.HEARKEN_PORT ?? 8080);

export default defineConfig({
  root: 'src/renderer',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});
