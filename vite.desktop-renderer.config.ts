import { defineConfig, mergeConfig } from 'vite';
import web from './vite.renderer.config';

/**
 * The React app as the desktop app loads it (app://hearken/...): the web build's config with
 * absolute asset paths (client routes like /cc/conversation are nested) and the output where
 * forge's Vite plugin expects the `main_window` renderer.
 */
export const DESKTOP_RENDERER_NAME = 'main_window';

export default defineConfig(
  mergeConfig(web, {
    base: '/',
    build: { outDir: `../../.vite/renderer/${DESKTOP_RENDERER_NAME}`, emptyOutDir: true },
  }),
);
