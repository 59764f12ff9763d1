/**
 * Real recorded speech for tests, and the accuracy the PocketSphinx engine measured on it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWav } from '../../src/shared/wav';
import { readTranscripts, speechDir } from '../../scripts/lib/speech-dir';

export const SPEECH_DIR = speechDir();
export const DEV_DIR = join(SPEECH_DIR, 'dev');

/**
 * Corpus WER that `npm run bench:asr -- --dir ../shared/speech/dev` printed for the PocketSphinx
 * engine (docs/measurements.md). A caption test passes when its file is recognised at least this
 * well: a regression in the engine or the pipeline makes it fail.
 */
export const POCKETSPHINX_MEASURED_DEV_WER = 0.58;

/**
 * The utterance the caption tests speak: LibriSpeech test-clean, 28 words, which the benchmark
 * recognised at 21% WER, so the tests have room for the small differences between runs (browser
 * resampling, chunk timing) and still catch a real regression.
 */
export const CAPTION_TEST_FILE = '1089-134686-0000.wav';

export function devReference(file: string): string {
  const item = readTranscripts(DEV_DIR).find((i) => i.file === file);
  if (!item) throw new Error(`${file} is not in ${DEV_DIR}/transcripts.tsv`);
  return item.reference;
}

export function devSamples(file: string): Int16Array {
  return parseWav(readFileSync(join(DEV_DIR, file))).samples;
}
