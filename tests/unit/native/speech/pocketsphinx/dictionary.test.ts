import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dictionaryHeadword,
  keepModelWords,
  modelWordsDictionary,
} from '../../../../../src/native/speech/pocketsphinx/dictionary';

const DICT = [
  'the DH AH',
  'the(2) DH IY',
  'zyzzyva Z IH Z AH V AH',
  "o'clock AH K L AA K",
  'read R EH D',
  'read(2) R IY D',
  '',
].join('\n');
const MODEL = new Set(['the', 'read', "o'clock"]);

describe('dictionary cut to the language model', () => {
  const dirs: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'dict-test-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the word of an entry, alternative pronunciations included', () => {
    expect(dictionaryHeadword('the(2) DH IY')).toBe('the');
    expect(dictionaryHeadword('  read R EH D')).toBe('read');
    expect(dictionaryHeadword('   ')).toBeUndefined();
  });

  it("keeps every pronunciation of the model's words, in order, and asks once per word", () => {
    const asked: string[] = [];
    const kept = keepModelWords(DICT, (w) => (asked.push(w), MODEL.has(w)));
    expect(kept).toBe(
      ['the DH AH', 'the(2) DH IY', "o'clock AH K L AA K", 'read R EH D', 'read(2) R IY D', ''].join('\n'),
    );
    expect(asked).toEqual(['the', 'zyzzyva', "o'clock", 'read']);
  });

  it('writes the cut dictionary once and makes a new one when the dictionary changes', () => {
    const dir = scratch();
    const dict = join(dir, 'words.dict');
    const lm = join(dir, 'model.lm');
    writeFileSync(dict, DICT);
    writeFileSync(lm, 'model');
    const cache = join(dir, 'cache');
    let calls = 0;
    const has = (w: string) => (calls++, MODEL.has(w));
    const first = modelWordsDictionary(dict, lm, has, cache);
    expect(first).not.toBe(dict);
    expect(readFileSync(first, 'utf8')).not.toContain('zyzzyva');

    const asked = calls;
    expect(modelWordsDictionary(dict, lm, has, cache)).toBe(first);
    expect(calls).toBe(asked);

    writeFileSync(dict, `${DICT}hearken HH ER K AH N\n`);
    utimesSync(dict, new Date(), new Date(Date.now() + 5000));
    const second = modelWordsDictionary(dict, lm, has, cache);
    expect(second).not.toBe(first);
    expect(readdirSync(cache).sort()).toEqual([first, second].map((p) => p.slice(cache.length + 1)).sort());
  });

  it('adds the weak forms of common words to the cut dictionary', () => {
    const dir = scratch();
    const dict = join(dir, 'words.dict');
    const lm = join(dir, 'model.lm');
    writeFileSync(dict, `${DICT}and AH N D\nand(2) AE N D\n`);
    writeFileSync(lm, 'model');
    const cut = modelWordsDictionary(dict, lm, (w) => MODEL.has(w) || w === 'and', join(dir, 'cache'));
    expect(readFileSync(cut, 'utf8')).toBe(
      [
        'the DH AH',
        'the(2) DH IY',
        "o'clock AH K L AA K",
        'read R EH D',
        'read(2) R IY D',
        'and AH N D',
        'and(2) AE N D',
        'and(3) AH N',
        '',
      ].join('\n'),
    );
    // Without them (to measure the engine without), a file of its own.
    const plain = modelWordsDictionary(dict, lm, (w) => MODEL.has(w) || w === 'and', join(dir, 'cache'), []);
    expect(plain).not.toBe(cut);
    expect(readFileSync(plain, 'utf8')).not.toContain('and(3)');
    // Decoders that take boost words keep every word, with the same forms, in a file of its own.
    const full = modelWordsDictionary(dict, lm, 'all', join(dir, 'cache'));
    expect([cut, plain]).not.toContain(full);
    expect(readFileSync(full, 'utf8')).toBe(`${DICT}and AH N D\nand(2) AE N D\nand(3) AH N\n`);
  });

  it('falls back to the full dictionary when nothing is in the model or the cache cannot be written', () => {
    const dir = scratch();
    const dict = join(dir, 'words.dict');
    const lm = join(dir, 'model.lm');
    writeFileSync(dict, DICT);
    writeFileSync(lm, 'model');
    expect(modelWordsDictionary(dict, lm, () => false, join(dir, 'cache'))).toBe(dict);
    // A file where the cache folder should be: it cannot be created.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, '');
    chmodSync(blocked, 0o400);
    expect(modelWordsDictionary(dict, lm, (w) => MODEL.has(w), join(blocked, 'cache'))).toBe(dict);
    expect(modelWordsDictionary(join(dir, 'missing.dict'), lm, () => true, join(dir, 'cache'))).toBe(
      join(dir, 'missing.dict'),
    );
    expect(existsSync(join(dir, 'cache'))).toBe(false);
  });
});
