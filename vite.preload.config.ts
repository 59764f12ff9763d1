import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * The preload script: one CommonJS file (sandboxed preloads cannot load other files), with the
 * shared channel map bundled in.
 */
export default defineConfig((env) => {
  const forgeEntry = (env as { forgeConfigSelf?: { entry?: string } }).forgeConfigSelf?.entry;
  return {
    build: {
      outDir: '.vite/build',
      emptyOutDir: false,
      sourcemap: true,
      minify: false,
      copyPublicDir: false,
      rollupOptions: {
        external: ['electron', /^electron\//, ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
        input: forgeEntry ?? { preload: 'src/preload/preload.ts' },
        output: {
          format: 'cjs',
          codeSplitting: false,
          entryFileNames: '[name].cjs',
          chunkFileNames: '[name].cjs',
          assetFileNames: '[name].[ext]',
        },
      },
    },
    clearScreen: false,
  };
});
