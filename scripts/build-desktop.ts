/**
 * Builds the desktop app's bundles as electron-forge's Vite plugin does when it packages
 * (.vite/build/{main,offline-captions,preload}.cjs and .vite/renderer/main_window), without
 * packaging: for the security scan, the Electron smoke test and `electron .`. Needs no Electron
 * binary.
 */
import { build } from 'vite';
import { DESKTOP_RENDERER_NAME } from '../vite.desktop-renderer.config';
import { MAIN_ENTRIES } from '../vite.main.config';

const quiet = { logLevel: 'warn' as const };

// The constants forge's plugin defines in main-process bundles: no dev server when built.
const forgeDefines = {
  MAIN_WINDOW_VITE_DEV_SERVER_URL: 'undefined',
  MAIN_WINDOW_VITE_NAME: JSON.stringify(DESKTOP_RENDERER_NAME),
};

await build({ configFile: 'vite.desktop-renderer.config.ts', mode: 'production', ...quiet });
for (const entry of Object.keys(MAIN_ENTRIES)) {
  process.env.HEARKEN_MAIN_ENTRY = entry;
  await build({ configFile: 'vite.main.config.ts', mode: 'production', define: forgeDefines, ...quiet });
}
delete process.env.HEARKEN_MAIN_ENTRY;
await build({ configFile: 'vite.preload.config.ts', mode: 'production', ...quiet });
console.log(
  `built .vite/build (main, offline-captions, preload) and .vite/renderer/${DESKTOP_RENDERER_NAME}`,
);
