import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTranscripts } from '../../../../scripts/lib/speech-dir';

const dirs: string[] = [];
function folder(tsv?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearken-speech-'));
  dirs.push(dir);
  if (tsv !== undefined) writeFileSync(join(dir, 'transcripts.tsv'), tsv);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('readTranscripts', () => {
  it('reads file, tab, reference per line, skipping blank lines, and keeps the first N', () => {
    const dir = folder('a.wav\tHELLO THERE\n\nb.wav\tGOOD BYE\nc.wav\n');
    expect(readTranscripts(dir)).toEqual([
      { file: 'a.wav', reference: 'HELLO THERE' },
      { file: 'b.wav', reference: 'GOOD BYE' },
      { file: 'c.wav', reference: '' },
    ]);
    expect(readTranscripts(dir, 1)).toEqual([{ file: 'a.wav', reference: 'HELLO THERE' }]);
  });

  it('says what a speech folder must hold when transcripts.tsv is missing', () => {
    expect(() => readTranscripts(folder())).toThrow(
      /transcripts\.tsv not found: a speech folder holds WAV files/,
    );
  });
});
