/**
 * Bad input on the realtime socket: every malformed, unknown, oversized or flooding message is
 * answered with an error naming the problem, and nothing else in the room changes.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AUDIO_FRAME_BYTES } from '../../src/shared/constants';
import { SOCKET_PATH, type ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { speak } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

type ErrorMessage = Extract<ServerMessage, { type: 'error' }>;

async function rawSocket(
  url: string,
): Promise<{ ws: WebSocket; next: (n?: number) => Promise<ServerMessage[]> }> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + SOCKET_PATH);
  const inbox: ServerMessage[] = [];
  ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as ServerMessage));
  await new Promise((r) => ws.once('open', r));
  const next = async (n = 1) => {
    const deadline = Date.now() + 5000;
    while (inbox.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return inbox.splice(0, n);
  };
  return { ws, next };
}

describe('socket robustness', () => {
  let server: TestServer;
  let host: CaptionClient;

  beforeAll(async () => {
    server = await startTestServer();
    host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Host') });
  });
  afterAll(async () => {
    await host?.close();
    await server?.close();
    removeDataDir(server.dataDir);
  });

  it('names the problem in malformed, unknown and invalid messages, and keeps the connection', async () => {
    const { ws, next } = await rawSocket(server.url);
    ws.send('{not json');
    ws.send(JSON.stringify([1, 2]));
    ws.send(JSON.stringify({ type: 'make-coffee' }));
    ws.send(JSON.stringify({ type: 'connection-params', speakerId: 42, roomId: 'x' }));
    ws.send(JSON.stringify({ type: 'update-title', title: 'before connecting' }));
    const errors = (await next(5)) as ErrorMessage[];
    expect(errors.map((e) => e.error.code)).toEqual([
      'invalid-json',
      'invalid-message',
      'unknown-type',
      'invalid-message',
      'not-connected',
    ]);
    expect(errors[2]!.error.message).toContain('make-coffee');
    expect(errors[3]!.error.message).toContain('speakerId');
    expect(errors[3]!.error.message).toContain('expected string');
    // Still usable: a ping is answered.
    ws.send(JSON.stringify({ type: 'ping', clientTimeMs: 1234 }));
    const [pong] = await next();
    expect(pong).toMatchObject({ type: 'PONG', clientTimeMs: 1234 });
    expect((pong as { serverTimeMs: number }).serverTimeMs).toBeGreaterThan(0);
    ws.close();
  });

  it('refuses an unknown speaker and audio sent before recording starts', async () => {
    const { ws, next } = await rawSocket(server.url);
    ws.send(JSON.stringify({ type: 'connection-params', speakerId: 'nobody', roomId: host.roomId }));
    const [refused] = (await next()) as ErrorMessage[];
    expect(refused!.error.code).toBe('forbidden');
    ws.close();

    const guest = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    const mark = guest.received.length;
    guest.sendAudio(new Int16Array(960));
    expect(await guest.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: { code: 'recording-not-started' },
    });
    await guest.close();
  });

  it("refuses oversized and odd-sized audio frames and floods, while the speaker's captions still work", async () => {
    const speaker = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Speaker'),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    speaker.startAudio();
    const mark = speaker.received.length;
    speaker.ws.send(Buffer.alloc(MAX_AUDIO_FRAME_BYTES + 2));
    expect(await speaker.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: { code: 'frame-too-large' },
    });

    const mark2 = speaker.received.length;
    speaker.ws.send(Buffer.alloc(1921));
    // Errors for audio are sampled (one in ten after the first); send enough to see one.
    for (let i = 0; i < 12; i++) speaker.ws.send(Buffer.alloc(1921));
    expect(
      await speaker.waitFor((m) => m.type === 'error' && m.error.code === 'invalid-audio-frame', 5000, mark2),
    ).toBeTruthy();

    // Someone else in the room floods far beyond real time: refused, then disconnected.
    const flooder = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Flood'),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    flooder.startAudio();
    const closed = new Promise<number>((resolve) => flooder.ws.once('close', (code) => resolve(code)));
    for (let i = 0; i < 400; i++) flooder.sendAudio(new Int16Array(960));
    expect(
      await flooder.waitFor((m) => m.type === 'error' && m.error.code === 'rate-limited', 5000),
    ).toBeTruthy();
    expect(await closed).toBe(1008);
    // A tool waiting on a closed socket is told at once why, instead of timing out.
    await expect(flooder.waitFor(() => false, 60_000)).rejects.toThrow(/connection closed \(1008/);

    // Nothing else changed: the room is ongoing and real speech still becomes captions.
    const finals = (
      await speak(speaker, devSamples('1688-142285-0003.wav'), { speed: 2, alreadyRecording: true })
    ).filter((t) => t.isFinal && t.texts['en-US']);
    expect(finals.length).toBeGreaterThan(0);
    const status = host.received.filter((r) => r.message.type === 'room-status-update').at(-1)!.message;
    expect(status).toMatchObject({ status: { state: { value: 'ongoing' } } });
    await speaker.close();
  });

  it('keeps captioning a speaker when the recogniser behind them dies', async () => {
    const speaker = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Resilient'),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    speaker.startAudio();
    const speech = devSamples(CAPTION_TEST_FILE);
    await streamAudio(speaker, speech.subarray(0, speech.length / 2), { speed: 2 });
    const mark = speaker.received.length;
    await server.pool.recycleWorker(0);
    const notice = await speaker.waitFor(
      (m) => m.type === 'error' && m.error.code === 'speech-unavailable',
      5000,
      mark,
    );
    expect(notice).toMatchObject({ error: { message: expect.stringMatching(/captions resumed/) } });

    // The speaker goes on talking: the new recogniser captions it.
    const finals = (await speak(speaker, speech, { speed: 2, alreadyRecording: true })).filter(
      (t) => t.isFinal && t.texts['en-US'],
    );
    expect(finals.length).toBeGreaterThan(0);
    await speaker.close();
  });

  it('closes a connection that keeps sending invalid messages', async () => {
    const { ws } = await rawSocket(server.url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    for (let i = 0; i < 60; i++) ws.send('garbage');
    expect(await closed).toBe(1008);
  });

  it('drops a message larger than the socket accepts without hurting others', async () => {
    const { ws } = await rawSocket(server.url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(Buffer.alloc(2 * 1024 * 1024));
    expect(await closed).toBe(1009);
    host.send({ type: 'ping', clientTimeMs: 1 });
    expect(await host.waitFor((m) => m.type === 'PONG', 5000, host.received.length - 1)).toBeTruthy();
  });
});
