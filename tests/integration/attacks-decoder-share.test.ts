/**
 * Issue 29 F-01, as the attacker sent it: one guest opens sockets into its own room and starts
 * audio on each, to hold every recognition stream of the server. Before, the decoder cap was
 * global and every other speaker got `speech-unavailable`; now one identity holds a bounded
 * share, is told why past it, and an honest speaker in another room is still captioned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import type { ServerMessage } from '../../src/shared/protocol';
import { speak } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let server: TestServer;
const dataDir = tempDataDir();
const HOG_SOCKETS = 6;

beforeAll(async () => {
  server = await startTestServer({
    dataDir,
    env: {
      // As many decoders as the hog has sockets: with a global cap only, it would hold them all.
      HEARKEN_MAX_DECODERS: String(HOG_SOCKETS),
      HEARKEN_MAX_STREAMS_PER_IDENTITY: '2',
      HEARKEN_AUDIO_STARTS_PER_MINUTE: '100',
    },
  });
});

afterAll(async () => {
  await server?.close();
  removeDataDir(dataDir);
});

describe('a decoder hog (F-01)', () => {
  it('holds only its share of the recognisers; an honest speaker in another room keeps captions', async () => {
    const hog = await createGuest(server.url, 'Decoder Hog');
    const sockets: CaptionClient[] = [];
    const refusals = () =>
      sockets.flatMap((socket) =>
        socket.received.flatMap((r) =>
          r.message.type === 'error' && r.message.error.code === 'speech-unavailable'
            ? [r.message.error.message]
            : [],
        ),
      );
    const streamsNow = () => {
      const last = sockets[0]!.received
        .map((r) => r.message)
        .filter((m) => m.type === 'room-status' || m.type === 'room-status-update')
        .at(-1) as Extract<ServerMessage, { type: 'room-status' }> | undefined;
      return last?.status.audioStreams?.length ?? 0;
    };
    // Its own room, every socket in it.
    sockets.push(await CaptionClient.connect(server.url, { user: hog }));
    while (sockets.length < HOG_SOCKETS) {
      sockets.push(await CaptionClient.connect(server.url, { user: hog, roomId: sockets[0]!.roomId }));
    }
    for (const socket of sockets) {
      socket.startAudio();
      // Silence keeps each started stream open, as the attacker's did.
      socket.sendAudio(new Int16Array(1600));
    }
    // Each socket is told, or its stream runs: the room's status counts the streams.
    const deadline = Date.now() + 10_000;
    while ((refusals().length < HOG_SOCKETS - 2 || streamsNow() < 2) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(streamsNow()).toBe(2);
    expect(refusals()).toEqual(
      Array(HOG_SOCKETS - 2).fill(
        'you are already captioned on 2 streams, the most one person may have at once (2); stop one to start another (a recording that sends no audio stops by itself after 15 s)',
      ),
    );

    // The honest speaker, in a room of their own, while the hog keeps its streams.
    const honest = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Honest') });
    const captions = await speak(honest, devSamples(CAPTION_TEST_FILE), { speed: 2 });
    expect(honest.received.some((r) => r.message.type === 'error')).toBe(false);
    expect(captions.filter((t) => t.isFinal).length).toBeGreaterThan(0);
    for (const socket of [...sockets, honest]) await socket.close();
  });
});
