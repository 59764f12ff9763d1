/**
 * After the conversation, through the real server: a conversation of real speech (PocketSphinx)
 * and a typed line gets its smart recap and caption quality report (made once, then kept), for
 * its readers only; and its host shares a read-only link that opens the transcript and its
 * export to anyone holding it, and nothing else. Every refusal of the link is walked: wrong
 * token, read-write token, a live room's token, unshared, forbidden sharing, deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { GuestUserWithCredential, Transcript } from '../../src/shared/entities';
import type { ServerMessageOf } from '../../src/shared/protocol';
import {
  RECAP_API,
  type CaptionQualityResponse,
  type ShareLinkResponse,
  type SharedTranscriptResponse,
  type SmartRecapResponse,
  sharedTranscriptPath,
} from '../../src/shared/recap/api';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { speak } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

let server: TestServer;
let host: CaptionClient;
let reader: CaptionClient;
let hostUser: GuestUserWithCredential;
let readerUser: GuestUserWithCredential;
let outsiderUser: GuestUserWithCredential;
const tokens = { ro: '', rw: '' };

async function call(method: string, path: string, user?: GuestUserWithCredential, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(user ? guestHeaders(user) : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: response.status, body: json, text };
}

const errorCode = (body: Record<string, unknown>) => (body.error as { code?: string } | undefined)?.code;
const db = () => server.database.db;
const setRoom = (changes: {
  forbid_sharing?: boolean;
  allow_transcripts_saving?: boolean;
  host_can_save?: boolean;
}) => db().updateTable('rooms').set(changes).where('id', '=', host.roomId).execute();

beforeAll(async () => {
  server = await startTestServer();
  hostUser = await createGuest(server.url, 'Ada Host');
  readerUser = await createGuest(server.url, 'Bo Reader');
  outsiderUser = await createGuest(server.url, 'Cy Outsider');
  host = await CaptionClient.connect(server.url, { user: hostUser });
  host.send({ type: 'update-title', title: 'Reading group' });
  const status = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const token = (link: string) => new URL(link).searchParams.get('token')!;
  tokens.ro = token(status.status.links.ro);
  tokens.rw = token(status.status.links.rw!);
  const found = await resolveRoomName(server.url, status.status.name!, readerUser);
  reader = await CaptionClient.connect(server.url, {
    user: readerUser,
    roomId: found.roomId,
    token: found.token,
  });
  await speak(host, devSamples(CAPTION_TEST_FILE));
  reader.send({
    type: 'typed-message',
    text: 'Could you repeat the part about the shop boy?',
    lang: 'en-US',
  });
  await host.waitFor((m) => m.type === 'transcript' && m.transcript.trackName === 'keyboard', 5000);
}, 120_000);

afterAll(async () => {
  await reader?.close();
  await host?.close();
  await server?.close();
  removeDataDir(server?.dataDir);
});

async function transcripts(): Promise<Transcript[]> {
  const answer = await call('GET', API.roomTranscripts(host.roomId), hostUser);
  return (answer.body as { transcripts: Transcript[] }).transcripts;
}

describe('while the conversation goes on', () => {
  it('makes no recap, no report and no link yet', async () => {
    const recap = await call('POST', RECAP_API.generateSmartRecap(host.roomId), readerUser, {});
    expect([recap.status, errorCode(recap.body)]).toEqual([409, 'conversation-not-ended']);
    const quality = await call('GET', RECAP_API.captionQuality(host.roomId), hostUser);
    expect(quality.status).toBe(409);
    // A live room's read-only token opens nothing through the shared route.
    const live = await call('GET', RECAP_API.sharedTranscript(tokens.ro));
    expect([live.status, errorCode(live.body)]).toEqual([404, 'link-not-valid']);
  });

  it('ends', async () => {
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    await reader.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
  });
});

describe('smart recap', () => {
  it('is made on the server, says so, and links each point to a line of the transcript', async () => {
    const answer = await call('POST', RECAP_API.generateSmartRecap(host.roomId), readerUser, {});
    expect(answer.status).toBe(200);
    const { recap } = answer.body as unknown as SmartRecapResponse;
    expect(recap.method).toBe('extractive');
    expect(recap.model).toBeUndefined();
    expect(recap.points.length).toBeGreaterThan(0);
    const lines = await transcripts();
    for (const point of recap.points) {
      const line = lines.find((t) => t.id === point.transcriptId);
      expect(line?.index).toBe(point.index);
      expect(line?.texts[line.speechLang]).toContain(point.text);
    }
    expect(recap.keywords.length).toBeGreaterThan(0);
    // Kept: the host gets the very same recap.
    const again = await call('POST', RECAP_API.generateSmartRecap(host.roomId), hostUser, {});
    expect(again.body).toEqual(answer.body);
    const rows = await db()
      .selectFrom('smart_recaps')
      .selectAll()
      .where('room_id', '=', host.roomId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is refused to someone who was not there, and to a member once the host forbids sharing', async () => {
    const outsider = await call('POST', RECAP_API.generateSmartRecap(host.roomId), outsiderUser, {});
    expect([outsider.status, errorCode(outsider.body)]).toEqual([404, 'room-ended']);
    expect((await call('POST', RECAP_API.generateSmartRecap(host.roomId), undefined, {})).status).toBe(401);
    await setRoom({ forbid_sharing: true });
    try {
      const refused = await call('POST', RECAP_API.generateSmartRecap(host.roomId), readerUser, {});
      expect([refused.status, errorCode(refused.body)]).toEqual([403, 'transcript-not-shared']);
      expect((await call('POST', RECAP_API.generateSmartRecap(host.roomId), hostUser, {})).status).toBe(200);
    } finally {
      await setRoom({ forbid_sharing: false });
    }
  });
});

describe('caption quality report', () => {
  it('counts the recognised words, the delay, and the engine and tier; nobody corrected: 0 corrected words, 0% against the corrected text', async () => {
    const answer = await call('GET', RECAP_API.captionQuality(host.roomId), readerUser);
    expect(answer.status).toBe(200);
    const { report } = answer.body as unknown as CaptionQualityResponse;
    const lines = await transcripts();
    const spokenLines = lines.filter((t) => t.origin === 'asr');
    expect(spokenLines.length).toBeGreaterThan(0);
    expect(report.recognisedWords).toBeGreaterThan(5);
    expect(report.engines).toEqual([
      { engine: 'pocketsphinx:en-us', tier: 'basic', words: report.recognisedWords },
    ]);
    expect(report.correctionsAvailable).toBe(true);
    expect(report.wordErrorRate).toBe(0);
    expect(report.correctedWords).toBe(0);
    expect(report.delay).not.toBeNull();
    expect(report.delay!.lines).toBe(spokenLines.length);
    expect(report.delay!.medianMs).toBeLessThanOrEqual(report.delay!.p95Ms);
    // Speech was sent faster than real time, but a final still comes after its last word ended.
    expect(report.delay!.medianMs).toBeGreaterThanOrEqual(0);
    expect(report.delay!.p95Ms).toBeLessThan(60_000);
    const again = await call('GET', RECAP_API.captionQuality(host.roomId), hostUser);
    expect(again.body).toEqual(answer.body);
  });
});

describe('read-only links', () => {
  it('are the host’s alone to share', async () => {
    const byReader = await call('POST', RECAP_API.shareLink(host.roomId), readerUser, {});
    expect([byReader.status, errorCode(byReader.body)]).toEqual([403, 'host-only']);
    expect((await call('GET', RECAP_API.shareLink(host.roomId), readerUser)).status).toBe(403);
    expect((await call('POST', RECAP_API.shareLink(host.roomId), outsiderUser, {})).status).toBe(404);
    const before = await call('GET', RECAP_API.shareLink(host.roomId), hostUser);
    expect(before.body).toEqual({ path: null } satisfies ShareLinkResponse);
    // Not yet shared: the read-only token opens nothing.
    expect((await call('GET', RECAP_API.sharedTranscript(tokens.ro))).status).toBe(404);
  });

  it('open the transcript and its export, read only, to someone with no account', async () => {
    const shared = await call('POST', RECAP_API.shareLink(host.roomId), hostUser, {});
    expect(shared.body).toEqual({ path: sharedTranscriptPath(tokens.ro) });
    const members = await db()
      .selectFrom('room_members')
      .selectAll()
      .where('room_id', '=', host.roomId)
      .execute();

    const opened = await call('GET', RECAP_API.sharedTranscript(tokens.ro));
    expect(opened.status).toBe(200);
    const body = opened.body as unknown as SharedTranscriptResponse;
    expect(body.status).toEqual({
      id: host.roomId,
      title: 'Reading group',
      startTimestampMs: expect.any(Number) as number,
      host: { avaId: hostUser.avaId, avaName: expect.any(String) as string },
      langs: expect.any(Array) as string[],
    });
    expect(body.transcripts).toEqual(await transcripts());
    expect(opened.text).not.toContain(tokens.rw);

    for (const format of ['txt', 'json', 'srt']) {
      const file = await call('GET', RECAP_API.sharedTranscriptExport(tokens.ro, { format }));
      expect(file.status, format).toBe(200);
      expect(file.text, format).not.toContain(tokens.rw);
    }
    expect(file400(await call('GET', RECAP_API.sharedTranscriptExport(tokens.ro, { format: 'exe' })))).toBe(
      true,
    );
    // An account or a guest opening it is no different, and nobody became a member.
    expect((await call('GET', RECAP_API.sharedTranscript(tokens.ro), outsiderUser)).status).toBe(200);
    const after = await db()
      .selectFrom('room_members')
      .selectAll()
      .where('room_id', '=', host.roomId)
      .execute();
    expect(after).toEqual(members);
    // The link does not join: the room itself still refuses the outsider.
    expect((await call('GET', API.roomTranscripts(host.roomId), outsiderUser)).status).toBe(404);
  });

  it('open nothing with a wrong token or the read-write token', async () => {
    for (const token of [tokens.rw, `${tokens.ro}x`, 'nothing-at-all']) {
      for (const path of [
        RECAP_API.sharedTranscript(token),
        RECAP_API.sharedTranscriptExport(token, { format: 'txt' }),
      ]) {
        const answer = await call('GET', path);
        expect([answer.status, errorCode(answer.body)], path).toEqual([404, 'link-not-valid']);
      }
    }
  });

  it('stop when the host forbids sharing, or the conversation is not kept for others', async () => {
    for (const changes of [
      { forbid_sharing: true },
      { allow_transcripts_saving: false, host_can_save: false },
    ]) {
      await setRoom(changes);
      try {
        expect((await call('GET', RECAP_API.sharedTranscript(tokens.ro))).status).toBe(404);
        const again = await call('POST', RECAP_API.shareLink(host.roomId), hostUser, {});
        expect([again.status, errorCode(again.body)]).toEqual([403, 'transcript-not-shareable']);
        expect((await call('GET', RECAP_API.shareLink(host.roomId), hostUser)).body).toEqual({ path: null });
      } finally {
        await setRoom({ forbid_sharing: false, allow_transcripts_saving: true });
      }
    }
    expect((await call('GET', RECAP_API.sharedTranscript(tokens.ro))).status).toBe(200);
  });

  it('stop when the host stops sharing', async () => {
    const stopped = await call('DELETE', RECAP_API.shareLink(host.roomId), hostUser);
    expect(stopped.body).toEqual({ path: null });
    expect((await call('GET', RECAP_API.sharedTranscript(tokens.ro))).status).toBe(404);
    expect((await call('POST', RECAP_API.shareLink(host.roomId), hostUser, {})).status).toBe(200);
    expect((await call('GET', RECAP_API.sharedTranscript(tokens.ro))).status).toBe(200);
  });

  it('stop when the host deletes the conversation, and its reports go with it', async () => {
    // The host's delete of their saved entry removes the whole conversation.
    expect((await call('POST', API.roomSavedTranscript(host.roomId), hostUser, {})).status).toBeLessThan(300);
    expect((await call('DELETE', API.savedTranscript(host.roomId), hostUser)).status).toBe(204);
    const answer = await call('GET', RECAP_API.sharedTranscript(tokens.ro));
    expect([answer.status, errorCode(answer.body)]).toEqual([404, 'link-not-valid']);
    for (const table of ['smart_recaps', 'caption_quality_reports', 'transcript_share_links'] as const) {
      const rows = await db().selectFrom(table).selectAll().where('room_id', '=', host.roomId).execute();
      expect(rows, table).toEqual([]);
    }
  });
});

function file400(answer: { status: number; body: Record<string, unknown> }): boolean {
  return answer.status === 400 && errorCode(answer.body) === 'invalid-export';
}
