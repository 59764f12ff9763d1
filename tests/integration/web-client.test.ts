/**
 * The web client's files as the server sends them (src/server/http/web-client.ts): the brotli or
 * gzip copy the build made, chosen by Accept-Encoding, with the right headers; the file itself
 * when no copy exists; hashed files cached for a year, the rest revalidated (304 on a matching
 * ETag); nothing outside the folder reachable; client routes answered with index.html, a missing
 * chunk with a 404. First on the plugin alone (every case), then through the whole server (its
 * access control and security headers in front).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/lib/precompress';
import { IMMUTABLE, REVALIDATE, registerWebClient } from '../../src/server/http/web-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

const SCRIPT = 'assets/app-AbCd1234.js';
const STYLE_GZIP_ONLY = 'assets/style-Xy_z9876.css';
const NO_COPIES = 'assets/tiny-Qwe-1234.js';
const INDEX = 'index.html';
const SECRET = 'outside-secret.txt';

let root: string;
let webDir: string;

function fixture(): void {
  root = mkdtempSync(join(tmpdir(), 'hearken-web-client-'));
  webDir = join(root, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  const lines = (word: string, n: number) =>
    Array.from({ length: n }, (_, i) => `const ${word}${i} = "${word} number ${i}";`).join('\n');
  writeFileSync(join(webDir, SCRIPT), lines('caption', 400));
  writeFileSync(join(webDir, STYLE_GZIP_ONLY), lines('.rule', 200).replace(/const /g, ''));
  writeFileSync(join(webDir, NO_COPIES), 'export const x = 1;');
  writeFileSync(
    join(webDir, INDEX),
    `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head><body>${'<p>hello</p>'.repeat(200)}</body></html>`,
  );
  writeFileSync(join(root, SECRET), 'not for the web');
}

const original = (file: string) => readFileSync(join(webDir, file));

beforeAll(async () => {
  fixture();
  await precompressDir(webDir);
  // A build whose brotli copy of one file is missing: gzip, then the file itself, must serve.
  unlinkSync(join(webDir, `${STYLE_GZIP_ONLY}.br`));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the build step', () => {
  it('wrote brotli and gzip copies that decompress to the files, and none for a file too small to gain', () => {
    expect(brotliDecompressSync(readFileSync(join(webDir, `${SCRIPT}.br`)))).toEqual(original(SCRIPT));
    expect(gunzipSync(readFileSync(join(webDir, `${SCRIPT}.gz`)))).toEqual(original(SCRIPT));
    expect(readFileSync(join(webDir, `${SCRIPT}.br`)).length).toBeLessThan(original(SCRIPT).length / 4);
    expect(() => readFileSync(join(webDir, `${NO_COPIES}.br`))).toThrow();
  });
});

describe('serving the web client', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerWebClient(app, webDir);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends the brotli copy to a browser that accepts brotli, with its encoding, length and Vary', async () => {
    const res = await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload)).toEqual(original(SCRIPT));
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(gunzipSync(res.rawPayload)).toEqual(original(SCRIPT));
  });

  it('sends the file itself to a client that accepts no compression, still saying it varies', async () => {
    const res = await get(`/${SCRIPT}`, {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(original(SCRIPT));
    const refused = await get(`/${SCRIPT}`, { 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload).toEqual(original(SCRIPT));
  });

  it('falls back to gzip when the brotli copy is missing, and to the file when no copy exists', async () => {
    const style = await get(`/${STYLE_GZIP_ONLY}`, { 'accept-encoding': 'br, gzip' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-encoding']).toBe('gzip');
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(style.rawPayload)).toEqual(original(STYLE_GZIP_ONLY));
    const tiny = await get(`/${NO_COPIES}`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.rawPayload).toEqual(original(NO_COPIES));
  });

  it('caches hashed files for a year and revalidates index.html, also when it is a client route', async () => {
    const index = await get('/index.html', { 'accept-encoding': 'br' });
    expect(index.headers['cache-control']).toBe(REVALIDATE);
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.rawPayload)).toEqual(original(INDEX));
    const route = await get('/web/conversations/some-room-12?token=abc', { 'accept-encoding': 'gzip' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe(REVALIDATE);
    expect(route.headers['content-type']).toMatch(/^text\/html/);
    expect(gunzipSync(route.rawPayload)).toEqual(original(INDEX));
  });

  it('answers 304 to a matching ETag, per encoding', async () => {
    const first = await get('/index.html', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/index.html', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The plain file is another representation: the brotli copy's ETag does not validate it.
    const plain = await get('/index.html', { 'if-none-match': etag });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload).toEqual(original(INDEX));
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await get(`/${SCRIPT}.br`, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers a missing chunk with 404, not the page', async () => {
    const res = await get('/assets/gone-Zz123456.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('never reaches a file outside the folder', async () => {
    for (const url of [
      `/../${SECRET}`,
      `/assets/../../${SECRET}`,
      `/%2e%2e/${SECRET}`,
      `/assets/%2e%2e%2f%2e%2e%2f${SECRET}`,
      `/assets/..%5c..%5c${SECRET}`,
      `/%2e%2e%2f${SECRET}.br`,
    ]) {
      for (const encoding of ['br', '']) {
        const res = await get(url, encoding ? { 'accept-encoding': encoding } : {});
        expect(res.body, url).not.toContain('not for the web');
      }
    }
  });
});

describe('through the whole server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { HEARKEN_WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });

  /** A raw HTTP request (fetch would decompress and normalise the path). */
  function raw(path: string, headers: Record<string, string>) {
    return new Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: Buffer;
    }>((done, fail) => {
      const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', fail);
      req.end();
    });
  }

  it('sends the brotli copy over the wire with its length, the cache policy and the security headers', async () => {
    const res = await raw(`/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(brotliDecompressSync(res.body)).toEqual(original(SCRIPT));
  });

  it('serves a client route as the revalidated page, a missing chunk and an unknown API path as 404s', async () => {
    const page = await raw('/web/conversations', { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe(REVALIDATE);
    expect(gunzipSync(page.body)).toEqual(original(INDEX));
    expect((await raw('/assets/gone-Zz123456.js', {})).status).toBe(404);
    expect((await raw('/api/v1/nothing-here', {})).status).toBe(404);
    expect((await raw(`/%2e%2e/${SECRET}`, {})).body.toString()).not.toContain('not for the web');
  });
});
