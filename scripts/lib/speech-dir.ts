/**
 * Where the recorded speech with references lives (the workplace's shared/speech folder): beside
 * the repository as ../shared/speech, or where HEARKEN_SPEECH_DIR says.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export function speechDir(): string {
  const candidates = [
    process.env.HEARKEN_SPEECH_DIR,
    join(ROOT, '../shared/speech'),
    '/work/shared/speech',
  ].filter((c): c is string => typeof c === 'string' && c.length > 0);
  const found = candidates.find((c) => existsSync(join(c, 'dev', 'transcripts.tsv')));
  if (!found) {
    throw new Error(`recorded speech not found (looked in ${candidates.join(', ')}); set HEARKEN_SPEECH_DIR`);
  }
  return found;
}

export interface SpeechItem {
  file: string;
  reference: string;
}

/**
 * The recordings of a speech folder: `transcripts.tsv` holds one per line, the WAV file's name,
 * a tab, and what was said. `limit` keeps the first N.
 */
export function readTranscripts(dir: string, limit?: number): SpeechItem[] {
  const path = join(dir, 'transcripts.tsv');
  if (!existsSync(path)) {
    throw new Error(
      `${path} not found: a speech folder holds WAV files and transcripts.tsv (file, tab, reference)`,
    );
  }
  const items = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [file, reference] = line.split('\t');
      return { file: file!, reference: reference ?? '' };
    });
  return limit === undefined ? items : items.slice(0, limit);
}
