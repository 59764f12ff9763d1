/**
 * npm run bench:boost -- [--dir DIR] [--limit N] [--words N] [--weight W] [--known] [--boost LIST]
 *
 * Vocabulary boost, measured (docs/boost.md): streams every WAV of DIR/transcripts.tsv (default
 * the shared speech folder's dev/) through the PocketSphinx engine, in 60 ms chunks as the
 * server feeds it, twice: without a boost list, then with one made of the references' rarest
 * words (names, places: the words the engine's language model finds least likely, or lacks).
 * Prints each utterance, then as its last line one JSON object:
 * {"utterances", "boostWords", "without": {"wer", "boostWordErrorRate"}, "with": {...}}.
 * `--words` sets how many words to boost (default: one per two utterances, at least 5),
 * `--weight` the unigram weight of added words, `--known` also boosts words the dictionary has,
 * `--boost a,b,c` boosts these words instead (a control: words never said should change nothing).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { corpusWordErrorRate } from '../src/shared/wer';
import { loadPocketSphinx } from '../src/native/speech/pocketsphinx/binding';
import {
  DEFAULT_POCKETSPHINX_OPTIONS,
  findPocketSphinxModel,
  PocketSphinxEngine,
} from '../src/native/speech/pocketsphinx/engine';
import { boostWordErrorRate, rarestWords } from '../src/native/speech/boost/measure';
import { readTranscripts, speechDir } from './lib/speech-dir';

const CHUNK_SAMPLES = (SAMPLE_RATE_HZ * 60) / 1000;
const TRAILING_SILENCE_SAMPLES = (SAMPLE_RATE_HZ * 1500) / 1000;

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    limit: { type: 'string' },
    words: { type: 'string' },
    boost: { type: 'string' },
    weight: { type: 'string' },
    known: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const dir = resolve(values.dir ?? join(speechDir(), 'dev'));
const items = readTranscripts(dir, values.limit ? Number(values.limit) : undefined);
const weight = values.weight ? Number(values.weight) : DEFAULT_POCKETSPHINX_OPTIONS.boostWeight;
if (!(weight > 0)) throw new Error('--weight must be a positive number');

const engine = new PocketSphinxEngine({
  vadModel: resolve('resources/models/silero-vad/silero_vad.onnx'),
  boostWeight: weight,
  boostKnownWords: values.known,
  boostEnabled: true,
});

// Rarity by the engine's own language model, read from a decoder of its own.
const lib = loadPocketSphinx();
const files = findPocketSphinxModel();
const probe = lib.createDecoder({ ...files });
const count = values.words ? Number(values.words) : Math.max(5, Math.round(items.length / 2));
const boostWords = values.boost
  ? values.boost
      .split(',')
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean)
  : rarestWords(
      items.map((i) => i.reference),
      (w) => lib.unigramLog10(probe, w),
      count,
    );
const oov = boostWords.filter((w) => lib.lookupWord(probe, w) === undefined);
lib.freeDecoder(probe);

function recognise(samples: Int16Array, boost: readonly string[] | undefined): string {
  const stream = engine.open();
  if (boost) stream.setBoost?.(boost);
  const finals: string[] = [];
  const take = (events: ReturnType<typeof stream.accept>) => {
    for (const e of events) if (e.kind === 'final' && e.text) finals.push(e.text);
  };
  for (let i = 0; i < samples.length; i += CHUNK_SAMPLES)
    take(stream.accept(samples.subarray(i, i + CHUNK_SAMPLES)));
  take(stream.accept(new Int16Array(TRAILING_SILENCE_SAMPLES)));
  take(stream.flush());
  stream.close();
  // Every utterance starts on a fresh decoder, with and without boost (a boosted decoder is
  // never reused; a plain one would be): the comparison is then of the boost alone.
  engine.dispose();
  return finals.join(' ');
}

const audio = items.map((item) => {
  const wav = parseWav(readFileSync(join(dir, item.file)));
  if (wav.sampleRate !== SAMPLE_RATE_HZ || wav.channels !== 1)
    throw new Error(`${item.file}: ${wav.sampleRate} Hz, ${wav.channels} channels; 16 kHz mono is required`);
  return wav.samples;
});

console.log(
  `boosting ${boostWords.length} words (${oov.length} missing from the dictionary): ${boostWords.join(', ')}`,
);
const runs: Record<'without' | 'with', { reference: string; hypothesis: string }[]> = {
  without: [],
  with: [],
};
for (const [n, item] of items.entries()) {
  const without = recognise(audio[n]!, undefined);
  const withBoost = recognise(audio[n]!, boostWords);
  runs.without.push({ reference: item.reference, hypothesis: without });
  runs.with.push({ reference: item.reference, hypothesis: withBoost });
  if (!values.quiet)
    console.log(
      `[${n + 1}/${items.length}] ${item.file}\n  ref:   ${item.reference}\n  plain: ${without}\n  boost: ${withBoost}`,
    );
}
engine.dispose();

const round = (v: number) => Number(v.toFixed(4));
const figures = (pairs: { reference: string; hypothesis: string }[]) => ({
  wer: round(corpusWordErrorRate(pairs)),
  boostWordErrorRate: round(boostWordErrorRate(pairs, boostWords)),
});
console.log(
  JSON.stringify({
    utterances: items.length,
    boostWords: boostWords.length,
    without: figures(runs.without),
    with: figures(runs.with),
  }),
);
