/**
 * Which Apertium pairs are installed: one `<from>-<to>.mode` file per direction in the modes
 * folder (Debian: /usr/share/apertium/modes), each a shell pipeline. Variants (`eng-cat_valencia`,
 * `spa-eng_US`) and other modes (`eco-fr-es`) are not offered: the plain direction is the pair's
 * main one. Three-letter codes (ISO 639-3) become the two-letter ones BCP 47 uses, so a pair
 * `eng-spa` serves speech in `en-US` for readers of `es`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguagePair } from '../../shared/translation';

/** Where Debian's apertium packages put their modes. */
export const DEFAULT_APERTIUM_MODES_DIR = '/usr/share/apertium/modes';

/**
 * ISO 639-3 codes Apertium pairs use, with their ISO 639-1 form (BCP 47 prefers the shorter
 * one). A code not listed is kept: it is a valid tag of its own.
 */
const TWO_LETTER: Readonly<Record<string, string>> = {
  afr: 'af',
  arg: 'an',
  ast: 'ast',
  bel: 'be',
  bre: 'br',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  cym: 'cy',
  dan: 'da',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  epo: 'eo',
  est: 'et',
  eus: 'eu',
  fao: 'fo',
  fin: 'fi',
  fra: 'fr',
  gle: 'ga',
  glg: 'gl',
  hbs: 'sh',
  hin: 'hi',
  isl: 'is',
  ita: 'it',
  kaz: 'kk',
  lat: 'la',
  lav: 'lv',
  lit: 'lt',
  mkd: 'mk',
  mlt: 'mt',
  nld: 'nl',
  nno: 'nn',
  nob: 'nb',
  oci: 'oc',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rus: 'ru',
  slk: 'sk',
  slv: 'sl',
  spa: 'es',
  sqi: 'sq',
  srd: 'sc',
  swe: 'sv',
  tat: 'tt',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
};

export function toTwoLetter(code: string): string {
  const lower = code.toLowerCase();
  return TWO_LETTER[lower] ?? lower;
}

/** An installed direction: the pair and the mode file that runs it. */
export interface ApertiumMode extends LanguagePair {
  /** The mode's name, as `apertium <name>` takes it (`eng-spa`). */
  name: string;
  file: string;
}

/** The pair a mode file name stands for, or undefined for variants and other modes. */
export function parseModeFileName(fileName: string): (LanguagePair & { name: string }) | undefined {
  const match = /^([a-z]{2,3})-([a-z]{2,3})\.mode$/.exec(fileName);
  if (!match) return undefined;
  const from = toTwoLetter(match[1]!);
  const to = toTwoLetter(match[2]!);
  if (from === to) return undefined;
  return { from, to, name: `${match[1]}-${match[2]}` };
}

/**
 * The directions installed in `modesDir`, one per (from, to), sorted by name so the choice
 * between two modes for the same direction (`fr-es` and `fra-spa`) is stable. A missing folder
 * is no pair at all (apertium is not installed), not an error.
 */
export function discoverApertiumModes(
  modesDir: string,
  list: (dir: string) => string[] = (dir) => readdirSync(dir),
): ApertiumMode[] {
  let files: string[];
  try {
    files = list(modesDir).sort();
  } catch {
    return [];
  }
  const found = new Map<string, ApertiumMode>();
  for (const file of files) {
    const pair = parseModeFileName(file);
    if (!pair) continue;
    const key = `${pair.from}>${pair.to}`;
    if (!found.has(key)) found.set(key, { ...pair, file: join(modesDir, file) });
  }
  return [...found.values()];
}

/** A mode file's pipeline (a shell command line using `$1` and `$2` for the generator's and tagger's options). */
export function readModePipeline(file: string): string {
  return readFileSync(file, 'utf8').trim();
}
