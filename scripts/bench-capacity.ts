/**
 * npm run bench:capacity [-- --seconds S] [--max N] [--server URL]
 * npm run bench:capacity -- --burst N [--seconds S]
 *
 * How many people can speak at once, each in their own conversation, in real time, while every
 * word still reaches the screen within a second (word latency p95 < 1000 ms)? Runs rounds of N
 * simultaneous real-time streams (N = 1, 2, 4, ... then a binary search between the last good
 * and first bad N) of real speech (../shared/speech/long-dev.wav, each stream from a different
 * offset), and prints each round's figures and, last, the number.
 *
 * --burst N: one round of N streams at once, for memory: the server's resident memory before,
 * at its peak, right after the streams close and 30 s later (whether a burst is given back), and
 * the peak's growth per stream. Latency figures of such a round are not a capacity claim.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { percentile } from './lib/latency';
import { speechDir } from './lib/speech-dir';
import { measureRecording } from './lib/recording';
import { startServerProcess, type ServerProcess } from './lib/server-process';
import { CaptionClient, createGuest } from './lib/socket-client';

const P95_LIMIT_MS = 1000;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    max: { type: 'string', default: '64' },
    server: { type: 'string' },
    audio: { type: 'string' },
    burst: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const maxStreams = Number(values.max);

const source = parseWav(readFileSync(values.audio ?? join(speechDir(), 'long-dev.wav'))).samples;
const length = Math.min(source.length, Math.round(seconds * SAMPLE_RATE_HZ));

interface Round {
  streams: number;
  wordP50: number | null;
  wordP95: number | null;
  finalP50: number | null;
  finalP95: number | null;
  words: number;
  cpuPercent: number | null;
  peakRssMb: number | null;
  /** Speakers the server refused to start (its decoder cap or speech load limit): told at once, not measured. */
  refused: number;
  ok: boolean;
}

/** Stream i starts 23 s further into the file than stream i-1, so they do not speak in unison. */
const ms = (v: number | undefined) => (v === undefined ? null : Math.round(v));

function slice(i: number): Int16Array {
  const start = (i * 23 * SAMPLE_RATE_HZ) % Math.max(1, source.length - length);
  return source.subarray(start, start + length);
}

async function round(baseUrl: string, server: ServerProcess | undefined, n: number): Promise<Round> {
  const clients = await Promise.all(
    Array.from({ length: n }, async (_, i) =>
      CaptionClient.connect(baseUrl, { user: await createGuest(baseUrl, `Speaker ${i + 1}`) }),
    ),
  );
  const cpuBefore = server?.cpuSeconds();
  const wallBefore = performance.now();
  const results = await Promise.all(
    clients.map(async (c, i) => {
      // Stagger starts a little, as people do not all start at the same millisecond.
      await new Promise((r) => setTimeout(r, (i * 37) % 500));
      return measureRecording(c, slice(i), { speed: 1, trailingSilenceMs: 1500 });
    }),
  );
  const wallSeconds = (performance.now() - wallBefore) / 1000;
  const cpuAfter = server?.cpuSeconds();
  await Promise.all(clients.map((c) => c.close()));
  const refused = results.filter((r) => r.refused !== undefined).length;
  const words = results.flatMap((r) => r.wordLatenciesMs);
  const finals = results.flatMap((r) => (r.finalLatencyMs === undefined ? [] : [r.finalLatencyMs]));
  const p95 = percentile(words, 95);
  return {
    streams: n,
    wordP50: ms(percentile(words, 50)),
    wordP95: ms(p95),
    finalP50: ms(percentile(finals, 50)),
    finalP95: ms(percentile(finals, 95)),
    words: words.length,
    cpuPercent:
      cpuBefore === undefined || cpuAfter === undefined
        ? null
        : Math.round(((cpuAfter - cpuBefore) / wallSeconds) * 100),
    peakRssMb: server?.peakRssMb() ?? null,
    refused,
    // Sustained: every speaker captioned, in time. A round past the decoder cap or load limit shows the
    // running streams keep their latency while the extra speakers are refused.
    ok: p95 !== undefined && p95 < P95_LIMIT_MS && words.length > 0 && refused === 0,
  };
}

let server: ServerProcess | undefined;
// Every round starts its speakers' rooms from this one address: the per-address allowance of new
// conversations (60 an hour) would refuse a run's later rounds, which is not what is measured.
const baseUrl =
  values.server ?? (server = await startServerProcess({ HEARKEN_ROOM_CREATIONS_PER_HOUR: '100000' })).url;
const rounds: Round[] = [];
const show = (r: Round) =>
  console.log(
    `${String(r.streams).padStart(3)} streams: word p50 ${r.wordP50} ms, p95 ${r.wordP95} ms; final p50 ${r.finalP50} ms, p95 ${r.finalP95} ms; ` +
      `${r.words} words; server CPU ${r.cpuPercent ?? '?'}%; peak RSS ${r.peakRssMb ?? '?'} MB` +
      `${r.refused ? `; ${r.refused} refused (decoder cap or load limit)` : ''} ${r.ok ? 'OK' : r.refused ? 'CAPPED' : 'TOO SLOW'}`,
  );

console.log(
  `Each stream: ${(length / SAMPLE_RATE_HZ).toFixed(0)} s of real speech in real time; limit: word latency p95 < ${P95_LIMIT_MS} ms`,
);
if (values.burst !== undefined) {
  if (!server) throw new Error('--burst measures the server it starts: leave out --server');
  const n = Number(values.burst);
  const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // Its engines and first decoders made: one short stream, then the level a burst starts from.
  await round(baseUrl, server, 1);
  await settle(5000);
  const beforeMb = server.rssMb();
  const r = await round(baseUrl, server, n);
  show(r);
  await settle(2000);
  const afterCloseMb = server.rssMb();
  await settle(30_000);
  const after30sMb = server.rssMb();
  await server.stop();
  const peakMb = r.peakRssMb;
  console.log(
    JSON.stringify({
      burst: n,
      secondsPerStream: Number((length / SAMPLE_RATE_HZ).toFixed(1)),
      memoryMb: { before: beforeMb, peak: peakMb, afterClose: afterCloseMb, after30s: after30sMb },
      peakPerExtraStreamMb:
        peakMb != null && beforeMb !== undefined ? Number(((peakMb - beforeMb) / n).toFixed(1)) : null,
      returnedWithin10Percent:
        beforeMb !== undefined && after30sMb !== undefined ? after30sMb <= beforeMb * 1.1 : null,
    }),
  );
  process.exit(0);
}

let good = 0;
let bad = 0;
for (let n = 1; n <= maxStreams; n *= 2) {
  const r = await round(baseUrl, server, n);
  rounds.push(r);
  show(r);
  if (!r.ok) {
    bad = n;
    break;
  }
  good = n;
}
// Binary search between the last good and the first bad round.
while (bad > 0 && bad - good > 1) {
  const n = Math.floor((good + bad) / 2);
  const r = await round(baseUrl, server, n);
  rounds.push(r);
  show(r);
  if (r.ok) good = n;
  else bad = n;
}
await server?.stop();

console.log(
  JSON.stringify({
    sustainedStreams: good,
    limit: { wordLatencyP95Ms: P95_LIMIT_MS },
    secondsPerStream: Number((length / SAMPLE_RATE_HZ).toFixed(1)),
    rounds: rounds.sort((a, b) => a.streams - b.streams),
  }),
);
