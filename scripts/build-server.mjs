// Bundles the conversation server and its speech worker into dist/server with esbuild. Only our
// own code is bundled: packages (native addons, PGlite's WebAssembly) load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'speech-worker': 'src/native/speech/worker.ts',
    'speech-boost-host': 'src/native/speech/boost-host.ts',
    'gazetteer-worker': 'src/server/places/gazetteer-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built dist/server (main.js, speech-worker.js, speech-boost-host.js, gazetteer-worker.js)');
