/**
 * npm run bench:fanout [-- --readers 500] [--clip dev/1089-134686-0000.wav] [--lease-ms 3000]
 *
 * One speaker and many readers in one conversation, spread over three cluster nodes (their own
 * processes, on loopback: the room's owner and two that relay to it through NATS): how much
 * later does a caption reach a reader when 500 read it than when one does? For each caption
 * message (partials and finals) every reader receives, the delay is its arrival at the reader
 * minus its arrival at the speaker (connected to the owner directly; all clients run in this
 * process, one clock). Prints p50 and p99 of that delay for a room with one reader and for the
 * room with many, and the difference (the added delivery delay; target p99 under 50 ms).
 *
 * Needs PostgreSQL, NATS and Redis (the machine's services). Guests come from distinct
 * addresses (X-Forwarded-For, trusted from loopback for this run) so the per-address limits
 * that protect a real server do not throttle the benchmark's own setup.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API } from '../src/shared/api';
import type { GuestUserWithCredential } from '../src/shared/entities';
import { parseWav } from '../src/shared/wav';
import { ChunkPacer } from './lib/pacer';
import { percentile } from './lib/latency';
import { speechDir } from './lib/speech-dir';
import { CaptionClient, type Received, streamAudio } from './lib/socket-client';
import {
  type ClusterNodeProcess,
  ensureDatabase,
  startClusterNode,
  stopClusterNode,
} from './lib/cluster-nodes';

const { values } = parseArgs({
  options: {
    readers: { type: 'string', default: '500' },
    clip: { type: 'string', default: 'dev/1089-134686-0000.wav' },
    ports: { type: 'string', default: '7621,7622,7623' },
    'lease-ms': { type: 'string', default: '3000' },
  },
});
const readerCount = Number(values.readers);
const ports = values.ports.split(',').map(Number);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hearken_cluster';
const samples = parseWav(readFileSync(join(speechDir(), values.clip))).samples;

/**
 * Readers joining at once. Every join sends every member the room's status, which lists every
 * member: a join costs the owner O(members) messages of O(members) size, and 25 joins at once
 * with 300 members in stalled its event loop for seconds (long enough to lose its leases).
 */
const JOIN_BATCH = 5;

let guestNumber = 0;
/** A guest created as if from its own address (10.x.y.z), through any node. */
async function guest(url: string): Promise<GuestUserWithCredential> {
  guestNumber += 1;
  const address = `10.${(guestNumber >> 16) & 255}.${(guestNumber >> 8) & 255}.${guestNumber & 255}`;
  const response = await fetch(`${url}${API.createGuest}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ userName: `Reader ${guestNumber}` }),
  });
  if (!response.ok)
    throw new Error(`creating a guest failed: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as GuestUserWithCredential;
}

/** A caption message's identity: the same broadcast reaches every member with the same key. */
function keyOf(r: Received): string | undefined {
  const m = r.message;
  if (m.type !== 'transcript') return undefined;
  const t = m.transcript;
  return `${t.id}|${t.isFinal}|${t.texts[t.speechLang] ?? ''}`;
}

/** Delays (ms) of every caption message every reader got, after the speaker got it; by reader. */
function delays(speaker: CaptionClient, readers: CaptionClient[], from: number[]): number[][] {
  const atSpeaker = new Map<string, number>();
  for (const r of speaker.received.slice(from[0])) {
    const key = keyOf(r);
    if (key && !atSpeaker.has(key)) atSpeaker.set(key, r.atMs);
  }
  return readers.map((reader, i) => {
    const out: number[] = [];
    for (const r of reader.received.slice(from[i + 1])) {
      const key = keyOf(r);
      const sent = key ? atSpeaker.get(key) : undefined;
      if (sent !== undefined) out.push(r.atMs - sent);
    }
    return out;
  });
}

/** One room: a speaker on the owner, `count` readers spread over the nodes; the delays measured. */
async function room(
  nodes: ClusterNodeProcess[],
  count: number,
): Promise<{ delays: number[]; direct: number[]; relayed: number[]; messages: number }> {
  const owner = nodes[0]!;
  const speaker = await CaptionClient.connect(owner.url, { user: await guest(owner.url) });
  const token = speaker.linkToken('ro');
  const readers: CaptionClient[] = [];
  // A single reader reads through another node (as most of the many do).
  const nodeOf = (i: number) => (count === 1 ? nodes[1]! : nodes[i % nodes.length]!);
  console.error(`${new Date().toISOString()} creating ${count} readers`);
  const users = [];
  for (let i = 0; i < count; i++) users.push(await guest(nodeOf(i).url));
  for (let i = 0; i < count; i += JOIN_BATCH) {
    const batch = users.slice(i, i + JOIN_BATCH);
    readers.push(
      ...(await Promise.all(
        batch.map((user, j) =>
          CaptionClient.connect(nodeOf(i + j).url, { user, roomId: speaker.roomId, token }),
        ),
      )),
    );
  }
  // Quiet first: the joins' status messages (each lists every member) are all delivered, so
  // the captions measured do not queue behind them.
  const everyone = count + 1;
  const settled = (m: Received['message']) =>
    (m.type === 'room-status-update' || m.type === 'room-status') && m.status.participants.length >= everyone;
  await Promise.all([speaker, ...readers].map((c) => c.waitFor(settled, 600_000)));
  console.error(`${new Date().toISOString()} ${count} readers in; speaking`);
  const from = [speaker.received.length, ...readers.map((r) => r.received.length)];
  speaker.startAudio();
  const pacer = new ChunkPacer(1);
  await streamAudio(speaker, samples, { speed: 1, pacer });
  await streamAudio(speaker, new Int16Array(16_000), { speed: 1, pacer });
  const stopMark = speaker.received.length;
  speaker.stopAudio();
  const stopped = (m: Received['message']) =>
    m.type === 'room-status-update' &&
    m.reason === 'audio-stream-stopped' &&
    m.status.audioStreams.length === 0;
  await speaker.waitFor(stopped, 60_000, stopMark);
  // Every reader has had everything once it too heard the stream stop (a socket keeps its order).
  await Promise.all(readers.map((r, i) => r.waitFor(stopped, 60_000, from[i + 1])));
  const byReader = delays(speaker, readers, from);
  // Readers on the owner get captions from it directly; the others through NATS and their node.
  const direct = byReader.filter((_, i) => nodeOf(i) === owner).flat();
  const relayed = byReader.filter((_, i) => nodeOf(i) !== owner).flat();
  const messages = speaker.received.slice(from[0]).filter((r) => keyOf(r)).length;
  await Promise.all([speaker, ...readers].map((c) => c.close()));
  return { delays: byReader.flat(), direct, relayed, messages };
}

function figures(list: number[]) {
  const round = (p: number) => Math.round((percentile(list, p) ?? NaN) * 10) / 10;
  return { p50: round(50), p99: round(99), n: list.length };
}

async function main(): Promise<void> {
  await ensureDatabase(databaseUrl);
  const env = {
    HEARKEN_TRUST_PROXY: '127.0.0.1',
    HEARKEN_CLUSTER_LEASE_TTL_MS: values['lease-ms'],
    HEARKEN_SOCKETS_PER_ADDRESS: String(readerCount * 2 + 10),
    HEARKEN_LOG_LEVEL: 'warn',
  };
  const nodes: ClusterNodeProcess[] = [];
  try {
    nodes.push(
      await startClusterNode({
        nodeId: 'fanout-a',
        port: ports[0]!,
        databaseUrl,
        env,
        echo: (l) => {
          if (/lease|moved|owner|stalled/.test(l)) console.error(l);
        },
      }),
    );
    nodes.push(
      ...(await Promise.all(
        ports
          .slice(1)
          .map((port, i) => startClusterNode({ nodeId: `fanout-${'bc'[i]}`, port, databaseUrl, env })),
      )),
    );
    const one = await room(nodes, 1);
    const many = await room(nodes, readerCount);
    const base = figures(one.delays);
    const fan = figures(many.delays);
    console.log(
      JSON.stringify({
        readers: readerCount,
        nodes: nodes.length,
        captionMessages: many.messages,
        oneReaderDelayMs: base,
        manyReadersDelayMs: fan,
        manyReadersOnOwnerMs: figures(many.direct),
        manyReadersRelayedMs: figures(many.relayed),
        addedDelayMs: {
          p50: Math.round((fan.p50 - base.p50) * 10) / 10,
          p99: Math.round((fan.p99 - base.p99) * 10) / 10,
        },
        targetAddedP99Ms: 50,
      }),
    );
  } finally {
    await Promise.all(nodes.map((n) => stopClusterNode(n)));
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
