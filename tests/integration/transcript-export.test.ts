/**
 * Exports through the real server: a conversation of real speech (PocketSphinx, with its word
 * timings) and a typed line, ended by the host, downloaded in every format by a member; the
 * subtitle files parse back with a kept library, with increasing times and the speakers' names.
 * Someone who is not a member, or proves nothing, gets nothing.
 */
import JSZip from 'jszip';
import { parseSync } from 'subtitle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { EXPORT_FORMAT_IDS } from '../../src/shared/transcript-export/formats';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import type { ServerMessageOf } from '../../src/shared/protocol';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { speak } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

let server: TestServer;
let host: CaptionClient;
let reader: CaptionClient;
let readerUser: GuestUserWithCredential;

beforeAll(async () => {
  server = await startTestServer();
  host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Host') });
  host.send({ type: 'update-title', title: 'Reading group' });
  const status = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  readerUser = await createGuest(server.url, 'Bo Reader');
  const found = await resolveRoomName(server.url, status.status.name!, readerUser);
  reader = await CaptionClient.connect(server.url, {
    user: readerUser,
    roomId: found.roomId,
    token: found.token,
  });
  const spoken = await speak(host, devSamples(CAPTION_TEST_FILE));
  expect(
    spoken.filter((t) => t.isFinal && Object.values(t.texts).some((x) => x.trim())).length,
  ).toBeGreaterThan(0);
  reader.send({ type: 'typed-message', text: 'Could you repeat that?', lang: 'en-US' });
  await host.waitFor((m) => m.type === 'transcript' && m.transcript.trackName === 'keyboard', 5000);
  host.send({ type: 'connection-params-update', state: { value: 'ended' } });
  await reader.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
}, 120_000);

afterAll(async () => {
  await reader?.close();
  await host?.close();
  await server?.close();
  removeDataDir(server?.dataDir);
});

async function download(
  format: string,
  user: GuestUserWithCredential | undefined,
  extra: Record<string, string> = {},
) {
  const response = await fetch(
    `${server.url}${API.roomTranscriptExport(host.roomId, { format, ...extra })}`,
    {
      headers: user ? guestHeaders(user) : {},
    },
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function cues(text: string) {
  return parseSync(text).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
}

describe('a finished conversation as files', () => {
  it('gives a member every format, named after the title, as an attachment', async () => {
    for (const format of EXPORT_FORMAT_IDS) {
      const { response, bytes } = await download(format, readerUser);
      expect(response.status, format).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="Reading-group-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
      );
      expect(bytes.length, format).toBeGreaterThan(50);
    }
  });

  it('writes SRT and WebVTT that parse back, in increasing time, with the speakers named', async () => {
    for (const format of ['srt', 'vtt']) {
      const text = (await download(format, readerUser)).bytes.toString('utf8');
      const parsed = cues(text);
      expect(parsed.length, format).toBeGreaterThan(1);
      for (let i = 1; i < parsed.length; i++) {
        expect(parsed[i]!.start).toBeGreaterThanOrEqual(parsed[i - 1]!.end);
        expect(parsed[i]!.end).toBeGreaterThan(parsed[i]!.start);
      }
      // SRT names the speaker in the text; WebVTT once, in its voice tag.
      const named = (who: string) => (format === 'srt' ? `${who}: ` : `<v ${who}>`);
      expect(parsed[0]!.text.startsWith(named('Ada Host')), parsed[0]!.text).toBe(true);
      if (format === 'vtt') expect(parsed[0]!.text).not.toContain('Ada Host:');
      // (Anywhere: the speech was streamed faster than spoken, so its audio clock runs ahead of the wall clock.)
      expect(parsed.some((cue) => cue.text.includes(`${named('Bo Reader')}Could you repeat that?`))).toBe(
        true,
      );
    }
  });

  it('writes the same lines as text, Markdown, DOCX and JSON', async () => {
    const text = (await download('txt', readerUser, { ui: 'fr', timeZone: 'Europe/Paris' })).bytes.toString(
      'utf8',
    );
    expect(text.split('\n')[0]).toBe('Reading group');
    expect(text).toMatch(/\(Europe\/Paris\)/);
    expect(text).toContain('Bo Reader (écrit): Could you repeat that?');
    const md = (await download('md', readerUser)).bytes.toString('utf8');
    expect(md).toContain('**Bo Reader** *(typed)*: Could you repeat that?');
    const zip = await JSZip.loadAsync((await download('docx', readerUser)).bytes);
    expect(await zip.file('word/document.xml')!.async('string')).toContain('Could you repeat that?');
    const json = JSON.parse((await download('json', readerUser)).bytes.toString('utf8')) as {
      blocs: { author: string }[];
      endTimestampMs: number | null;
      title: string;
    };
    expect(json.title).toBe('Reading group');
    expect(json.endTimestampMs).not.toBeNull();
    expect(json.blocs.some((b) => b.author === readerUser.avaId)).toBe(true);
  });

  it('refuses a stranger, someone who proves nothing, and a format or zone it does not know', async () => {
    expect((await download('txt', await createGuest(server.url, 'Stranger'))).response.status).toBe(404);
    expect((await download('txt', undefined)).response.status).toBe(401);
    const bad = await download('exe', readerUser);
    expect(bad.response.status).toBe(400);
    expect(bad.bytes.toString()).toContain('format: one of txt, md, srt, vtt, docx, json');
    expect((await download('txt', readerUser, { timeZone: 'Mars/Olympus' })).response.status).toBe(400);
  });
});
