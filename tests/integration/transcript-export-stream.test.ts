/**
 * Issue 29 (F-13): a large export through the real server is streamed: sent in chunks as it is
 * written (chunked transfer, no length known ahead), not made whole first; and what arrives is
 * the whole document, every line in order, the same bytes as the whole-file writer's.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { EXPORT_PAGE_SIZE } from '../../src/shared/transcript-export/stream';
import { CaptionClient, createGuest, guestHeaders } from '../../scripts/lib/socket-client';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

/** Several pages of lines (stream.ts writes a page a chunk). */
const LINES = EXPORT_PAGE_SIZE * 3 + 40;

let server: TestServer;
let host: CaptionClient;
let user: GuestUserWithCredential;

beforeAll(async () => {
  server = await startTestServer({ env: { HEARKEN_TYPED_MESSAGES_PER_MINUTE: '100000' } });
  user = await createGuest(server.url, 'Ada Host');
  host = await CaptionClient.connect(server.url, { user });
  // 40 at a time, each batch once the last is shown and a second has passed: under the
  // socket's 50 messages a second however fast the server shows them.
  for (let sent = 0; sent < LINES; sent += 40) {
    for (let i = sent; i < sent + 40; i++)
      host.send({ type: 'typed-message', text: `line ${i} of the minutes\nits second line --> ${i}` });
    await Promise.all([
      host.waitFor((m) => m.type === 'transcript' && m.seq >= sent + 40, 30_000),
      new Promise((r) => setTimeout(r, 1000)),
    ]);
  }
}, 120_000);

afterAll(async () => {
  await host?.close();
  await server?.close();
  removeDataDir(server?.dataDir);
});

/** The export's answer as the socket gives it: headers, and each piece of the body as it came. */
function download(format: string): Promise<{ headers: Record<string, unknown>; pieces: Buffer[] }> {
  const url = new URL(`${server.url}${API.roomTranscriptExport(host.roomId, { format })}`);
  return new Promise((resolve, reject) => {
    request(url, { headers: guestHeaders(user) }, (response) => {
      const pieces: Buffer[] = [];
      response.on('data', (piece: Buffer) => pieces.push(piece));
      response.on('end', () => resolve({ headers: response.headers, pieces }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('a large export', () => {
  for (const format of ['txt', 'md', 'srt', 'vtt', 'json']) {
    it(`is streamed as ${format}, whole and in order`, async () => {
      const { headers, pieces } = await download(format);
      expect(headers['transfer-encoding'], format).toBe('chunked');
      expect(headers['content-length'], format).toBeUndefined();
      const text = Buffer.concat(pieces).toString('utf8');
      const seen = [...text.matchAll(/line (\d+) of the minutes/g)].map((m) => Number(m[1]));
      expect(seen, format).toEqual(Array.from({ length: LINES }, (_, i) => i));
    });
  }

  it('sends DOCX whole (its library zips the whole document), with its length', async () => {
    const { headers } = await download('docx');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBeGreaterThan(1000);
  });
});
