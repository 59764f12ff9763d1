/**
 * Builds the shipped Scribe training items (resources/scribe-training) from recordings of
 * ../shared/speech/dev (English) and ../shared/speech/dev-fr (French), which are free to use
 * (CC BY 4.0 LibriSpeech, VCTK, FLEURS, CMU ARCTIC, Apache-2.0 Picovoice; see each folder's
 * SOURCE.md): each item is a few utterances joined by 0.8 s of silence, with its reference (the
 * utterances' transcripts, in order). Run once when the items change:
 *   npx tsx scripts/make-scribe-training.ts [--speech ../shared/speech]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeWav, parseWav, toMono } from '../src/shared/wav';
import { SAMPLE_RATE_HZ } from '../src/shared/constants';

const ITEMS = [
  {
    name: 'mister-thornton',
    dir: 'dev',
    displayName: 'Mister Thornton (a novel read aloud)',
    language: 'en-US',
    files: ['1688-142285-0002.wav', '1688-142285-0003.wav', '1688-142285-0004.wav', '1688-142285-0005.wav'],
  },
  {
    name: 'short-sentences-p225',
    dir: 'dev',
    displayName: 'Short sentences, Southern English voice',
    language: 'en-US',
    files: ['p225_003.wav', 'p225_008.wav', 'p225_011.wav'],
  },
  {
    name: 'short-sentences-arctic',
    dir: 'dev',
    displayName: 'Short sentences, American voice',
    language: 'en-US',
    files: ['cmu_arctic_us_aew_a0001.wav', 'cmu_arctic_us_aew_a0002.wav', 'cmu_arctic_us_aew_a0003.wav'],
  },
  // French (issue 28): FLEURS read sentences, and one Common Voice style sentence.
  {
    name: 'actualites-fr',
    dir: 'dev-fr',
    displayName: 'Actualités lues à voix haute',
    language: 'fr-FR',
    files: ['fleurs-fr-000.wav', 'fleurs-fr-003.wav', 'fleurs-fr-004.wav'],
  },
  {
    name: 'declarations-fr',
    dir: 'dev-fr',
    displayName: 'Déclarations et phrases lues',
    language: 'fr-FR',
    files: ['fleurs-fr-001.wav', 'fleurs-fr-002.wav', 'test_fr.wav'],
  },
] as const;

const GAP_SAMPLES = Math.round(0.8 * SAMPLE_RATE_HZ);

const speechArg = process.argv.indexOf('--speech');
const speech = speechArg > 0 ? process.argv[speechArg + 1]! : join(process.cwd(), '..', 'shared', 'speech');
const out = join(process.cwd(), 'resources', 'scribe-training');
mkdirSync(out, { recursive: true });
/** Each folder's references by file name (transcripts.tsv: `<wav>\t<reference>`). */
const referencesOf = (dir: string) =>
  new Map(
    readFileSync(join(speech, dir, 'transcripts.tsv'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t') as [string, string]),
  );

const index = [];
for (const item of ITEMS) {
  const dir = join(speech, item.dir);
  const references = referencesOf(item.dir);
  const parts: Int16Array[] = [];
  const words: string[] = [];
  for (const file of item.files) {
    const audio = parseWav(new Uint8Array(readFileSync(join(dir, file))));
    if (audio.sampleRate !== SAMPLE_RATE_HZ) throw new Error(`${file}: ${audio.sampleRate} Hz, not 16 kHz`);
    if (parts.length > 0) parts.push(new Int16Array(GAP_SAMPLES));
    parts.push(toMono(audio));
    const reference = references.get(file);
    if (!reference) throw new Error(`${file} has no reference in transcripts.tsv`);
    words.push(reference);
  }
  const samples = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    samples.set(p, at);
    at += p.length;
  }
  writeFileSync(join(out, `${item.name}.wav`), encodeWav(samples, SAMPLE_RATE_HZ));
  index.push({
    name: item.name,
    displayName: item.displayName,
    language: item.language,
    reference: words.join(' '),
    sources: item.files,
    durationS: Math.round((samples.length / SAMPLE_RATE_HZ) * 10) / 10,
  });
  console.log(`${item.name}: ${(samples.length / SAMPLE_RATE_HZ).toFixed(1)} s`);
}
writeFileSync(join(out, 'items.json'), `${JSON.stringify(index, null, 2)}\n`);
