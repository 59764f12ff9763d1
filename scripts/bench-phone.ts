/**
 * Phone conference dial-in, measured: how much worse the captions of a phone call are than a
 * microphone's. Each WAV of DIR/transcripts.tsv (16 kHz speech) is recognised twice by the same
 * engine, one session each, in the offline-captions process (the engines' own code, without a
 * socket or real-time pacing, so the only difference is the audio):
 *  1. as recorded, 16 kHz, 60 ms chunks, as a microphone sends it;
 *  2. as a phone call carries it and the server receives it: filtered and decimated to 8 kHz,
 *     G.711 mu-law encoded in 20 ms frames (what Twilio's Media Streams send), then decoded and
 *     resampled back to 16 kHz by the server's own TelephoneDecoder;
 *  3. band-limited to 8 kHz and back without G.711 (linear 16-bit), which tells how much of the
 *     loss is the telephone band and how much mu-law's quantisation.
 * Prints each file's hypotheses, then one JSON object: the corpus WER of each, and the
 * difference between the phone call's and the 16 kHz one.
 *
 *   npm run bench:phone -- [--dir ../shared/speech/dev] [--limit N]
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FromOffline, ToOffline } from '../src/native/offline/protocol';
import { int16ToLittleEndianBytes } from '../src/shared/audio';
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../src/shared/constants';
import {
  TELEPHONE_FRAME_SAMPLES,
  TelephoneDecoder,
  TelephoneDownsampler,
  TelephoneEncoder,
  TelephoneUpsampler,
} from '../src/shared/telephone-audio';
import { parseWav } from '../src/shared/wav';
import { corpusWordErrorRate, wordErrorRate } from '../src/shared/wer';
import { readTranscripts, speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(speechDir(), 'dev') },
    limit: { type: 'string' },
  },
});
const dir = resolve(values.dir!);
const items = readTranscripts(dir, values.limit ? Number(values.limit) : undefined);

/** 16 kHz speech as it reaches the engines after a phone call (the server's decoding path). */
export function throughPhoneLine(speech: Int16Array, muLaw = true): Int16Array {
  const encoder = new TelephoneEncoder(SAMPLE_RATE_HZ);
  const decoder = new TelephoneDecoder(SAMPLE_RATE_HZ);
  const down = new TelephoneDownsampler(SAMPLE_RATE_HZ);
  const up = new TelephoneUpsampler(SAMPLE_RATE_HZ);
  const perFrame = TELEPHONE_FRAME_SAMPLES * (SAMPLE_RATE_HZ / 8000);
  const out = new Int16Array(speech.length);
  let at = 0;
  for (let i = 0; i < speech.length; i += perFrame) {
    const chunk = speech.subarray(i, i + perFrame);
    const frame = muLaw ? decoder.decode(encoder.encode(chunk)) : up.process(down.process(chunk));
    out.set(frame.subarray(0, out.length - at), at);
    at += frame.length;
  }
  return out;
}

const child = fork(resolve('src/native/offline/process.ts'), [], {
  execArgv: ['--import', 'tsx'],
  serialization: 'advanced',
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const send = (m: ToOffline) => child.send(m);
const waiters: ((m: FromOffline) => void)[] = [];
const transcripts: Extract<FromOffline, { op: 'transcript' }>[] = [];
child.on('message', (raw) => {
  const m = raw as FromOffline;
  if (m.op === 'transcript') transcripts.push(m);
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

const engines = [
  {
    kind: 'pocketsphinx' as const,
    modelsDir: resolve('models'),
    vadModel: resolve('resources/models/silero-vad/silero_vad.onnx'),
  },
];
let engine = '';

async function recognise(speech: Int16Array): Promise<string> {
  // One second of silence after the speech ends the last line, as a pause would.
  const audio = new Int16Array(speech.length + SAMPLE_RATE_HZ);
  audio.set(speech);
  send({ op: 'start', lang: 'en-US', engines, author: 'bench', authorShow: 'Bench' });
  engine = ((await next('ready')) as { engine: string }).engine;
  const mark = transcripts.length;
  for (let i = 0; i < audio.length; i += CHUNK_SAMPLES)
    send({
      op: 'audio',
      samples: int16ToLittleEndianBytes(audio.subarray(i, i + CHUNK_SAMPLES)).slice().buffer,
    });
  send({ op: 'stop' });
  await next('stopped');
  const finals = new Map<string, string>();
  for (const t of transcripts.slice(mark))
    if (t.transcript.isFinal) finals.set(t.transcript.id, t.transcript.texts['en-US'] ?? '');
  return [...finals.values()].filter(Boolean).join(' ');
}

const samples = items.map((item) => {
  const wav = parseWav(readFileSync(join(dir, item.file)));
  if (wav.sampleRate !== SAMPLE_RATE_HZ || wav.channels !== 1)
    throw new Error(`${item.file}: ${wav.sampleRate} Hz, ${wav.channels} channels; 16 kHz mono is required`);
  return wav.samples;
});
const audioSeconds = samples.reduce((sum, s) => sum + s.length / SAMPLE_RATE_HZ, 0);

/**
 * Each path is one pass over every file, as a call is one stream of phone audio: the engine's
 * running state (its cepstral mean) is then the path's own, never the previous file's other one.
 */
const paths = [
  { name: '16 kHz', audio: (s: Int16Array) => s },
  { name: 'phone (mu-law 8 kHz)', audio: (s: Int16Array) => throughPhoneLine(s) },
  { name: '8 kHz linear', audio: (s: Int16Array) => throughPhoneLine(s, false) },
];
const results: { reference: string; hypothesis: string }[][] = [];
for (const path of paths) {
  const pairs: { reference: string; hypothesis: string }[] = [];
  for (const [n, item] of items.entries()) {
    const hypothesis = await recognise(path.audio(samples[n]!));
    pairs.push({ reference: item.reference, hypothesis });
    console.log(
      `[${path.name} ${n + 1}/${items.length}] ${item.file}: ${wordErrorRate(item.reference, hypothesis).toFixed(3)}\n  ref: ${item.reference}\n  hyp: ${hypothesis}`,
    );
  }
  results.push(pairs);
}
const [wideband, phone, narrowband] = results as [
  (typeof results)[0],
  (typeof results)[0],
  (typeof results)[0],
];
child.kill();
const wer16k = corpusWordErrorRate(wideband);
const werPhone = corpusWordErrorRate(phone);
console.log(
  JSON.stringify({
    engine,
    recordings: items.length,
    audioSeconds: Math.round(audioSeconds),
    wer16kHz: Number(wer16k.toFixed(3)),
    werPhoneMuLaw8kHz: Number(werPhone.toFixed(3)),
    wer8kHzLinear: Number(corpusWordErrorRate(narrowband).toFixed(3)),
    difference: Number((werPhone - wer16k).toFixed(3)),
  }),
);
