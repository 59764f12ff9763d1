/**
 * Which routes are the web folder's files (they need no access-table row), and serving the web
 * client only once it is built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { isWebClientFile, serveWebClientIfBuilt } from '../../../../src/server/http/web-client';

const webDir = mkdtempSync(join(tmpdir(), 'hearken-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Hearken</title>');
writeFileSync(join(webDir, 'favicon.ico'), 'icon');
mkdirSync(join(webDir, 'web'));
writeFileSync(join(webDir, 'web', 'index.html'), '<!doctype html>');
mkdirSync(join(webDir, 'api', 'v1'), { recursive: true });
writeFileSync(join(webDir, 'api', 'v1', 'config.json'), '{}');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

describe('isWebClientFile', () => {
  it("is a file of the web folder, or a folder's index", () => {
    expect(isWebClientFile(webDir, '/favicon.ico')).toBe(true);
    expect(isWebClientFile(webDir, '/web')).toBe(true);
    expect(isWebClientFile(webDir, '/')).toBe(true);
  });

  it('is never under /api, nor a file that is not there', () => {
    expect(isWebClientFile(webDir, '/api/v1/config.json')).toBe(false);
    expect(isWebClientFile(webDir, '/missing.js')).toBe(false);
    expect(isWebClientFile(webDir, '/rooms')).toBe(false);
  });
});

describe('serveWebClientIfBuilt', () => {
  it('serves a built client', async () => {
    const app = Fastify();
    await serveWebClientIfBuilt(app, webDir);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Hearken');
    await app.close();
  });

  it('says how to build one that is not, and serves the rest', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    const missing = join(webDir, 'not-built');
    await serveWebClientIfBuilt(app, missing);
    app.get('/api/v1/health', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect(lines.join('')).toContain(`web client not built (${missing}); run \\"npm run build:web\\"`);
    await app.close();
  });
});
