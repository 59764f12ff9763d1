/**
 * One streamed conversation of real speech through many forced reconnections of a listener and
 * several restarts of the server (same data folder): every final the speaker produced is present
 * exactly once for every member, as the web client would rebuild it (join snapshot, live
 * messages, `transcripts-since` after a gap or reconnection, `transcripts-before` for older ones).
 *
 * The default run does HEARKEN_RECONNECTS=20 and HEARKEN_RESTARTS=2; HEARKEN_SOAK=1 does the
 * issue's 100 reconnections and 5 restarts (both knobs can also be set on their own).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import type { Transcript } from '../../src/shared/entities';
import { TranscriptRepository } from '../../src/server/transcripts/repository';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { conversationAudio } from '../helpers/conversation-audio';
import { PATIENT_RECOGNITION, inviteToken } from '../helpers/outage-conversation';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { streamStopped } from '../helpers/speak';
import { TranscriptFollower } from '../helpers/transcript-follower';

const SOAK = process.env.HEARKEN_SOAK === '1';
const RECONNECTS = Number(process.env.HEARKEN_RECONNECTS ?? (SOAK ? 100 : 20));
const RESTARTS = Number(process.env.HEARKEN_RESTARTS ?? (SOAK ? 5 : 2));
/** Seconds of speech: enough that reconnections come about every 0.6 s of it, or more often. */
const AUDIO_SECONDS = Math.max(60, Math.ceil(RECONNECTS * 1.5));
const SPEED = 3;

const words = (t: Transcript) => t.texts[t.speechLang] ?? '';

describe(`a conversation through ${RECONNECTS} reconnections and ${RESTARTS} server restarts`, () => {
  const dataDir = tempDataDir();
  let server: TestServer | undefined;

  afterAll(async () => {
    await server?.close();
    removeDataDir(dataDir);
  });

  it('gives every member every final exactly once', async () => {
    server = await startTestServer({ dataDir, env: PATIENT_RECOGNITION });
    const speakerUser = await createGuest(server.url, 'Ada Speaker');
    let speaker = await CaptionClient.connect(server.url, { user: speakerUser });
    const roomId = speaker.roomId;
    const token = inviteToken(speaker);
    const flakyUser = await createGuest(server.url, 'Bo Flaky');
    const steadyUser = await createGuest(server.url, 'Cy Steady');
    let flaky = await CaptionClient.connect(server.url, { user: flakyUser, roomId, token });
    let steady = await CaptionClient.connect(server.url, { user: steadyUser, roomId, token });
    const follow = {
      speaker: new TranscriptFollower(),
      flaky: new TranscriptFollower(),
      steady: new TranscriptFollower(),
    };
    follow.speaker.follow(speaker);
    follow.flaky.follow(flaky);
    follow.steady.follow(steady);

    const audio = conversationAudio(AUDIO_SECONDS);
    const chunks = Math.ceil(audio.length / CHUNK_SAMPLES);
    const spread = (n: number, offset: number) =>
      new Set(Array.from({ length: n }, (_, i) => Math.floor(((i + offset) * chunks) / (n + 1))));
    const reconnectAt = spread(RECONNECTS, 1);
    const restartAt = spread(RESTARTS, 1.5);
    let reconnections = 0;
    let restarts = 0;

    /** The listener's connection is cut without a goodbye, and it comes straight back. */
    let flakyChain = Promise.resolve();
    const reconnectFlaky = () => {
      flakyChain = flakyChain.then(async () => {
        const url = server!.url;
        flaky.ws.terminate();
        flaky = await CaptionClient.connect(url, { user: flakyUser, roomId, token });
        follow.flaky.follow(flaky);
        reconnections += 1;
      });
    };

    speaker.startAudio();
    let pacer = new ChunkPacer(SPEED);
    for (let i = 0; i < chunks; i++) {
      await pacer.next();
      let chunk = audio.subarray(i * CHUNK_SAMPLES, (i + 1) * CHUNK_SAMPLES);
      if (chunk.length < CHUNK_SAMPLES) {
        const padded = new Int16Array(CHUNK_SAMPLES);
        padded.set(chunk);
        chunk = padded;
      }
      speaker.sendAudio(chunk);
      if (reconnectAt.has(i)) reconnectFlaky();
      if (restartAt.has(i)) {
        // The server goes away mid-sentence and comes back on the same data; everyone reconnects.
        await flakyChain;
        await server.close();
        server = await startTestServer({ dataDir, env: PATIENT_RECOGNITION });
        speaker = await CaptionClient.connect(server.url, { user: speakerUser, roomId });
        follow.speaker.follow(speaker);
        flaky = await CaptionClient.connect(server.url, { user: flakyUser, roomId, token });
        follow.flaky.follow(flaky);
        steady = await CaptionClient.connect(server.url, { user: steadyUser, roomId, token });
        follow.steady.follow(steady);
        speaker.startAudio();
        pacer = new ChunkPacer(SPEED);
        restarts += 1;
      }
    }
    for (let i = 0; i < 16_000 / CHUNK_SAMPLES; i++) {
      await pacer.next();
      speaker.sendAudio(new Int16Array(CHUNK_SAMPLES));
    }
    await flakyChain;
    const marks = [flaky, steady].map((c) => c.received.length);
    speaker.stopAudio();
    await streamStopped(speaker, speakerUser.avaId);
    await streamStopped(flaky, speakerUser.avaId, marks[0]);
    await streamStopped(steady, speakerUser.avaId, marks[1]);
    expect(reconnections).toBe(RECONNECTS);
    expect(restarts).toBe(RESTARTS);

    const stored = await new TranscriptRepository(server.database.db).list(roomId);
    const counters = await server.database.db
      .selectFrom('rooms')
      .select(['last_seq'])
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    const lastSeq = Number(counters.last_seq);
    // A real conversation: many lines, each stored once, no index given twice.
    expect(stored.length).toBeGreaterThan(5);
    expect(new Set(stored.map((t) => t.id)).size).toBe(stored.length);
    expect(new Set(stored.map((t) => t.index)).size).toBe(stored.length);
    expect(lastSeq).toBe(stored.length);

    const storedText = stored.map(words).join(' ');
    for (const [name, follower] of Object.entries(follow)) {
      await follower.caughtUp(lastSeq);
      await follower.loadAllOlder();
      const finals = follower.finalsOnly();
      expect(
        finals.map((t) => t.id),
        `${name}: the finals`,
      ).toEqual(stored.map((t) => t.id));
      expect(finals.map(words).join(' '), `${name}: the words`).toBe(storedText);
      // Whatever came live was numbered once and for all: one seq per final, one final per seq.
      const seqOf = new Map<string, number>();
      const idOf = new Map<number, string>();
      for (const l of follower.live) {
        expect(seqOf.get(l.id) ?? l.seq, `${name}: ${l.id} came with two seqs`).toBe(l.seq);
        expect(idOf.get(l.seq) ?? l.id, `${name}: seq ${l.seq} named two finals`).toBe(l.id);
        seqOf.set(l.id, l.seq);
        idOf.set(l.seq, l.id);
      }
    }
    // The cut connection really missed finals and asked for them.
    expect(follow.flaky.asks).toBeGreaterThan(0);
    await Promise.all([speaker, flaky, steady].map((c) => c.close()));
  }, 600_000);
});
