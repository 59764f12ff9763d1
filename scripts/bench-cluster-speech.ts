/**
 * npm run bench:cluster-speech [-- --speakers N] [--cap N] [--seconds S]
 *
 * Does speech capacity add up across a cluster (docs/cluster.md, "Speech decoded where there is
 * capacity")? Starts three cluster nodes (their own processes, on the machine's PostgreSQL, NATS
 * and Redis), each with a decoder cap of 4 (HEARKEN_MAX_DECODERS), and puts N real-time speakers
 * (10 by default; real recorded speech, PocketSphinx) in one conversation owned by the first
 * node: its cap holds 4 of them, the rest must be decoded on the other two. Prints one JSON line:
 * speakers, nodes, captioned (speakers whose words were captioned), refused (told
 * speech-unavailable), decodedOffOwner (speakers the owner placed on another node, from its
 * metrics) and word latency p50/p95 (each word, from the send of its audio to its first showing).
 *
 * DATABASE_URL: the server to make its throwaway database on (default the local `test` one).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../src/shared/constants';
import { randomId } from '../src/shared/ids';
import { parseWav } from '../src/shared/wav';
import { type ClusterNodeProcess, startClusterNode, stopClusterNode } from './lib/cluster-nodes';
import { percentile, recordingLatency, SendLog, type TimedTranscript } from './lib/latency';
import { ChunkPacer } from './lib/pacer';
import { CaptionClient, createGuest, streamAudio } from './lib/socket-client';
import { speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    speakers: { type: 'string', default: '10' },
    cap: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '20' },
    port: { type: 'string', default: '7731' },
  },
});
const speakers = Number(values.speakers);
const cap = Number(values.cap);
const seconds = Number(values.seconds);
const firstPort = Number(values.port);

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `hearken_speech_${randomId(8).toLowerCase()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Speaker i's speech: dev recordings joined until `seconds` long, each speaker from another file. */
function speech(i: number): Int16Array {
  const dir = join(speechDir(), 'dev');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.wav'))
    .sort();
  const want = Math.round(seconds * SAMPLE_RATE_HZ);
  const parts: Int16Array[] = [];
  let total = 0;
  for (let k = 0; total < want && k < files.length; k++) {
    const samples = parseWav(readFileSync(join(dir, files[(i * 3 + k) % files.length]!))).samples;
    parts.push(samples);
    total += samples.length;
  }
  const out = new Int16Array(Math.min(total, want));
  let at = 0;
  for (const p of parts) {
    const take = Math.min(p.length, out.length - at);
    out.set(p.subarray(0, take), at);
    at += take;
  }
  return out;
}

function inviteToken(host: CaptionClient): string {
  const status = host.received.find((r) => r.message.type === 'room-status')?.message;
  const link = status?.type === 'room-status' ? status.status.links.rw : undefined;
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error('the host has no invite link');
  return token;
}

/** A counter or gauge of a node's GET /metrics (loopback may read them). */
async function metric(node: ClusterNodeProcess, name: string): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/**
 * One speaker's recording in the shared room, measured on that speaker's own lines only (the
 * room's other speakers' captions reach the same socket): start, the speech in real time, silence
 * until the speaker's last line is final (at most 5 s), stop, and wait until the room says this
 * speaker's stream stopped (after its last final).
 */
async function speakAndMeasure(client: CaptionClient, samples: Int16Array) {
  const me = client.user.avaId;
  const mine: TimedTranscript[] = [];
  const off = client.onMessage((r) => {
    if (r.message.type === 'transcript' && r.message.transcript.author === me)
      mine.push({ atMs: r.atMs, transcript: r.message.transcript });
  });
  const mark = client.received.length;
  try {
    client.startAudio();
    const started = await client.waitFor(
      (m) =>
        (m.type === 'room-status-update' &&
          m.reason === 'audio-stream-started' &&
          m.status.audioStreams.some((s) => s.avaId === me)) ||
        (m.type === 'error' && m.inReplyTo === 'audio'),
      60_000,
      mark,
    );
    if (started.type === 'error') return { refused: true, wordLatenciesMs: [] as number[] };
    const sent = new SendLog();
    const pacer = new ChunkPacer(1);
    await streamAudio(client, samples, { speed: 1, pacer, onChunk: (first, at) => sent.record(first, at) });
    const silence = new Int16Array(5 * SAMPLE_RATE_HZ);
    const settled = () => mine.length > 0 && mine.at(-1)!.transcript.isFinal;
    for (let i = 0; i < silence.length && !settled(); i += CHUNK_SAMPLES)
      await streamAudio(client, silence.subarray(i, i + CHUNK_SAMPLES), {
        speed: 1,
        pacer,
        onChunk: (first, at) => sent.record(samples.length + i + first, at),
      });
    const stopMark = client.received.length;
    client.stopAudio();
    await client.waitFor(
      (m) =>
        m.type === 'room-status-update' &&
        m.reason === 'audio-stream-stopped' &&
        !m.status.audioStreams.some((s) => s.avaId === me),
      180_000,
      stopMark,
    );
    return { refused: false, wordLatenciesMs: recordingLatency(mine, sent).wordLatenciesMs };
  } finally {
    off();
  }
}

const env = {
  HEARKEN_MAX_DECODERS: String(cap),
  HEARKEN_SPEECH_WORKERS: '1',
  HEARKEN_MAX_STREAMS_PER_ROOM: String(speakers + 2),
  HEARKEN_ROOM_CREATIONS_PER_HOUR: '100000',
};
/** What the nodes warn of about speech (a stream moved, a node not heard from), on stderr. */
const echo = (line: string) => {
  if (/speech|stalled/.test(line)) console.error(line.slice(0, 300));
};
const nodes: ClusterNodeProcess[] = [];
await admin(`create database ${database}`);
try {
  const run = randomId(4);
  // The owner first: it migrates the new database.
  nodes.push(await startClusterNode({ nodeId: `speech-${run}-a`, port: firstPort, databaseUrl, env, echo }));
  nodes.push(
    ...(await Promise.all(
      ['b', 'c'].map((letter, i) =>
        startClusterNode({
          nodeId: `speech-${run}-${letter}`,
          port: firstPort + 1 + i,
          databaseUrl,
          env,
          echo,
        }),
      ),
    )),
  );
  const owner = nodes[0]!;
  // Every node has heard every other's decoder load (published twice a second).
  await new Promise((r) => setTimeout(r, 1500));
  const host = await CaptionClient.connect(owner.url, { user: await createGuest(owner.url, 'Speaker 1') });
  const token = inviteToken(host);
  const clients = [host];
  for (let i = 1; i < speakers; i++)
    clients.push(
      await CaptionClient.connect(owner.url, {
        user: await createGuest(owner.url, `Speaker ${i + 1}`),
        roomId: host.roomId,
        token,
      }),
    );
  const results = await Promise.all(
    clients.map(async (client, i) => {
      // People do not all start on the same millisecond.
      await new Promise((r) => setTimeout(r, i * 250));
      return speakAndMeasure(client, speech(i));
    }),
  );
  const decodedOffOwner = await metric(owner, 'hearken_speech_streams_placed_elsewhere_total');
  await Promise.all(clients.map((c) => c.close()));
  const words = results.flatMap((r) => r.wordLatenciesMs);
  const round = (v: number | undefined) => (v === undefined ? null : Math.round(v));
  console.log(
    JSON.stringify({
      speakers,
      nodes: nodes.length,
      captioned: results.filter((r) => !r.refused && r.wordLatenciesMs.length > 0).length,
      refused: results.filter((r) => r.refused).length,
      decodedOffOwner,
      wordLatencyMs: { p50: round(percentile(words, 50)), p95: round(percentile(words, 95)) },
    }),
  );
} finally {
  await Promise.all(nodes.map((n) => stopClusterNode(n)));
  await admin(`drop database if exists ${database} with (force)`);
}
