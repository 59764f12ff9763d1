/**
 * The meeting bot through the real server and the provider stand-in (which speaks Recall.ai's
 * HTTP API, signed webhooks and real-time audio socket): the host sends a bot to a Zoom link,
 * everyone sees its statuses move as the stand-in's webhooks arrive, the meeting's sound (a dev
 * WAV) arrives on the real-time socket and shows as captions by the real PocketSphinx, as a
 * participant named after the meeting; the host ends it. Webhooks without a valid signature
 * are refused; a second bot and a link that is no meeting's are refused.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import type { Transcript } from '../../src/shared/entities';
import { MEETING_BOT_ROUTES } from '../../src/shared/api';
import { wordErrorRate } from '../../src/shared/wer';
import { signWebhook } from '../../src/server/meeting-bot/svix-signature';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { CAPTION_TEST_FILE, DEV_DIR, POCKETSPHINX_MEASURED_DEV_WER, devReference } from '../helpers/speech';

let server: TestServer;
const clients: CaptionClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    env: { HEARKEN_MEETING_BOT_STAND_IN_AUDIO: join(DEV_DIR, CAPTION_TEST_FILE) },
  });
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  if (server) removeDataDir(server.dataDir);
});

const botStatuses = (client: CaptionClient, from = 0) =>
  client.received
    .slice(from)
    .map((r) => r.message)
    .filter((m): m is ServerMessageOf<'ava-bot-status'> => m.type === 'ava-bot-status');

const finals = (client: CaptionClient): Transcript[] =>
  client.received
    .map((r) => r.message)
    .flatMap((m: ServerMessage) => (m.type === 'transcript' && m.transcript.isFinal ? [m.transcript] : []));

it('runs on the stand-in when no provider key is configured', () => {
  expect(server.meetingBots.kind).toBe('stand-in');
});

it('a bot joins a Zoom meeting, is let in, and the meeting’s speech shows as captions named after it', async () => {
  const host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Ada Host') });
  clients.push(host);
  const status = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const guest = await createGuest(server.url, 'Bo Friend');
  const found = await resolveRoomName(server.url, status.status.name!, guest);
  const friend = await CaptionClient.connect(server.url, {
    user: guest,
    roomId: found.roomId,
    token: found.token,
  });
  clients.push(friend);

  // Only the host may send a bot.
  friend.send({ type: 'request-ava-bot', speechLang: 'en-US', meetingUrl: 'https://zoom.us/j/123456789' });
  await friend.waitFor((m) => m.type === 'error' && m.error.code === 'forbidden', 5000);

  host.send({
    type: 'request-ava-bot',
    speechLang: 'en-US',
    meetingUrl: 'https://zoom.us/j/123456789?pwd=x',
  });
  await friend.waitFor((m) => m.type === 'ava-bot-status' && m.status === 'CAPTIONING', 20_000);
  const seen = botStatuses(friend).map((m) => m.status);
  expect(seen.slice(0, 3)).toEqual(['LOADING', 'LOADING', 'WAITING_FOR_HOST']);
  expect(seen).toContain('CONNECTED');
  expect(botStatuses(friend).at(-1)).toMatchObject({
    meetingUrl: 'https://zoom.us/j/123456789?pwd=x',
    speechLang: 'en-US',
  });

  // What the provider was asked: the meeting, and a real-time endpoint with this bot's token.
  const [created] = [...server.meetingBots.standIn!.bots.values()];
  expect(created!.request.meeting_url).toBe('https://zoom.us/j/123456789?pwd=x');
  const endpoint = created!.request.recording_config.realtime_endpoints[0]!;
  expect(endpoint.events).toEqual(['audio_mixed_raw.data']);
  // It names the bot's room too (a cluster's node relays it to the room's owner).
  expect(endpoint.url).toMatch(
    new RegExp(`^ws://.*${MEETING_BOT_ROUTES.audio}\\?token=[A-Za-z0-9]{32}&room=${status.status.id}$`),
  );

  // A second bot while this one is there is refused, to the host only.
  const mark = host.received.length;
  host.send({
    type: 'request-ava-bot',
    speechLang: 'en-US',
    meetingUrl: 'https://meet.google.com/abc-defg-hij',
  });
  await host.waitFor(
    (m) => m.type === 'ava-bot-status' && m.error === 'ava_bot_requested_already',
    5000,
    mark,
  );

  // The meeting's sound (the whole WAV, in real time), then the stand-in's everyone-left.
  await friend.waitFor((m) => m.type === 'ava-bot-status' && m.status === 'DISCONNECT', 40_000);
  await friend.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.reason === 'audio-stream-stopped' &&
      m.status.audioStreams.length === 0,
    20_000,
  );
  const lines = finals(friend).filter((t) => t.authorShow === 'Zoom meeting 123456789');
  expect(lines.length).toBeGreaterThan(0);
  const text = lines.map((t) => t.texts[t.speechLang] ?? '').join(' ');
  expect(wordErrorRate(devReference(CAPTION_TEST_FILE), text)).toBeLessThanOrEqual(
    POCKETSPHINX_MEASURED_DEV_WER,
  );
  expect(lines[0]!.asr?.engine).toBe('pocketsphinx:en-us');
  expect(botStatuses(friend).at(-1)).toMatchObject({
    status: 'DISCONNECT',
    error: 'timeout_exceeded_everyone_left',
  });
}, 90_000);

it('the host ends the bot: it leaves the meeting and everyone sees it disconnected', async () => {
  const host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Cy Host') });
  clients.push(host);
  host.send({
    type: 'request-ava-bot',
    speechLang: 'en-US',
    meetingUrl: 'https://meet.google.com/abc-defg-hij',
  });
  await host.waitFor((m) => m.type === 'ava-bot-status' && m.status === 'CONNECTED', 20_000);
  const mark = host.received.length;
  host.send({ type: 'end-ava-bot' });
  await host.waitFor((m) => m.type === 'ava-bot-status' && m.status === 'DISCONNECT', 5000, mark);
  // The stand-in was told to leave: its bot finished.
  const bot = [...server.meetingBots.standIn!.bots.values()].find(
    (b) => b.request.meeting_url === 'https://meet.google.com/abc-defg-hij',
  );
  await expect.poll(() => bot?.done, { timeout: 5000 }).toBe(true);
  expect(botStatuses(host, mark).at(-1)?.error).toBeUndefined();
}, 40_000);

it('a link that is no meeting’s is refused, and the test meeting’s only where tests allow it', async () => {
  const host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Di Host') });
  clients.push(host);
  for (const meetingUrl of ['https://example.com/j/1', 'http://127.0.0.1:1/test-meeting/x']) {
    const mark = host.received.length;
    host.send({ type: 'request-ava-bot', speechLang: 'en-US', meetingUrl });
    const answer = await host.waitFor((m) => m.type === 'error' || m.type === 'ava-bot-status', 5000, mark);
    expect(answer).toMatchObject({ type: 'error', error: { code: 'invalid-message' } });
  }
});

it('webhooks without a valid signature are refused; a signed one is taken', async () => {
  const body = JSON.stringify({
    event: 'bot.in_call_recording',
    data: {
      data: { code: 'in_call_recording', sub_code: null, updated_at: '' },
      bot: { id: 'nobody', metadata: {} },
    },
  });
  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}${MEETING_BOT_ROUTES.webhook}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  expect((await post({})).status).toBe(401);
  const forged = signWebhook(
    'whsec_' + Buffer.from('not the secret').toString('base64'),
    'msg_1',
    Date.now(),
    body,
  );
  expect((await post({ ...forged })).status).toBe(401);
  // The stand-in's own secret (the one the server was configured with) signs a valid one.
  const secret = server.meetingBots.webhookSecret;
  expect(secret).toMatch(/^whsec_/);
  const signed = signWebhook(secret!, 'msg_2', Date.now(), body);
  expect((await post({ ...signed })).status).toBe(204);
  const stale = signWebhook(secret!, 'msg_3', Date.now() - 10 * 60_000, body);
  expect((await post({ ...stale })).status).toBe(401);
});
