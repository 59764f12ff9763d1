/**
 * Phone conference dial-in through the real server and Twilio's stand-in (which speaks Twilio's
 * REST API, signed status callbacks and Media Streams): the host dials a conference's number
 * with its codes; the stand-in answers, checks the DTMF it hears and streams a dev WAV as mu-law
 * 8 kHz frames; the room shows its speech as captions of "Phone call" by the real PocketSphinx,
 * after G.711 decoding and resampling to 16 kHz; the host hangs up with DELETE. A guest member
 * may neither dial nor hang up; a wrong code makes the conference hang up; the room's end hangs
 * up its call; unsigned callbacks and media streams are refused.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/shared/protocol';
import { PHONE_CALL_ROUTES, PHONE_CALL_SPEAKER_NAME, dialSequence } from '../../src/shared/phone-calls';
import { wordErrorRate } from '../../src/shared/wer';
import { twilioSignature } from '../../src/server/phone-calls/twilio-signature';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { callIn, finals, phoneCallClient } from '../helpers/phone-call-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import {
  CAPTION_TEST_FILE,
  DEV_DIR,
  POCKETSPHINX_MEASURED_DEV_WER,
  devReference,
  devSamples,
} from '../helpers/speech';

/** The stand-in conference's codes: a Zoom meeting id and its passcode. */
const MEETING_ID = '85512345678';
const PASSCODE = '4321';
const ZOOM_DIGITS = dialSequence('zoom', MEETING_ID, PASSCODE);

let server: TestServer;
const clients: CaptionClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    env: {
      HEARKEN_PHONE_STAND_IN_AUDIO: join(DEV_DIR, CAPTION_TEST_FILE),
      HEARKEN_PHONE_STAND_IN_DIGITS: `${MEETING_ID}##${PASSCODE}#`,
      // Its hosts are guests: calls for everyone here (who may call is attacks-toll-fraud.test.ts's).
      HEARKEN_PHONE_CALLS_FOR: 'everyone',
    },
  });
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  if (server) removeDataDir(server.dataDir);
});

const { callBody, post, hangUp, hostWithRoom } = phoneCallClient(() => server.url, clients, {
  calleeInternationalNumber: '+33123456789',
  sendDigits: ZOOM_DIGITS,
});

it('runs on Twilio’s stand-in when no account is configured', () => {
  expect(server.phoneCalls.kind).toBe('stand-in');
});

it('the host dials a conference: its speech shows as captions of “Phone call”; the host hangs up', async () => {
  const host = await hostWithRoom('Ada Host');
  const guest = await createGuest(server.url, 'Bo Friend');
  const found = await resolveRoomName(server.url, host.status.name!, guest);
  const friend = await CaptionClient.connect(server.url, {
    user: guest,
    roomId: found.roomId,
    token: found.token,
  });
  clients.push(friend);

  // Only the host may dial: a member is refused as if the room were not theirs; nobody without proof.
  expect((await post(guest, callBody(host.status.id))).status).toBe(404);
  expect((await post(undefined, callBody(host.status.id))).status).toBe(401);
  // The spec's codes only.
  const refused = await post(
    host.user,
    callBody(host.status.id, { calleeInternationalNumber: '+442071234567' }),
  );
  expect(refused).toMatchObject({
    status: 400,
    body: { error: { content: { message: 'Invalid international code' } } },
  });

  const placed = await post(host.user, callBody(host.status.id));
  expect(placed.status).toBe(201);
  const sid = placed.body.sid as string;
  expect(sid).toMatch(/^CA[0-9a-f]{32}$/);
  expect(placed.body.status).toBe('dialing');
  // A second call while this one is on is refused.
  expect((await post(host.user, callBody(host.status.id))).status).toBe(409);

  // Everyone sees it ring, answer and caption; the number only the host.
  await friend.waitFor((m) => callIn(m, sid)?.status === 'captioning', 20_000);
  const seen = friend.received.map((r) => callIn(r.message, sid)?.status).filter(Boolean);
  expect(seen).toContain('ringing');
  expect(seen).toContain('connected');
  const friendView = friend.received
    .map((r) => callIn(r.message, sid))
    .filter(Boolean)
    .at(-1)!;
  expect(friendView.calleeInternationalNumber).toBeUndefined();
  const hostView = (await host.client.waitFor(
    (m) => callIn(m, sid)?.status === 'captioning',
    5000,
  )) as ServerMessage;
  expect(callIn(hostView, sid)).toMatchObject({
    calleeInternationalNumber: '+33123456789',
    conferenceType: 'zoom',
    speechLang: 'en-US',
  });

  // What Twilio was asked, and what the conference heard.
  const standIn = server.phoneCalls.standIn!;
  const call = standIn.calls.get(sid)!;
  expect(call.form.get('To')).toEqual(['+33123456789']);
  expect(call.form.get('SendDigits')).toEqual([ZOOM_DIGITS]);
  // The stream's URL names the call's room (a cluster's node relays it to the room's owner).
  expect(call.form.get('Twiml')?.[0]).toContain(
    `<Connect><Stream url="${server.url.replace(/^http/, 'ws')}/api/v1/calls/media/${encodeURIComponent(host.status.id)}">`,
  );
  await expect.poll(() => call.admitted, { timeout: 10_000 }).toBe(true);
  expect(call.pressed).toBe(`${MEETING_ID}##${PASSCODE}#`);

  // The whole WAV, in real time, then a few seconds of the line's silence to end its last line.
  const wavMs = (devSamples(CAPTION_TEST_FILE).length / 16_000) * 1000;
  await expect
    .poll(() => call.framesSent * 20, { timeout: 60_000, interval: 500 })
    .toBeGreaterThan(wavMs + 5000 + 3000);

  const mark = friend.received.length;
  expect((await hangUp(guest, sid)).status).toBe(404);
  const hungUp = await hangUp(host.user, sid);
  expect(hungUp).toMatchObject({ status: 200, body: { sid, status: 'ended' } });
  const ended = await friend.waitFor((m) => callIn(m, sid)?.status === 'ended', 10_000, mark);
  expect(callIn(ended, sid)?.reason).toBe('hung-up-by-host');
  await expect.poll(() => call.done, { timeout: 5000 }).toBe(true);
  await friend.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.reason === 'audio-stream-stopped' &&
      m.status.audioStreams.length === 0,
    20_000,
  );
  // Hanging up twice changes nothing.
  expect(await hangUp(host.user, sid)).toMatchObject({ status: 200, body: { status: 'ended' } });

  const lines = finals(friend).filter((t) => t.authorShow === PHONE_CALL_SPEAKER_NAME);
  expect(lines.length).toBeGreaterThan(0);
  const text = lines.map((t) => t.texts[t.speechLang] ?? '').join(' ');
  const wer = wordErrorRate(devReference(CAPTION_TEST_FILE), text);
  console.log(`phone call captions: WER ${wer.toFixed(3)}: ${text}`);
  expect(wer).toBeLessThanOrEqual(POCKETSPHINX_MEASURED_DEV_WER);
  expect(lines[0]!.asr?.engine).toBe('pocketsphinx:en-us');
  expect(new Set(lines.map((t) => t.author)).size).toBe(1);
  expect(lines[0]!.author).toBe(friendView.avaId);
}, 120_000);

it('a wrong code: the conference hangs up, and the room is told why', async () => {
  const host = await hostWithRoom('Cy Host');
  const placed = await post(
    host.user,
    callBody(host.status.id, { sendDigits: dialSequence('zoom', '999', '') }),
  );
  expect(placed.status).toBe(201);
  const sid = placed.body.sid as string;
  const ended = await host.client.waitFor((m) => callIn(m, sid)?.status === 'ended', 20_000);
  expect(callIn(ended, sid)?.reason).toBe('conference-hung-up');
  expect(server.phoneCalls.standIn!.calls.get(sid)?.admitted).toBe(false);
}, 40_000);

it('the room’s end hangs up its call', async () => {
  const host = await hostWithRoom('Di Host');
  const placed = await post(host.user, callBody(host.status.id));
  const sid = placed.body.sid as string;
  await host.client.waitFor((m) => callIn(m, sid)?.status === 'captioning', 20_000);
  const mark = host.client.received.length;
  host.client.send({ type: 'connection-params-update', state: { value: 'ended' } });
  const ended = await host.client.waitFor((m) => callIn(m, sid)?.status === 'ended', 20_000, mark);
  expect(callIn(ended, sid)?.reason).toBe('room-ended');
  await expect.poll(() => server.phoneCalls.standIn!.calls.get(sid)?.done, { timeout: 5000 }).toBe(true);
}, 40_000);

it('status callbacks and media streams without Twilio’s signature are refused', async () => {
  const body = new URLSearchParams({ CallSid: `CA${'0'.repeat(32)}`, CallStatus: 'completed' }).toString();
  const url = `${server.url}${PHONE_CALL_ROUTES.statusCallback}?token=abc`;
  const postForm = (headers: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
  expect((await postForm({})).status).toBe(403);
  const params = new Map([
    ['CallSid', [`CA${'0'.repeat(32)}`]],
    ['CallStatus', ['completed']],
  ]);
  expect(
    (await postForm({ 'x-twilio-signature': twilioSignature('not the token', url, params) })).status,
  ).toBe(403);
  // Signed with the right token: taken, but no call has that token.
  const signed = twilioSignature(server.phoneCalls.authToken, url, params);
  expect((await postForm({ 'x-twilio-signature': signed })).status).toBe(404);

  const mediaUrl = `${server.url.replace(/^http/, 'ws')}${PHONE_CALL_ROUTES.media}`;
  const refusedSocket = await new Promise<number | string>((resolve) => {
    const ws = new WebSocket(mediaUrl);
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => resolve('opened'));
    ws.on('error', () => undefined);
  });
  expect(refusedSocket).toBe(401);
  // Signed, but its start names no call: closed.
  const closed = await new Promise<number>((resolve) => {
    const ws = new WebSocket(mediaUrl, {
      headers: { 'x-twilio-signature': twilioSignature(server.phoneCalls.authToken, mediaUrl) },
    });
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          event: 'start',
          sequenceNumber: '1',
          streamSid: `MZ${'1'.repeat(32)}`,
          start: {
            accountSid: 'AC',
            streamSid: `MZ${'1'.repeat(32)}`,
            callSid: `CA${'1'.repeat(32)}`,
            tracks: ['inbound'],
            customParameters: { token: 'guessed' },
            mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
          },
        }),
      ),
    );
    ws.on('close', (code) => resolve(code));
  });
  expect(closed).toBe(1008);
});
