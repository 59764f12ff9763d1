/**
 * npm run bench:engine -- [--dir ../shared/speech/dev] [--limit N] [--out finals.json] [--compare finals.json]
 *                          [--args k=v,...] [--realtime]
 *
 * The PocketSphinx stream alone, in this thread, as a speech worker runs it: every recording of
 * DIR fed as 60 ms chunks (what clients send), as fast as the CPU allows, then one second of
 * silence. Prints this thread's CPU seconds per audio second (the engine's own cost, without
 * sockets or threads) and the partials it produced. `--out` saves every final (text and word
 * timings) per recording; `--compare` checks them against a saved run, so a change to framing or
 * scheduling can be shown to leave the decoder's output the same. Profile it with
 * `node --cpu-prof --import tsx scripts/bench-engine.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { corpusWordErrorRate } from '../src/shared/wer';
import { PocketSphinxEngine } from '../src/native/speech/pocketsphinx/engine';
import { loadPocketSphinx } from '../src/native/speech/pocketsphinx/binding';
import type { RecognizerEvent } from '../src/native/speech/types';
import { readTranscripts, speechDir } from './lib/speech-dir';
import { decodeRecording } from './lib/engine-events';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(speechDir(), 'dev') },
    limit: { type: 'string' },
    out: { type: 'string' },
    compare: { type: 'string' },
    /** Time each PocketSphinx call (wall ms per call kind), to see which of them costs. */
    split: { type: 'boolean', default: false },
    /** Decoder arguments to try, `beam=1e-40,maxwpf=10` (they override the engine's). */
    args: { type: 'string' },
    /**
     * Feed each chunk when a microphone would (every 60 ms) instead of as fast as the CPU allows:
     * the thread sleeps between chunks as a speech worker does, so caches go cold between them.
     */
    realtime: { type: 'boolean', default: false },
  },
});
const dir = resolve(values.dir!);
const items = readTranscripts(dir, values.limit ? Number(values.limit) : undefined);
const callMs: Record<string, number> = {};
const calls: Record<string, number> = {};
if (values.split) {
  const lib = loadPocketSphinx() as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['processRaw', 'hyp', 'startUtt', 'endUtt', 'segments']) {
    const f = lib[name]!;
    lib[name] = (...a: unknown[]) => {
      const t0 = performance.now();
      try {
        return f(...a);
      } finally {
        callMs[name] = (callMs[name] ?? 0) + performance.now() - t0;
        calls[name] = (calls[name] ?? 0) + 1;
      }
    };
  }
}
const decoderArgs = values.args
  ? Object.fromEntries(values.args.split(',').map((kv) => kv.split('=') as [string, string]))
  : undefined;
const engine = new PocketSphinxEngine({
  vadModel: resolve('resources/models/silero-vad/silero_vad.onnx'),
  ...(decoderArgs ? { decoderArgs } : {}),
});
engine.warm(1);

type Final = Pick<RecognizerEvent, 'text' | 'startMs' | 'endMs' | 'words'>;
const finals: Record<string, Final[]> = {};
const pairs: { reference: string; hypothesis: string }[] = [];
let audioSeconds = 0;
let partials = 0;
const cpu0 = process.cpuUsage();
for (const item of items) {
  const speech = parseWav(readFileSync(join(dir, item.file))).samples;
  const audio = new Int16Array(speech.length + SAMPLE_RATE_HZ);
  audio.set(speech);
  audioSeconds += audio.length / SAMPLE_RATE_HZ;
  const events = await decodeRecording(engine, audio, { realtime: values.realtime });
  partials += events.filter((e) => e.kind === 'partial').length;
  const own = events
    .filter((e) => e.kind === 'final')
    .map((e) => ({ text: e.text, startMs: e.startMs, endMs: e.endMs, words: e.words }));
  finals[item.file] = own;
  pairs.push({
    reference: item.reference,
    hypothesis: own
      .map((f) => f.text)
      .filter(Boolean)
      .join(' '),
  });
}
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
engine.dispose();

if (values.out) writeFileSync(values.out, JSON.stringify(finals));
let differ: string[] | undefined;
if (values.compare) {
  const before = JSON.parse(readFileSync(values.compare, 'utf8')) as Record<string, Final[]>;
  differ = Object.keys(finals).filter((f) => JSON.stringify(finals[f]) !== JSON.stringify(before[f]));
  for (const f of differ)
    console.log(
      `differs: ${f}\n  before: ${JSON.stringify(before[f]?.map((x) => x.text))}\n  after:  ${JSON.stringify(finals[f]?.map((x) => x.text))}`,
    );
}
console.log(
  JSON.stringify({
    ...(decoderArgs ? { decoderArgs } : {}),
    ...(values.realtime ? { realtime: true } : {}),
    recordings: items.length,
    audioSeconds: Math.round(audioSeconds),
    wer: Number(corpusWordErrorRate(pairs).toFixed(4)),
    cpuPerAudioSecond: Number((cpuSeconds / audioSeconds).toFixed(4)),
    partialsPerAudioSecond: Number((partials / audioSeconds).toFixed(2)),
    ...(differ ? { finalsDiffering: differ.length } : {}),
    ...(values.split
      ? { callMs: Object.fromEntries(Object.entries(callMs).map(([k, v]) => [k, Math.round(v)])), calls }
      : {}),
  }),
);
