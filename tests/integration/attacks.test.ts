/**
 * The attacks an outsider tried against earlier versions (issue 8), written as the attacker
 * would send them, against a real server. Each must now fail, and leave the room and everyone
 * else's data as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API } from '../../src/shared/api';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { SOCKET_PATH, type ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import { speak } from '../helpers/speak';
import { PREMIUM_NOT_ENTITLED_MESSAGE } from '../../src/server/socket/connection';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let server: TestServer;
const dataDir = tempDataDir();

beforeAll(async () => {
  server = await startTestServer({
    dataDir,
    env: {
      HEARKEN_LIVE_ROOMS_PER_IDENTITY: '2',
      HEARKEN_MAX_DECODERS: '1',
      HEARKEN_AUDIO_STARTS_PER_MINUTE: '3',
      HEARKEN_CONNECT_TIMEOUT_MS: '500',
    },
  });
});

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A raw socket that sends `params` as its connection-params and collects what comes back. */
async function rawConnect(params: Record<string, unknown>) {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
  const received: ServerMessage[] = [];
  ws.on('message', (data, binary) => {
    if (!binary) received.push(JSON.parse(data.toString()) as ServerMessage);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection-params', ...params }));
  const deadline = Date.now() + 5000;
  while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return { ws, received, first: received[0] };
}

async function hostedRoom(name: string): Promise<{ user: GuestUserWithCredential; client: CaptionClient }> {
  const user = await createGuest(server.url, name);
  return { user, client: await CaptionClient.connect(server.url, { user }) };
}

function statusOf(client: CaptionClient) {
  const last = client.received
    .filter((r) => r.message.type === 'room-status' || r.message.type === 'room-status-update')
    .at(-1)!.message;
  return (last as Extract<ServerMessage, { type: 'room-status' }>).status;
}

describe('reading someone else’s conversation', () => {
  it('does not give the transcript, or the room’s tokens, to someone who names the host id', async () => {
    const { user: host, client } = await hostedRoom('Private Host');
    // The old attack: the host id is the first part of the room id, and was all it took.
    const attack = await get(`/api/v1/rooms/${client.roomId}/transcripts?avaId=${host.avaId}`);
    expect(attack.status).toBe(401);
    expect(attack.text).not.toContain(client.linkToken('rw'));
    const stranger = await createGuest(server.url, 'Stranger');
    const asStranger = await get(API.roomTranscripts(client.roomId), guestHeaders(stranger));
    expect(asStranger.status).toBe(404);
    expect(asStranger.text).not.toContain(client.linkToken('ro'));
    // The host itself reads it back with its credential.
    expect((await get(API.roomTranscripts(client.roomId), guestHeaders(host))).status).toBe(200);
    await client.close();
  });

  it('never shows a read-only member the read-write link or the name, on the socket or over HTTP', async () => {
    const { client: host } = await hostedRoom('Lecturer');
    const student = await createGuest(server.url, 'Student');
    const reader = await CaptionClient.connect(server.url, {
      user: student,
      roomId: host.roomId,
      token: host.linkToken('ro'),
    });
    const rw = host.linkToken('rw');
    const everything = JSON.stringify(reader.received);
    expect(everything).not.toContain(rw);
    expect(statusOf(reader).name).toBeUndefined();
    expect(statusOf(reader).links.rw).toBeUndefined();
    const http = await get(API.roomTranscripts(host.roomId), guestHeaders(student));
    expect(http.status).toBe(200);
    expect(http.text).not.toContain(rw);
    // Even when someone starts speaking and the status is broadcast again.
    host.startAudio();
    await reader.waitFor((m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started', 5000);
    expect(JSON.stringify(reader.received)).not.toContain(rw);
    host.stopAudio();
    await reader.close();
    await host.close();
  });
});

describe('confidential conversations', () => {
  it('lets others read the transcript back after the end only when the host allows saving', async () => {
    const { user: hostUser, client: host } = await hostedRoom('Careful Host');
    const memberUser = await createGuest(server.url, 'Curious Member');
    const member = await CaptionClient.connect(server.url, {
      user: memberUser,
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    // A member cannot change it; the host can.
    const mark = member.received.length;
    member.send({ type: 'connection-params-update', saveTranscript: true });
    expect(await member.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: { code: 'forbidden' },
    });
    host.send({ type: 'connection-params-update', saveTranscript: false });
    await member.waitFor(
      (m) => m.type === 'room-status-update' && m.status.confidential?.allowTranscriptsSaving === false,
      5000,
    );
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    await host.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
    const asMember = await get(API.roomTranscripts(host.roomId), guestHeaders(memberUser));
    expect(asMember).toMatchObject({ status: 403, body: { error: { code: 'transcript-not-shared' } } });
    expect((await get(API.roomTranscripts(host.roomId), guestHeaders(hostUser))).status).toBe(200);
    await member.close();
    await host.close();
  });
});

describe('room names', () => {
  it('are released when the room ends: an ended room cannot be found or joined by name or link', async () => {
    const { user: hostUser, client: host } = await hostedRoom('Ending Host');
    const name = statusOf(host).name!;
    const friend = await createGuest(server.url, 'Late Friend');
    expect((await resolveRoomName(server.url, name, friend)).roomId).toBe(host.roomId);
    const rw = host.linkToken('rw');
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    await host.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);
    expect((await get(API.roomName(name), guestHeaders(friend))).status).toBe(404);
    const row = await server.database.db
      .selectFrom('rooms')
      .select('name')
      .where('id', '=', host.roomId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBeNull();
    // The old link: refused to a newcomer, still the host's to open.
    expect((await get(API.token(rw), guestHeaders(friend))).body).toMatchObject({
      error: { code: 'room-ended' },
    });
    const late = await rawConnect({
      speakerId: friend.avaId,
      roomId: host.roomId,
      guestCredential: friend.credential,
      token: rw,
    });
    expect(late.first).toMatchObject({ type: 'error', error: { code: 'room-ended' } });
    late.ws.close();
    expect((await get(API.roomTranscripts(host.roomId), guestHeaders(hostUser))).status).toBe(200);
    await host.close();
  });
});

describe('taking over a room', () => {
  it('refuses a guest that is only an avaId, or that claims another guest’s id', async () => {
    const { user: host, client } = await hostedRoom('Real Host');
    const bare = await rawConnect({ speakerId: host.avaId, roomId: client.roomId });
    expect(bare.first).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
    bare.ws.close();
    const mallory = await createGuest(server.url, 'Mallory');
    const claimed = await rawConnect({
      speakerId: host.avaId,
      roomId: client.roomId,
      guestCredential: mallory.credential,
    });
    expect(claimed.first).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
    claimed.ws.close();
    // The old HTTP door: reading a guest by id.
    expect((await get(API.guest(host.avaId), guestHeaders(mallory))).status).toBe(403);
    expect((await get(API.guest(host.avaId))).status).toBe(401);
    expect(statusOf(client).state.value).toBe('ongoing');
    await client.close();
  });

  it('lets no member but the host end, rename or change the mode, and keeps the room as it was', async () => {
    const { client: host } = await hostedRoom('Calm Host');
    const member = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Rw Member'),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    for (const attack of [
      { type: 'connection-params-update', state: { value: 'ended' } },
      { type: 'connection-params-update', conversationMode: 'public-muted' },
      { type: 'update-title', title: 'Hijacked' },
    ] as const) {
      const mark = member.received.length;
      member.send(attack);
      expect(await member.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
        error: { code: 'forbidden' },
      });
    }
    const status = statusOf(host);
    expect(status).toMatchObject({ state: { value: 'ongoing' }, conversationMode: 'public', title: '' });
    await member.close();
    await host.close();
  });

  it('does not admit a socket that omits the token, and keeps a read-only member read-only when it does', async () => {
    const { client: host } = await hostedRoom('Token Host');
    const stranger = await createGuest(server.url, 'No Token');
    const noToken = await rawConnect({
      speakerId: stranger.avaId,
      roomId: host.roomId,
      guestCredential: stranger.credential,
    });
    expect(noToken.first).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
    noToken.ws.close();

    const reader = await createGuest(server.url, 'Reader');
    const first = await CaptionClient.connect(server.url, {
      user: reader,
      roomId: host.roomId,
      token: host.linkToken('ro'),
    });
    await first.close();
    // Back without the token (the old way to become read-write): still read-only.
    const again = await CaptionClient.connect(server.url, { user: reader, roomId: host.roomId });
    expect(again.received[0]!.message).toMatchObject({ type: 'connection-succeeded', readonly: true });
    const mark = again.received.length;
    again.startAudio();
    expect(await again.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: { code: 'forbidden' },
    });
    // And a name look-up answers the read-only token to a read-only member.
    const byName = await resolveRoomName(server.url, statusOf(host).name!, reader);
    expect(byName).toMatchObject({ readonly: true, token: host.linkToken('ro') });
    await again.close();
    await host.close();
  });
});

describe('limits that hold', () => {
  it('gives Premium recognition only to those entitled: asking for it gets Basic, and says so', async () => {
    const { client } = await hostedRoom('Wants Premium');
    const mark = client.received.length;
    client.send({ type: 'connection-params-update', usePaidASR: true });
    expect(await client.waitFor((m) => m.type === 'error', 5000, mark)).toEqual({
      type: 'error',
      error: { code: 'not-entitled', message: PREMIUM_NOT_ENTITLED_MESSAGE },
      inReplyTo: 'connection-params-update',
    });
    // The server's tier, whatever was asked: every caption and the stream itself are Basic.
    const captions = await speak(client, devSamples(CAPTION_TEST_FILE), { speed: 4 });
    expect(captions.some((t) => t.isFinal)).toBe(true);
    expect(captions.every((t) => t.usePaidASR === false)).toBe(true);
    const streams = client.received
      .slice(mark)
      .flatMap((r) => (r.message.type === 'room-status-update' ? r.message.status.audioStreams : []));
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((s) => !s.usePaidASR)).toBe(true);
    await client.close();
  });

  it('caps the rooms one guest hosts at once', async () => {
    const greedy = await createGuest(server.url, 'Greedy');
    const open: CaptionClient[] = [];
    for (let i = 0; i < 2; i++) open.push(await CaptionClient.connect(server.url, { user: greedy }));
    await expect(CaptionClient.connect(server.url, { user: greedy })).rejects.toThrow(/rate-limited/);
    for (const c of open) await c.close();
  });

  it('caps concurrent decoders: one more speaker is told, and the running stream keeps its captions', async () => {
    const { client: first } = await hostedRoom('First Speaker');
    const { client: second } = await hostedRoom('Second Speaker');
    const speaking = speak(first, devSamples(CAPTION_TEST_FILE), { speed: 2 });
    await first.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started',
      10_000,
    );
    const mark = second.received.length;
    second.startAudio();
    expect(await second.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: { code: 'speech-unavailable' },
    });
    await speaking;
    const finals = first.received.filter(
      (r) => r.message.type === 'transcript' && r.message.transcript.isFinal,
    );
    expect(finals.length).toBeGreaterThan(0);
    await first.close();
    await second.close();
  });

  it('limits how often recording starts, answering rate-limited', async () => {
    const { client } = await hostedRoom('Restarter');
    const mark = client.received.length;
    for (let i = 0; i < 6; i++) {
      client.startAudio();
      client.stopAudio();
    }
    expect(
      await client.waitFor((m) => m.type === 'error' && m.error.code === 'rate-limited', 5000, mark),
    ).toBeTruthy();
    await client.close();
  });

  it('closes a socket that does not say who it is in time', async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    expect(await closed).toBe(1008);
  });

  it('broadcasts typing once per burst, not once per key press', async () => {
    const { client: host } = await hostedRoom('Typist');
    const watcher = await CaptionClient.connect(server.url, {
      user: await createGuest(server.url, 'Watcher'),
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    const mark = watcher.received.length;
    for (let i = 0; i < 20; i++) host.send({ type: 'signal-i-am-typing', fromUser: true });
    host.send({ type: 'ping', clientTimeMs: 7 });
    await host.waitFor((m) => m.type === 'PONG' && m.clientTimeMs === 7, 5000);
    await new Promise((r) => setTimeout(r, 200));
    const typing = watcher.received
      .slice(mark)
      .filter((r) => r.message.type === 'room-status-update' && r.message.reason === 'someone-is-typing');
    expect(typing).toHaveLength(1);
    await watcher.close();
    await host.close();
  });

  it('lists as speakers only people who spoke, however many come in', async () => {
    const { user, client: host } = await hostedRoom('Only Speaker');
    const guests: CaptionClient[] = [];
    for (let i = 0; i < 5; i++) {
      guests.push(
        await CaptionClient.connect(server.url, {
          user: await createGuest(server.url, `Listener ${i}`),
          roomId: host.roomId,
          token: host.linkToken('rw'),
        }),
      );
    }
    expect(statusOf(guests.at(-1)!).speakers).toEqual([]);
    host.startAudio();
    await host.waitFor((m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started', 5000);
    expect(statusOf(host).speakers.map((s) => s.avaId)).toEqual([user.avaId]);
    host.stopAudio();
    for (const g of guests) await g.close();
    await host.close();
  });
});

describe('room-name enumeration', () => {
  it('cannot be enumerated: look-ups are limited per address and per identity', async () => {
    const limited = await startTestServer({ env: { HEARKEN_NAME_LOOKUPS_PER_MINUTE: '20' } });
    const get = async (path: string, headers: Record<string, string> = {}) => ({
      status: (await fetch(`${limited.url}${path}`, { headers })).status,
    });
    try {
      const prober = await createGuest(limited.url, 'Prober');
      const answers: number[] = [];
      for (let i = 0; i < 30; i++) {
        answers.push((await get(API.roomName(`blue-river-${10 + i}`), guestHeaders(prober))).status);
      }
      expect(answers.filter((s) => s === 404).length).toBeGreaterThan(0);
      expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
      // An outsider cannot look names up at all.
      expect((await get(API.roomName('blue-river-42'))).status).toBe(401);
    } finally {
      await limited.close();
      removeDataDir(limited.dataDir);
    }
  });
});

describe('a stream that falls behind', () => {
  it('drops audio with a notice, and keeps the speaker connected', async () => {
    // Recognition is allowed only a sliver of backlog, so audio sent at 4x falls behind at once.
    const slow = await startTestServer({ env: { HEARKEN_STREAM_BACKLOG_SECONDS: '0.05' } });
    try {
      const speaker = await CaptionClient.connect(slow.url, {
        user: await createGuest(slow.url, 'Fast Talker'),
      });
      const mark = speaker.received.length;
      await speak(speaker, devSamples(CAPTION_TEST_FILE), { speed: 4 });
      const notices = speaker.received
        .slice(mark)
        .filter((r) => r.message.type === 'error' && r.message.error.code === 'rate-limited');
      expect(notices.length).toBeGreaterThan(0);
      expect(JSON.stringify(notices[0]!.message)).toContain('behind');
      expect(speaker.closedBy).toBeUndefined();
      await speaker.close();
    } finally {
      await slow.close();
      removeDataDir(slow.dataDir);
    }
  });
});

describe('sockets per address', () => {
  it('refuses the socket past the limit with 429, and takes new ones once others close', async () => {
    const limited = await startTestServer({ env: { HEARKEN_SOCKETS_PER_ADDRESS: '3' } });
    try {
      const url = `${limited.url.replace(/^http/, 'ws')}${SOCKET_PATH}`;
      const open = async () => {
        const ws = new WebSocket(url);
        return new Promise<{ ws: WebSocket; status: number }>((resolve) => {
          ws.once('open', () => resolve({ ws, status: 101 }));
          ws.once('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
          ws.once('error', () => resolve({ ws, status: 0 }));
        });
      };
      const first = await Promise.all([open(), open(), open()]);
      expect(first.map((s) => s.status)).toEqual([101, 101, 101]);
      expect((await open()).status).toBe(429);
      await new Promise<void>((resolve) => {
        first[0]!.ws.once('close', () => resolve());
        first[0]!.ws.close();
      });
      await new Promise((r) => setTimeout(r, 100));
      const again = await open();
      expect(again.status).toBe(101);
      for (const s of [...first, again]) s.ws.close();
    } finally {
      await limited.close();
      removeDataDir(limited.dataDir);
    }
  });
});
