/**
 * No spec constant stays declared and unused (issue 28): every constant exported by the files
 * that hold the spec's numbers is read somewhere else in src/, or by its own file. One removed
 * for good is listed in docs/constants.md with why.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SPEC_CONSTANT_FILES = ['src/shared/constants.ts', 'src/shared/tts.ts'];

/**
 * Constants other work in progress (issue 28) puts to use: each leaves this list when it does.
 * Not a way to keep a dead constant: docs/constants.md says whose each is.
 */
const USED_BY_WORK_IN_PROGRESS = new Set(['TTS_SPEECH_SYNTHESIS_RATE', 'TTS_DISPLAYED_ITEMS_DEFAULT']);

const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => join('src', f));
const texts = new Map(sources.map((f) => [f, readFileSync(f, 'utf8')]));

function uses(name: string, file: string): number {
  const word = new RegExp(`\\b${name}\\b`, 'g');
  let count = 0;
  for (const [f, text] of texts) {
    const found = text.match(word)?.length ?? 0;
    // In its own file, the declaration is one mention: only the others are uses.
    count += f === file ? Math.max(0, found - 1) : found;
  }
  return count;
}

describe('spec constants', () => {
  it.each(SPEC_CONSTANT_FILES)('every constant %s exports is used', (file) => {
    const names = [...texts.get(file)!.matchAll(/^export const ([A-Z][A-Z0-9_]+)/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(5);
    const unused = names.filter((n) => !USED_BY_WORK_IN_PROGRESS.has(n) && uses(n, file) === 0);
    expect(unused).toEqual([]);
  });
});
