import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * The desktop app's Node-side bundles (main process, offline-captions utility process), as
 * CommonJS in .vite/build. electron-forge's Vite plugin builds each entry of forge.config.ts with
 * this config; scripts/build-desktop.ts builds them the same way without packaging.
 * Native addons stay outside the bundle and are packaged from node_modules (forge.config.ts).
 */
export const NATIVE_PACKAGES = ['koffi', 'sherpa-onnx-node'];

export const MAIN_ENTRIES = {
  main: 'src/main/main.ts',
  'offline-captions': 'src/native/offline/process.ts',
};

/** CommonJS has no import.meta: our code's `createRequire(import.meta.url)` gets the file's URL. */
const IMPORT_META_URL = '__hearkenImportMetaUrl';

export default defineConfig((env) => {
  const forgeEntry = (env as { forgeConfigSelf?: { entry?: string | Record<string, string> } })
    .forgeConfigSelf?.entry;
  // scripts/build-desktop.ts builds one entry at a time, as forge does.
  const only = process.env.HEARKEN_MAIN_ENTRY as keyof typeof MAIN_ENTRIES | undefined;
  const entry = forgeEntry ?? (only ? { [only]: MAIN_ENTRIES[only] } : MAIN_ENTRIES);
  return {
    build: {
      outDir: '.vite/build',
      emptyOutDir: false,
      sourcemap: true,
      minify: false,
      copyPublicDir: false,
      lib: {
        entry,
        formats: ['cjs'],
        fileName: (_format, name) => `${name}.cjs`,
      },
      rollupOptions: {
        external: [
          'electron',
          /^electron\//,
          ...builtinModules,
          ...builtinModules.map((m) => `node:${m}`),
          ...NATIVE_PACKAGES,
          /^sherpa-onnx-/,
        ],
        output: {
          intro: `const ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;`,
          // Dynamic imports stay in the file: one self-contained bundle per process.
          codeSplitting: false,
        },
      },
    },
    resolve: { conditions: ['node'], mainFields: ['module', 'jsnext:main', 'jsnext'] },
    define: {
      'import.meta.url': IMPORT_META_URL,
      // Empty: updates and expiry notices are off unless the build names a feed.
      HEARKEN_UPDATE_FEED: JSON.stringify(process.env.HEARKEN_UPDATE_FEED ?? ''),
    },
    clearScreen: false,
  };
});
