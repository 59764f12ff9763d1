/**
 * Phone conference dial-in over SIP, against a real SIP peer: Debian's baresip plays the
 * conference. The server is configured with it as its trunk (HEARKEN_SIP_TRUNK); the host dials
 * a conference's number with its codes; baresip answers, receives the codes as RFC 4733
 * telephone-events (its log says which) and sends a dev WAV as G.711 at 8 kHz; the room shows
 * its speech as captions of "Phone call" by the real PocketSphinx. The host hangs up with DELETE
 * and baresip sees the BYE; the room's end hangs up its call too. Only the host may dial or
 * hang up.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE_CALL_SPEAKER_NAME, dialSequence, pressedDigits } from '../../src/shared/phone-calls';
import { wordErrorRate } from '../../src/shared/wer';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { type Baresip, baresipInstalled, startBaresip } from '../helpers/baresip';
import { callIn, finals, phoneCallClient } from '../helpers/phone-call-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import {
  CAPTION_TEST_FILE,
  DEV_DIR,
  POCKETSPHINX_MEASURED_DEV_WER,
  devReference,
  devSamples,
} from '../helpers/speech';

const NUMBER = '+33123456789';
const ZOOM_DIGITS = dialSequence('zoom', '85512345678', '4321');
/** The line's silence before the speech (as a conference's while its codes are pressed) and after it (the recogniser ends its last line in it). */
const SILENCE_BEFORE_S = 3;
const SILENCE_AFTER_S = 8;

if (!baresipInstalled()) console.warn('baresip (Debian baresip) is not installed: .ci/run installs it');

let baresip: Baresip;
let server: TestServer;
const clients: CaptionClient[] = [];

beforeAll(async () => {
  baresip = await startBaresip({
    number: NUMBER,
    wav: join(DEV_DIR, CAPTION_TEST_FILE),
    leadSeconds: SILENCE_BEFORE_S,
    silenceSeconds: SILENCE_AFTER_S + 4,
  });
  server = await startTestServer({
    env: {
      HEARKEN_SIP_TRUNK: baresip.trunk,
      // Its hosts are guests: calls for everyone here (who may call is attacks-toll-fraud.test.ts's).
      HEARKEN_PHONE_CALLS_FOR: 'everyone',
    },
  });
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  await baresip?.stop();
  if (server) removeDataDir(server.dataDir);
});

const { callBody, post, hangUp, hostWithRoom } = phoneCallClient(() => server.url, clients, {
  calleeInternationalNumber: NUMBER,
  sendDigits: ZOOM_DIGITS,
});

it('runs on the SIP trunk when one is configured', () => {
  expect(server.phoneCalls.kind).toBe('sip');
});

it('the host dials the conference over SIP: it hears the codes, its speech shows as captions; the host hangs up', async () => {
  const host = await hostWithRoom('Ada Host');
  const guest = await createGuest(server.url, 'Bo Friend');
  const found = await resolveRoomName(server.url, host.status.name!, guest);
  const friend = await CaptionClient.connect(server.url, {
    user: guest,
    roomId: found.roomId,
    token: found.token,
  });
  clients.push(friend);

  // Only the host may dial: a member is refused as if the room were not theirs.
  expect((await post(guest, callBody(host.status.id))).status).toBe(404);
  const placed = await post(host.user, callBody(host.status.id));
  expect(placed.status).toBe(201);
  const sid = placed.body.sid as string;
  expect(sid).toMatch(/^SP[0-9a-f]{32}$/);

  await friend.waitFor((m) => callIn(m, sid)?.status === 'captioning', 20_000);
  expect(friend.received.map((r) => callIn(r.message, sid)?.status)).toContain('connected');
  await expect.poll(() => baresip.established(), { timeout: 10_000 }).toBe(1);

  // The conference heard the codes, digit by digit, as RFC 4733 events.
  await expect
    .poll(() => baresip.digits(), { timeout: 20_000, interval: 200 })
    .toBe(pressedDigits(ZOOM_DIGITS));

  // The whole WAV and some of the silence after it have come back over RTP.
  const sip = server.phoneCalls.sip!;
  const wavMs = (devSamples(CAPTION_TEST_FILE).length / 16_000) * 1000;
  await expect
    .poll(() => sip.framesReceived(sid) * 20, { timeout: 60_000, interval: 500 })
    .toBeGreaterThan((SILENCE_BEFORE_S + SILENCE_AFTER_S) * 1000 + wavMs);

  const mark = friend.received.length;
  expect((await hangUp(guest, sid)).status).toBe(404);
  expect(await hangUp(host.user, sid)).toMatchObject({ status: 200, body: { sid, status: 'ended' } });
  const ended = await friend.waitFor((m) => callIn(m, sid)?.status === 'ended', 10_000, mark);
  expect(callIn(ended, sid)?.reason).toBe('hung-up-by-host');
  // baresip got the BYE.
  await expect.poll(() => baresip.byes(), { timeout: 10_000 }).toBe(1);
  await friend.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.reason === 'audio-stream-stopped' &&
      m.status.audioStreams.length === 0,
    20_000,
  );

  const lines = finals(friend).filter((t) => t.authorShow === PHONE_CALL_SPEAKER_NAME);
  expect(lines.length).toBeGreaterThan(0);
  const text = lines.map((t) => t.texts[t.speechLang] ?? '').join(' ');
  const wer = wordErrorRate(devReference(CAPTION_TEST_FILE), text);
  console.log(`SIP phone call captions: WER ${wer.toFixed(3)}: ${text}`);
  expect(wer).toBeLessThanOrEqual(POCKETSPHINX_MEASURED_DEV_WER);
  expect(lines[0]!.asr?.engine).toBe('pocketsphinx:en-us');
  expect(new Set(lines.map((t) => t.author))).toEqual(new Set([callIn(ended, sid)!.avaId]));
}, 120_000);

it('the room’s end hangs up its SIP call with a BYE', async () => {
  const host = await hostWithRoom('Di Host');
  const before = baresip.byes();
  const placed = await post(host.user, callBody(host.status.id));
  expect(placed.status).toBe(201);
  const sid = placed.body.sid as string;
  await host.client.waitFor((m) => callIn(m, sid)?.status === 'captioning', 20_000);
  const mark = host.client.received.length;
  host.client.send({ type: 'connection-params-update', state: { value: 'ended' } });
  const ended = await host.client.waitFor((m) => callIn(m, sid)?.status === 'ended', 20_000, mark);
  expect(callIn(ended, sid)?.reason).toBe('room-ended');
  await expect.poll(() => baresip.byes(), { timeout: 10_000 }).toBe(before + 1);
}, 60_000);
