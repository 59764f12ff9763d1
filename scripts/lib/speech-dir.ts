/**
 * Where the recorded speech with references lives (the workplace's shared/speech folder): beside
 * the repository as ../shared/speech, or where HEARKEN_SPEECH_DIR says.
 */
import { existsSync } from 'node:fs';
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
