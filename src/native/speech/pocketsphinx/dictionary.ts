/**
 * The pronunciation dictionary cut down to the words of the language model. PocketSphinx
 * searches only words both files have, but parses and keeps every entry of the dictionary in
 * every decoder: cmudict-en-us has 134,723 entries, of which 79,420 are words of en-us.lm.bin
 * (with their alternative pronunciations). The cut dictionary gives the same search, so the
 * same captions (bench:engine --compare: 0 of 78 finals differ), for about a quarter less time
 * to create a decoder and 12 MB less per decoder.
 *
 * Not for decoders that take boost words: a boosted word the model lacks keeps its dictionary
 * pronunciation only if the full dictionary is there.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dictionaryHeadword } from './dictionary-words';
import { REDUCED_FORMS, withReducedForms } from './reduced-forms';

export { dictionaryHeadword };

/** The lines of `text` whose word `has` knows, in their order, each ending in a newline. */
export function keepModelWords(text: string, has: (word: string) => boolean): string {
  const kept: string[] = [];
  const known = new Map<string, boolean>();
  for (const line of text.split('\n')) {
    const word = dictionaryHeadword(line);
    if (word === undefined) continue;
    let keep = known.get(word);
    if (keep === undefined) {
      keep = has(word);
      known.set(word, keep);
    }
    if (keep) kept.push(line.trimEnd());
  }
  return kept.map((l) => `${l}\n`).join('');
}

/**
 * The cut dictionary for `dictPath` and `lmPath`, with the weak forms of common words
 * (`forms`, reduced-forms.ts), made once and kept in `dir` under a name that
 * changes whenever either file does. If it cannot be written, the full dictionary: it only costs
 * more. `has` 'all' keeps every word, for decoders that take boost words: they need the full
 * dictionary, and get the same weak forms.
 */
export function modelWordsDictionary(
  dictPath: string,
  lmPath: string,
  has: ((word: string) => boolean) | 'all',
  dir = join(tmpdir(), 'hearken-pocketsphinx'),
  forms: typeof REDUCED_FORMS = REDUCED_FORMS,
): string {
  try {
    const key = createHash('sha256');
    for (const path of [dictPath, lmPath]) {
      const stat = statSync(path);
      key.update(`${path}\0${stat.size}\0${stat.mtimeMs}\0`);
    }
    key.update(`${has === 'all' ? 'all' : 'cut'}\0${JSON.stringify(forms)}`);
    const target = join(dir, `dict-${key.digest('hex').slice(0, 16)}.dict`);
    if (existsSync(target)) return target;
    const full = readFileSync(dictPath, 'utf8');
    const kept = has === 'all' ? full : keepModelWords(full, has);
    // A model that shares no word with the dictionary is a mistake the full one reports better.
    if (kept === '') return dictPath;
    const text = withReducedForms(kept, forms);
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: two workers starting at once never read a half-written file.
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, text);
    renameSync(partial, target);
    return target;
  } catch {
    return dictPath;
  }
}
