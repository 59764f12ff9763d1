import { defineConfig, mergeConfig } from 'vite';
import web from './vite.renderer.config';

/**
 * The React app as the desktop app loads it (app://hearken/...): the web build's config with
 * absolute asset paths (client routes like /cc/conversation are nested) and the output where
 * forge's Vite plugin expects the `main_window` renderer.
 */
export const DESKTOP_RENDERER_NAME = 'main_window';

// The desktop app reads its files from disk: compressed copies would only be packaged for nothing.
const withoutPrecompress = {
  ...web,
  plugins: (web.plugins ?? []).filter(
    (plugin) =>
      !(plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'hearken-precompress'),
  ),
};

export default defineConfig(
  mergeConfig(withoutPrecompress, {
    base: '/',
    build: { outDir: `../../.vite/renderer/${DESKTOP_RENDERER_NAME}`, emptyOutDir: true },
  }),
);
