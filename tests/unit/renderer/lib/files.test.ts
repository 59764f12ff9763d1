import { describe, expect, it } from 'vitest';
import { browserFileTransfer, fileNameFromDisposition } from '../../../../src/renderer/lib/files';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the quoted one, then the fallback', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Reunion-2026.txt"; filename*=UTF-8''R%C3%A9union-2026.txt`,
        'x',
      ),
    ).toBe('Réunion-2026.txt');
    expect(fileNameFromDisposition('attachment; filename="Standup.srt"', 'x')).toBe('Standup.srt');
    expect(fileNameFromDisposition('attachment; filename=plain.vtt', 'x')).toBe('plain.vtt');
    expect(fileNameFromDisposition(null, 'export')).toBe('export');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'export')).toBe('export');
  });

  it('never keeps a path', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%5C..%5Cwin.ini`, 'x')).toBe('win.ini');
  });
});

describe('browserFileTransfer.download', () => {
  const transfer = (answer: () => Promise<Response>) =>
    browserFileTransfer(() => answer(), 'http://server', {} as Document);

  it('gives the body and the server’s file name', async () => {
    const result = await transfer(
      async () =>
        new Response('WEBVTT', { headers: { 'content-disposition': 'attachment; filename="a.vtt"' } }),
    ).download('/api/v1/rooms/r/transcripts/export?format=vtt', {});
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.fileName).toBe('a.vtt');
      expect(await result.data.blob.text()).toBe('WEBVTT');
    }
  });

  it('says the server’s reason, or the network’s, instead of throwing', async () => {
    const refused = await transfer(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'transcript-not-shared', content: { message: 'Not shared.' } } }),
          {
            status: 403,
          },
        ),
    ).download('/x', {});
    expect(refused).toMatchObject({ ok: false, status: 403, message: 'Not shared.' });
    const offline = await transfer(() => Promise.reject(new TypeError('Failed to fetch'))).download('/x', {});
    expect(offline).toMatchObject({ ok: false, status: 0, message: 'Failed to fetch' });
  });
});
