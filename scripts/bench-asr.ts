/**
 * npm run bench:asr -- --dir DIR [--tier basic|premium] [--speed N] [--limit N] [--server URL]
 *
 * Streams every WAV listed in DIR/transcripts.tsv through the server's realtime socket, as a
 * microphone would (real time unless --speed says otherwise), and measures what a person reading
 * the captions experiences: word error rate, how soon each word appears, how soon each line is
 * final (from the end of the last spoken word, found in the audio: lib/speech-end.ts), how soon
 * each word is firm and that no firm word is ever rewritten (lib/firm-figures.ts), how much of
 * what was shown was later rewritten (partial churn: lib/churn.ts), the server's CPU per second of
 * audio and its peak memory. The last line printed is one JSON object with those figures; each is
 * defined in docs/measurements.md.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { corpusWordErrorRate } from '../src/shared/wer';
import { CaptionClient, createGuest } from './lib/socket-client';
import { percentile } from './lib/latency';
import { addChurn, churnFigures, type Churn } from './lib/churn';
import { measureRecording } from './lib/recording';
import { parseSpeed } from './lib/pacer';
import { startServerProcess, type ServerProcess } from './lib/server-process';
import { readTranscripts } from './lib/speech-dir';

/** Silence sent after each file, as a microphone keeps sending after someone stops talking. */
const TRAILING_SILENCE_MS = 1500;

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    tier: { type: 'string', default: 'basic' },
    speed: { type: 'string', default: '1' },
    limit: { type: 'string' },
    server: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

if (!values.dir) {
  console.error(
    'usage: npm run bench:asr -- --dir DIR [--tier basic|premium] [--speed N] [--limit N] [--server URL]',
  );
  process.exit(2);
}
const tier = values.tier === 'premium' ? 'premium' : 'basic';
const speed = parseSpeed(values.speed);
const dir = resolve(values.dir);
const items = readTranscripts(dir, values.limit ? Number(values.limit) : undefined);

let server: ServerProcess | undefined;
const baseUrl = values.server ?? (server = await startServerProcess()).url;
const cpuAtStart = server?.cpuSeconds();

const user = await createGuest(baseUrl, 'Benchmark');
const client = await CaptionClient.connect(baseUrl, { user });
if (tier === 'premium') client.send({ type: 'connection-params-update', usePaidASR: true });

const pairs: { reference: string; hypothesis: string }[] = [];
const wordLatencies: number[] = [];
const stableWordLatencies: number[] = [];
let firmRewritten = 0;
const finalLatencies: number[] = [];
let audioSeconds = 0;
let churn: Churn = { wordsShown: 0, wordsChanged: 0, finalWords: 0 };

for (const [n, item] of items.entries()) {
  const audio = parseWav(readFileSync(join(dir, item.file)));
  if (audio.sampleRate !== SAMPLE_RATE_HZ || audio.channels !== 1) {
    throw new Error(
      `${item.file}: ${audio.sampleRate} Hz, ${audio.channels} channels; 16 kHz mono is required`,
    );
  }
  audioSeconds += audio.samples.length / SAMPLE_RATE_HZ;
  const result = await measureRecording(client, audio.samples, {
    speed,
    trailingSilenceMs: TRAILING_SILENCE_MS,
  });
  pairs.push({ reference: item.reference, hypothesis: result.hypothesis });
  wordLatencies.push(...result.wordLatenciesMs);
  if (result.finalLatencyMs !== undefined) finalLatencies.push(result.finalLatencyMs);
  churn = addChurn(churn, result.churn);
  stableWordLatencies.push(...result.stableWordLatenciesMs);
  firmRewritten += result.firmRewritten;
  if (!values.quiet) {
    const final = result.finalLatencyMs === undefined ? 'none' : `${Math.round(result.finalLatencyMs)} ms`;
    console.log(
      `[${n + 1}/${items.length}] ${item.file}: final after ${final}\n  ref: ${item.reference}\n  hyp: ${result.hypothesis}`,
    );
  }
}

await client.close();
const cpuSeconds = server && cpuAtStart !== undefined ? server.cpuSeconds()! - cpuAtStart : undefined;
const peakRssMb = server?.peakRssMb();
await server?.stop();

const round = (v: number | undefined, digits = 0) => (v === undefined ? null : Number(v.toFixed(digits)));
console.log(
  JSON.stringify({
    utterances: items.length,
    wer: round(corpusWordErrorRate(pairs), 4),
    wordLatencyMs: { p50: round(percentile(wordLatencies, 50)), p95: round(percentile(wordLatencies, 95)) },
    finalLatencyMs: {
      p50: round(percentile(finalLatencies, 50)),
      p95: round(percentile(finalLatencies, 95)),
    },
    stableWordLatencyMs: {
      p50: round(percentile(stableWordLatencies, 50)),
      p95: round(percentile(stableWordLatencies, 95)),
    },
    churn: {
      rewritesPerFinalWord: round(churnFigures(churn).rewritesPerFinalWord ?? undefined, 3),
      changedShare: round(churnFigures(churn).changedShare ?? undefined, 3),
      stableRewritesPerFinalWord: churn.finalWords > 0 ? round(firmRewritten / churn.finalWords, 3) : null,
    },
    rtf: cpuSeconds === undefined ? null : round(cpuSeconds / audioSeconds, 3),
    peakRssMb: peakRssMb ?? null,
  }),
);
