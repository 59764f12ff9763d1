/**
 * The recognition and microphone messages through the real server (English recognition only, as
 * on these machines): `change-speaker-language` (the host's for anyone, a member's for themself;
 * a language no engine here recognises refused with the reason; a recording goes on in the new
 * one), `webrtc-track-mute` (refused without a WebRTC recording) and `mbackend` (a note in the
 * server's log, nobody else's inbox).
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let host: CaptionClient;
let guest: CaptionClient;
const clients: CaptionClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Host') });
  clients.push(host);
  const status = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const user = await createGuest(server.url, 'Bo Guest');
  const found = await resolveRoomName(server.url, status.status.name!, user);
  guest = await CaptionClient.connect(server.url, { user, roomId: found.roomId, token: found.token });
  clients.push(guest);
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  removeDataDir(server?.dataDir);
});

/** The error answering `type` received after `mark`, or undefined once a ping's answer shows none came. */
async function answerTo(
  client: CaptionClient,
  type: string,
  mark: number,
): Promise<ServerMessageOf<'error'> | undefined> {
  const clientTimeMs = Date.now();
  client.send({ type: 'ping', clientTimeMs });
  await client.waitFor((m) => m.type === 'PONG' && m.clientTimeMs === clientTimeMs, 10_000, mark);
  const errors = client.received
    .slice(mark)
    .map((r) => r.message)
    .filter((m): m is ServerMessageOf<'error'> => m.type === 'error' && m.inReplyTo === type);
  return errors.at(-1);
}

const streamOf = (m: ServerMessage, avaId: string) =>
  m.type === 'room-status-update' ? m.status.audioStreams.find((s) => s.avaId === avaId) : undefined;

it('refuses a language no installed engine recognises, naming those that are', async () => {
  const mark = guest.received.length;
  host.send({ type: 'change-speaker-language', language: 'fr-FR', targetAvaId: guest.user.avaId });
  const refusal = await host.waitFor(
    (m) => m.type === 'error' && m.inReplyTo === 'change-speaker-language',
    10_000,
  );
  expect(refusal).toMatchObject({ error: { code: 'speech-unavailable' } });
  const text = (refusal as ServerMessageOf<'error'>).error.message;
  expect(text).toContain('no speech recognition for fr-FR is installed on this server');
  expect(text).toContain('en-US');
  // The languages listed are the ones GET /api/v1/config offers.
  const config = (await (await fetch(`${server.url}/api/v1/config`)).json()) as {
    speech: { langs: string[] };
  };
  expect(text).toContain(config.speech.langs.join(', '));
  expect(guest.received.slice(mark).some((r) => r.message.type === 'speaker-language')).toBe(false);
});

it('the host changes a guest’s language: the guest’s recording goes on in it and the guest is told', async () => {
  guest.startAudio('en-US');
  const started = await host.waitFor((m) => streamOf(m, guest.user.avaId) !== undefined, 10_000);
  const before = streamOf(started, guest.user.avaId)!.trackId;
  const mark = host.received.length;
  host.send({ type: 'change-speaker-language', language: 'en-GB', targetAvaId: guest.user.avaId });
  await guest.waitFor((m) => m.type === 'speaker-language' && m.language === 'en-GB', 10_000);
  // A fresh stream in the new language replaced the old one.
  await host.waitFor(
    (m) => {
      const s = streamOf(m, guest.user.avaId);
      return s !== undefined && s.trackId !== before;
    },
    10_000,
    mark,
  );
  expect(await answerTo(host, 'change-speaker-language', mark)).toBeUndefined();
  guest.stopAudio();
});

it('a member changes their own language, not the host’s', async () => {
  guest.send({ type: 'change-speaker-language', language: 'en-AU', targetAvaId: guest.user.avaId });
  await guest.waitFor((m) => m.type === 'speaker-language' && m.language === 'en-AU', 10_000);
  const mark = host.received.length;
  const guestMark = guest.received.length;
  guest.send({ type: 'change-speaker-language', language: 'en-AU', targetAvaId: host.user.avaId });
  expect((await answerTo(guest, 'change-speaker-language', guestMark))?.error.code).toBe('forbidden');
  expect(host.received.slice(mark).some((r) => r.message.type === 'speaker-language')).toBe(false);
});

it('webrtc-track-mute needs one’s own WebRTC recording', async () => {
  const mark = guest.received.length;
  guest.send({ type: 'webrtc-track-mute', trackId: 'mic-1', muted: true });
  const answer = await answerTo(guest, 'webrtc-track-mute', mark);
  expect(answer?.error).toEqual({
    code: 'invalid-message',
    message: 'webrtc-track-mute: no WebRTC audio is being recorded',
  });
});

it('mbackend is a note in the server’s log, with the room and the sender, shown to nobody', async () => {
  const info = vi.spyOn(server.app.log, 'info');
  const mark = host.received.length;
  const guestMark = guest.received.length;
  guest.send({ type: 'mbackend', content: 'captions looked late on my phone' });
  expect(await answerTo(guest, 'mbackend', guestMark)).toBeUndefined();
  expect(info).toHaveBeenCalledWith(
    expect.objectContaining({ avaId: guest.user.avaId, content: 'captions looked late on my phone' }),
    'a member’s note (mbackend)',
  );
  expect(JSON.stringify(host.received.slice(mark))).not.toContain('captions looked late');
  info.mockRestore();
});
