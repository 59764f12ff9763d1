/**
 * Issue 28 through the real server, its socket and recogniser: the room status's `asr`,
 * `translation` and `boost`, the Speaker fields (theme, myself, possiblyMyself), and the spec's
 * word stats answered with a room's transcripts, each person's own beside everyone's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { ConversationStatus, GuestUserWithCredential } from '../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import { speakerTheme } from '../../src/shared/speakers';
import { conversationWordStats } from '../../src/shared/recap/word-stats';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { speak, streamStopped } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

let server: TestServer;
let host: CaptionClient;
let reader: CaptionClient;
let hostUser: GuestUserWithCredential;
let readerUser: GuestUserWithCredential;

const statusOf = (m: ServerMessage): ConversationStatus | undefined =>
  m.type === 'room-status' || m.type === 'room-status-update' ? m.status : undefined;
const lastStatus = (client: CaptionClient): ConversationStatus =>
  client.received
    .map((r) => statusOf(r.message))
    .filter((s) => s !== undefined)
    .at(-1)!;

async function typeLine(client: CaptionClient, text: string) {
  const from = host.received.length;
  client.send({ type: 'typed-message', text, lang: 'en-US' });
  await host.waitFor(
    (m) =>
      m.type === 'transcript' && m.transcript.origin === 'human' && m.transcript.author === client.user.avaId,
    10_000,
    from,
  );
}

beforeAll(async () => {
  // Boost for everyone proven (guests have no plan): the boost field is then seen in use.
  server = await startTestServer({ env: { HEARKEN_BOOST_FOR: 'everyone' } });
  hostUser = await createGuest(server.url, 'Ada Host');
  readerUser = await createGuest(server.url, 'Bo Reader');
  host = await CaptionClient.connect(server.url, { user: hostUser });
  const first = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const found = await resolveRoomName(server.url, first.status.name!, readerUser);
  reader = await CaptionClient.connect(server.url, {
    user: readerUser,
    roomId: found.roomId,
    token: found.token,
  });
}, 60_000);

afterAll(async () => {
  await reader?.close();
  await host?.close();
  await server?.close();
  removeDataDir(server?.dataDir);
});

describe('the room status', () => {
  it('says from the start that translation is there and nothing is translated, boosted or on Premium', () => {
    const status = lastStatus(reader);
    expect(status.translation).toEqual({ available: true, langs: [] });
    expect(status.boost).toEqual({ avaIds: [] });
    expect(status.asr).toEqual({ googleCloud: false });
  });

  it('names the language a reader starts reading in, in everyone’s status', async () => {
    const from = host.received.length;
    reader.send({ type: 'set-reading-language', lang: 'es' });
    const update = await host.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'translation-changed',
      10_000,
      from,
    );
    expect(statusOf(update)?.translation).toEqual({ available: true, langs: ['es'] });
  });

  it('says whose recognition favours their boost list while they speak, and gives each speaker a theme', async () => {
    await typeLine(host, 'We met Zarathustra near Helstone.');
    const answerFrom = host.received.length;
    host.send({ type: 'access-boost-words', action: 'add', words: 'Zarathustra' });
    await host.waitFor((m) => m.type === 'user-boost-words', 10_000, answerFrom);
    const from = reader.received.length;
    await speak(host, devSamples(CAPTION_TEST_FILE));
    const started = reader.received
      .slice(from)
      .map((r) => r.message)
      .find((m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started');
    const status = statusOf(started!)!;
    expect(status.boost).toEqual({ avaIds: [hostUser.avaId] });
    // A guest is served the basic tier: no Premium (the spec's cloud) recognition.
    expect(status.asr).toEqual({ googleCloud: false });
    const ada = status.speakers.find((s) => s.avaId === hostUser.avaId);
    expect(ada).toMatchObject({ userName: 'Ada Host', theme: speakerTheme(hostUser.avaId) });
    // The reader is not Ada; a guest has no picture.
    expect(ada?.myself).toBeUndefined();
    expect(ada).not.toHaveProperty('userAvatar');
    // The stream stopped: nobody's recognition is boosted now.
    await streamStopped(reader, hostUser.avaId, from);
    expect(lastStatus(reader).boost).toEqual({ avaIds: [] });
  }, 120_000);

  it('marks in each person’s own status the speaker they are', async () => {
    const from = reader.received.length;
    await typeLine(reader, 'Could you repeat the part about the shop boy?');
    // A first typed line makes its typist a speaker: everyone is told.
    await reader.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'speakers-changed',
      10_000,
      from,
    );
    const mine = (client: CaptionClient) =>
      lastStatus(client)
        .speakers.filter((s) => s.myself)
        .map((s) => s.avaId);
    expect(mine(host)).toEqual([hostUser.avaId]);
    expect(mine(reader)).toEqual([readerUser.avaId]);
  });
});

describe('word stats', () => {
  async function wordStatsOf(user: GuestUserWithCredential) {
    const response = await fetch(`${server.url}${API.roomTranscripts(host.roomId)}`, {
      headers: guestHeaders(user),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { transcripts: never[]; wordStats: Record<string, number> };
  }

  it('answers each member their words typed and captured beside everyone’s', async () => {
    const ada = await wordStatsOf(hostUser);
    const bo = await wordStatsOf(readerUser);
    // Ada typed 5 words and spoke the rest; Bo typed 9 words and said nothing.
    expect(ada.wordStats.wordsTypedYou).toBe(5);
    expect(bo.wordStats.wordsTypedYou).toBe(9);
    expect(ada.wordStats.wordsTypedGroup).toBe(14);
    expect(bo.wordStats.wordsTypedGroup).toBe(14);
    expect(ada.wordStats.wordsCapturedYou).toBeGreaterThan(20);
    expect(bo.wordStats.wordsCapturedYou).toBe(0);
    expect(bo.wordStats.wordsCapturedGroup).toBe(ada.wordStats.wordsCapturedYou);
    // The same count as the web client makes from the same lines.
    expect(ada.wordStats).toEqual(conversationWordStats(ada.transcripts, hostUser.avaId));
  });
});
