/**
 * Brotli and gzip copies of the built web client's text files (`x.js` -> `x.js.br`, `x.js.gz`),
 * made once when the client is built, so the server sends a phone a quarter of the bytes without
 * spending CPU on every request (src/server/http/web-client.ts picks the copy the browser
 * accepts). Both at their highest level: the cost is paid once per build, never per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files browsers fetch as text. Source maps are left out: only developer tools read them. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
export const MIN_BYTES = 1024;

export interface PrecompressResult {
  file: string;
  bytes: number;
  br?: number;
  gz?: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses one file; a copy that would not be smaller is not written. */
export async function precompressFile(path: string): Promise<PrecompressResult> {
  const data = await readFile(path);
  const result: PrecompressResult = { file: path, bytes: data.length };
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) {
    await writeFile(`${path}.br`, br);
    result.br = br.length;
  }
  if (gz.length < data.length) {
    await writeFile(`${path}.gz`, gz);
    result.gz = gz.length;
  }
  return result;
}

/** Every compressible file of `dir` (and its folders) of at least MIN_BYTES. */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const work: Promise<PrecompressResult>[] = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    if ((await stat(path)).size < MIN_BYTES) continue;
    work.push(precompressFile(path));
  }
  return Promise.all(work);
}

/** The Vite plugin: compresses the output folder once everything is written. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'hearken-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const results = await precompressDir(outDir);
      const total = (key: 'bytes' | 'br' | 'gz') => results.reduce((sum, r) => sum + (r[key] ?? r.bytes), 0);
      this.info(
        `precompressed ${results.length} files: ${total('bytes')} bytes, ${total('br')} as brotli, ${total('gz')} as gzip`,
      );
    },
  };
}
