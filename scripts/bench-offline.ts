/**
 * Offline captions on this computer (the desktop app's on-device speech process), measured: each
 * WAV of DIR/transcripts.tsv goes through the offline-captions process as 60 ms chunks, one
 * session per recording, as the desktop app sends them. Prints WER, the process's CPU seconds per
 * audio second, its peak memory and (with --speed 1, real time) how long after the end of speech
 * the last final arrives. The last line is one JSON object of figures.
 *
 *   npm run bench:offline -- --dir ../shared/speech/dev [--limit N] [--speed 1]
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FromOffline, ToOffline } from '../src/native/offline/protocol';
import { int16ToLittleEndianBytes } from '../src/shared/audio';
import { CHUNK_LENGTH_MS, CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { corpusWordErrorRate } from '../src/shared/wer';
import { procCpuSeconds, procStatus } from './lib/server-process';
import { readTranscripts, speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(speechDir(), 'dev') },
    limit: { type: 'string' },
    speed: { type: 'string', default: '0' },
  },
});
const dir = resolve(values.dir!);
const speed = Number(values.speed);
const items = readTranscripts(dir, values.limit ? Number(values.limit) : undefined);

const child = fork(resolve('src/native/offline/process.ts'), [], {
  execArgv: ['--import', 'tsx'],
  serialization: 'advanced',
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const send = (m: ToOffline) => child.send(m);
const waiters: ((m: FromOffline) => void)[] = [];
const transcripts: { at: number; message: Extract<FromOffline, { op: 'transcript' }> }[] = [];
child.on('message', (raw) => {
  const m = raw as FromOffline;
  if (m.op === 'transcript') transcripts.push({ at: performance.now(), message: m });
  for (const w of waiters.splice(0)) w(m);
});
const next = (op: FromOffline['op']) =>
  new Promise<FromOffline>((done, fail) => {
    const wait = (m: FromOffline) => {
      if (m.op === op) done(m);
      else if (m.op === 'failed') fail(new Error(m.message));
      else waiters.push(wait);
    };
    waiters.push(wait);
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const engines = [
  {
    kind: 'pocketsphinx' as const,
    modelsDir: resolve('models'),
    vadModel: resolve('resources/models/silero-vad/silero_vad.onnx'),
  },
];
const pairs: { reference: string; hypothesis: string }[] = [];
const finalLatencies: number[] = [];
let audioSeconds = 0;
let engine = '';
const cpuStart = procCpuSeconds(child.pid!) ?? 0;
const wallStart = performance.now();
for (const item of items) {
  const speech = parseWav(readFileSync(join(dir, item.file))).samples;
  // One second of silence after the speech ends the last line, as a pause would.
  const audio = new Int16Array(speech.length + SAMPLE_RATE_HZ);
  audio.set(speech);
  audioSeconds += speech.length / SAMPLE_RATE_HZ;
  send({ op: 'start', lang: 'en-US', engines, author: 'bench', authorShow: 'Bench' });
  engine = ((await next('ready')) as { engine: string }).engine;
  const mark = transcripts.length;
  let speechEndAt = 0;
  const startAt = performance.now();
  for (let i = 0; i < audio.length; i += CHUNK_SAMPLES) {
    if (speed > 0) {
      const due = startAt + ((i / CHUNK_SAMPLES) * CHUNK_LENGTH_MS) / speed;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    send({
      op: 'audio',
      samples: int16ToLittleEndianBytes(audio.subarray(i, i + CHUNK_SAMPLES)).slice().buffer,
    });
    if (i < speech.length && i + CHUNK_SAMPLES >= speech.length) speechEndAt = performance.now();
  }
  send({ op: 'stop' });
  await next('stopped');
  const finals = new Map<string, string>();
  let lastFinalAt = 0;
  for (const t of transcripts.slice(mark))
    if (t.message.transcript.isFinal) {
      finals.set(t.message.transcript.id, t.message.transcript.texts['en-US'] ?? '');
      lastFinalAt = t.at;
    }
  const hypothesis = [...finals.values()].filter(Boolean).join(' ');
  pairs.push({ reference: item.reference, hypothesis });
  if (speed > 0 && lastFinalAt > 0) finalLatencies.push(lastFinalAt - speechEndAt);
  console.log(`${item.file}\t${hypothesis}`);
}
const cpuSeconds = (procCpuSeconds(child.pid!) ?? cpuStart) - cpuStart;
const wallSeconds = (performance.now() - wallStart) / 1000;
const peakRssMb = Math.round((procStatus(child.pid!, 'VmHWM') ?? 0) / 1024);
child.kill();
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor(s.length / 2)]!) : undefined;
};
console.log(
  JSON.stringify({
    engine,
    recordings: items.length,
    audioSeconds: Math.round(audioSeconds),
    wer: Number(corpusWordErrorRate(pairs).toFixed(3)),
    rtf: Number((cpuSeconds / audioSeconds).toFixed(3)),
    wallPerAudioSecond: Number((wallSeconds / audioSeconds).toFixed(3)),
    peakRssMb,
    ...(speed > 0 ? { speed, medianFinalLatencyMs: median(finalLatencies) } : {}),
  }),
);
