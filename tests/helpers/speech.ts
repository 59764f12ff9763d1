/**
 * Real recorded speech for tests, and the accuracy the PocketSphinx engine measured on it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWav } from '../../src/shared/wav';

export const SPEECH_DIR =
  process.env.HEARKEN_SPEECH_DIR ?? join(import.meta.dirname, '../../../shared/speech');
export const DEV_DIR = join(SPEECH_DIR, 'dev');

/**
 * Corpus WER that `npm run bench:asr -- --dir ../shared/speech/dev` printed for the PocketSphinx
 * engine (see README, "Measured"). A caption test passes when its file is recognised at least
 * this well: a regression in the engine or the pipeline makes it fail.
 */
export const POCKETSPHINX_MEASURED_DEV_WER = 0.56;

export function devReference(file: string): string {
  const line = readFileSync(join(DEV_DIR, 'transcripts.tsv'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${file}\t`));
  if (!line) throw new Error(`${file} is not in ${DEV_DIR}/transcripts.tsv`);
  return line.split('\t')[1]!;
}

export function devSamples(file: string): Int16Array {
  return parseWav(readFileSync(join(DEV_DIR, file))).samples;
}
