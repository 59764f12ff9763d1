/**
 * Serves the built web client (dist/web): its files, and index.html for every client-side route.
 *
 * - Compression: the build wrote brotli and gzip copies beside each text file
 *   (scripts/lib/precompress.ts); @fastify/static's `preCompressed` sends the copy the request's
 *   Accept-Encoding prefers (brotli, then gzip), with its Content-Encoding, Content-Length and
 *   `Vary: Accept-Encoding`, and the file itself when no copy exists or none is accepted. Nothing
 *   is compressed per request.
 * - Caching: a file whose name carries its content hash (Vite's `assets/name-HASH.ext`) never
 *   changes, so it is cached for a year without revalidation; everything else (index.html, which
 *   names the current hashes, and unhashed files) is revalidated on every use (`no-cache`, with
 *   the ETag and Last-Modified that @fastify/send answers 304 to).
 * - A missing file under /assets/ is a 404, not the app's page: a page left open across a deploy
 *   asks for a chunk that is gone, and must get an error it can recover from (the crash page
 *   reloads), not HTML in place of a script.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiError } from '../../shared/api';

export const ASSETS_PREFIX = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's hashed output: `assets/<name>-<8 characters of hash>.<ext>` (maybe with .map). */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(?:\.map)?$/;
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** The Cache-Control of a served file, by its path on disk (a compressed copy counts as its original). */
export function cacheControlFor(filePath: string): string {
  const logical = filePath.replace(/\\/g, '/').replace(COMPRESSED_COPY, '');
  return HASHED_ASSET.test(logical) ? IMMUTABLE : REVALIDATE;
}

export async function registerWebClient(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    // Decided per file in setHeaders; the plugin's default would say max-age=0 for everything.
    cacheControl: false,
    // The compressed copies are sent in place of their original, never as files of their own.
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', cacheControlFor(filePath));
    },
  });
  // Client-side routes (/web/...) are all the single-page app.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith(ASSETS_PREFIX)) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(apiError('not-found', `${request.method} ${path} does not exist`));
  });
}

/**
 * Whether a GET route is one of the web folder's files (or a folder's index) that the static
 * plugin serves: those need no row in the access table (http/access-hook.ts). Never under /api.
 */
export function isWebClientFile(webDir: string, url: string): boolean {
  return (
    !url.startsWith('/api/') &&
    (existsSync(join(webDir, url, 'index.html')) || (url.includes('.') && existsSync(join(webDir, url))))
  );
}

/** Serves the web client when it is built; the API works without it, and the log says how to build it. */
export async function serveWebClientIfBuilt(app: FastifyInstance, webDir: string): Promise<void> {
  if (existsSync(join(webDir, 'index.html'))) await registerWebClient(app, webDir);
  else app.log.warn(`web client not built (${webDir}); run "npm run build:web"`);
}
