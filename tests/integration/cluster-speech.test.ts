/**
 * Speech decoded where there is capacity (cluster/remote-speech, docs/cluster.md): cluster nodes
 * as their own processes on PostgreSQL and NATS, real PocketSphinx and real speech. The room's
 * owner A holds one decoder (HEARKEN_MAX_DECODERS=1): a second speaker is decoded on node B and
 * captioned, not refused. Then node C joins and B is killed mid-sentence: the stream moves to C,
 * the line under way is decoded again from its start, and the speaker's captions go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '../../src/shared/entities';
import { randomId } from '../../src/shared/ids';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import { type ClusterNodeProcess, startClusterNode, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import { inviteToken } from '../helpers/outage-conversation';
import { transcriptsSince } from '../helpers/speak';
import { devSamples } from '../helpers/speech';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const { name: database, url: databaseUrl } = testDatabase('hearken_cluster_speech');
const run = randomId(6);
const NODES = { a: `speech-a-${run}`, b: `speech-b-${run}`, c: `speech-c-${run}` };
const PORTS = { a: 7721, b: 7722, c: 7723 };
const env = (cap: number) => ({ HEARKEN_MAX_DECODERS: String(cap), HEARKEN_SPEECH_WORKERS: '1' });

/** Each node takes tens of seconds to start on a busy 2-core machine (its speech engines load). */
const SLOW_MS = 300_000;

const words = (t: Transcript) => t.texts[t.speechLang] ?? '';

async function metric(node: ClusterNodeProcess, name: string): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Streams `samples` in real time, then two seconds of silence so the last line ends. Real time:
 * on a shared 2-core machine faster audio only piles up behind the decoders.
 */
async function speakFor(client: CaptionClient, samples: Int16Array, stop: () => boolean): Promise<void> {
  const pacer = new ChunkPacer(1);
  const silence = new Int16Array(2 * 16_000);
  for (const part of [samples, silence])
    for (let i = 0; i < part.length && !stop(); i += CHUNK_SAMPLES) {
      await pacer.next();
      client.sendAudio(part.subarray(i, i + CHUNK_SAMPLES));
    }
}

/**
 * Stops `client`'s recording and waits until the room says it stopped, which it does after the
 * stream's last final (a busy machine's decoders may be many seconds behind).
 */
async function stopped(client: CaptionClient): Promise<void> {
  const mark = client.received.length;
  client.stopAudio();
  await client.waitFor(
    (m) =>
      m.type === 'room-status-update' &&
      m.reason === 'audio-stream-stopped' &&
      !m.status.audioStreams.some((s) => s.avaId === client.user.avaId),
    120_000,
    mark,
  );
}

/** Keeps `client` recording silence in real time until `stop()`: its decoder stays taken. */
async function holdDecoder(client: CaptionClient, stop: () => boolean): Promise<void> {
  const pacer = new ChunkPacer(1);
  const silence = new Int16Array(CHUNK_SAMPLES);
  while (!stop() && client.ws.readyState === client.ws.OPEN) {
    await pacer.next();
    client.sendAudio(silence);
  }
}

describe('speech decoded on another node when the owner has no decoder free', () => {
  const nodes: Partial<Record<'a' | 'b' | 'c', ClusterNodeProcess>> = {};
  let host: CaptionClient;
  let guest: CaptionClient;

  beforeAll(async () => {
    await admin(`create database ${database}`);
    nodes.a = await startClusterNode({ nodeId: NODES.a, port: PORTS.a, databaseUrl, env: env(1) });
    nodes.b = await startClusterNode({ nodeId: NODES.b, port: PORTS.b, databaseUrl, env: env(4) });
    host = await CaptionClient.connect(nodes.a.url, { user: await createGuest(nodes.a.url, 'Ada Host') });
    guest = await CaptionClient.connect(nodes.a.url, {
      user: await createGuest(nodes.a.url, 'Bo Guest'),
      roomId: host.roomId,
      token: inviteToken(host),
    });
  }, SLOW_MS);

  afterAll(async () => {
    await Promise.all([host?.close(), guest?.close()]);
    await Promise.all(Object.values(nodes).map((n) => stopClusterNode(n)));
    await admin(`drop database if exists ${database} with (force)`);
  }, SLOW_MS);

  it(
    'captions a second speaker on node B while the owner decodes the first',
    async () => {
      const a = nodes.a!;
      // The host takes A's one decoder.
      host.startAudio();
      let hostDone = false;
      const holding = holdDecoder(host, () => hostDone);
      await host.waitFor(
        (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started',
        30_000,
      );
      // B has been heard from (its load is published twice a second).
      await new Promise((r) => setTimeout(r, 1500));
      const mark = guest.received.length;
      guest.startAudio();
      await speakFor(guest, devSamples('1089-134686-0000.wav'), () => false);
      // B decodes it (the host too, if A's load limit found A too busy for even one).
      expect(await metric(nodes.b!, 'hearken_speech_streams_for_other_nodes')).toBeGreaterThanOrEqual(1);
      await stopped(guest);
      const lines = transcriptsSince(guest, mark);
      hostDone = true;
      await holding;
      host.stopAudio();
      const errors = guest.received.slice(mark).filter((r) => r.message.type === 'error');
      expect(errors.map((e) => JSON.stringify(e.message))).toEqual([]);
      const finals = lines.filter((t) => t.isFinal && t.author === guest.user.avaId).map(words);
      expect(finals.join(' ')).toMatch(/\w+ \w+ \w+/);
      expect(await metric(a, 'hearken_speech_streams_placed_elsewhere_total')).toBeGreaterThanOrEqual(1);
    },
    SLOW_MS,
  );

  it(
    'moves a stream off a decoding node that dies, replaying the line under way',
    async () => {
      const a = nodes.a!;
      nodes.c = await startClusterNode({ nodeId: NODES.c, port: PORTS.c, databaseUrl, env: env(4) });
      const b = nodes.b!;
      const c = nodes.c;
      host.startAudio();
      let hostDone = false;
      const holding = holdDecoder(host, () => hostDone);
      await new Promise((r) => setTimeout(r, 1500));
      // B and C both have room: either may decode it (placement.ts breaks ties); that one is killed.
      const mark = guest.received.length;
      guest.startAudio();
      const speaking = speakFor(guest, devSamples('1688-142285-0000.wav'), () => false);
      let killedAt = -1;
      // Mid-sentence: a partial of the guest's is on screen.
      await guest.waitFor(
        (m) =>
          m.type === 'transcript' &&
          !m.transcript.isFinal &&
          m.transcript.author === guest.user.avaId &&
          words(m.transcript) !== '',
        120_000,
        mark,
      );
      const decoding = (await metric(b, 'hearken_speech_streams_for_other_nodes')) === 1 ? b : c;
      const survivor = decoding === b ? c : b;
      expect(await metric(decoding, 'hearken_speech_streams_for_other_nodes')).toBe(1);
      decoding.child.kill('SIGKILL');
      killedAt = guest.received.length;
      // The owner stops hearing from it, and the stream goes on on the survivor.
      await until(
        'the survivor decodes the stream',
        async () => (await metric(survivor, 'hearken_speech_streams_for_other_nodes')) === 1,
        60_000,
      );
      await speaking;
      await stopped(guest);
      hostDone = true;
      await holding;
      host.stopAudio();
      expect(await metric(a, 'hearken_speech_streams_placed_elsewhere_total')).toBeGreaterThanOrEqual(2);
      // No error reached the speaker: nothing was refused, nothing failed.
      const errors = guest.received.slice(mark).filter((r) => r.message.type === 'error');
      expect(errors.map((e) => JSON.stringify(e.message))).toEqual([]);
      // The line under way when the node died was finished on the survivor, with words.
      const afterKill = transcriptsSince(guest, killedAt).filter(
        (t) => t.isFinal && t.author === guest.user.avaId && words(t) !== '',
      );
      expect(afterKill.map(words).join(' ')).toMatch(/\w+ \w+ \w+/);
    },
    SLOW_MS,
  );
});
